/**
 * The kit page, `/kit/<token>#<kit>` (contract §4; issue "Release through trustees' key shares",
 * "The kit page"): one of the static release pages (main.ts; same bundle, CSP, SRI). It reads the
 * kit's state from the server, verifies the link's kit (main.ts already dropped the fragment from
 * the address bar) against the commitment in the browser, and shows the step the kit is at
 * (steps.ts stepOf). Loading sends nothing: every step acts only on a person's click, since mail
 * scanners open links; the one exception is a released page opened with the kit kept on this
 * device (device-kit.ts), with GET requests only, which no scanner can trigger (it holds no kept kit).
 * A handed-over kit's page also reads its emergency access (emergency.ts), a GET; asking is a click.
 */
import { KitCodeError } from '../../../shared/crypto/errors';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { h, say, showView, type View } from '../dom';
import { kitApi, type KitApi, type KitInfo } from './api';
import { confirmedView, confirmView } from './confirm';
import { busyWhile, type Flow, type KitFrom } from './flow';
import { keptKit, pageStorage, type KeptKit, type KitStorage } from './device-kit';
import { checkView, handoverView, kitGoodView, needLinkView, notInUseView, retiredView } from './keep';
import { KitDoesNotOpenError, openWithKit, releasedView } from './released';
import { executorView } from './executor';
import { emergencySection } from './emergency';
import { fitOf, kitOfFragment, misfitText, stepOf } from './steps';
import { showInLanguage } from '../words';
import { addKitWords, kt } from './words';

/** The link's kit if it fits `info`, else null and why (words for the person). */
async function linkKit(info: KitInfo, fragment: string | null): Promise<{ kit: Kit | null; error: string | null }> {
  let kit: Kit | null;
  try {
    kit = kitOfFragment(fragment);
  } catch (err) {
    if (!(err instanceof KitCodeError)) throw err;
    return { kit: null, error: kt('kit.link.incomplete', { name: info.ownerFirstName }) };
  }
  if (!kit) return { kit: null, error: null };
  const fit = await fitOf(info, kit);
  return fit === 'ok' ? { kit, error: null } : { kit: null, error: misfitText(fit, 'link', info.ownerFirstName) };
}

/** What the page says when the kit this device kept no longer fits (replaced, or changed): it is forgotten, and the page asks as on a new device. */
export const keptMisfitText = (name: string) => kt('kit.kept.misfit', { name });

/**
 * The kit the page acts with: the link's (verified), else the one this device kept (verified; one
 * that no longer fits, or a retired kit, is forgotten and said), else none.
 */
async function heldKit(info: KitInfo, fragment: string | null, kept: KeptKit): Promise<{ kit: Kit | null; error: string | null; from: KitFrom }> {
  const fromLink = await linkKit(info, fragment);
  if (fromLink.kit) return { ...fromLink, from: 'link' };
  if (info.status === 'retired' || info.executor) {
    kept.forget(); // a replaced kit opens nothing; the executor kit is never kept (it lives with the will)
    return { ...fromLink, from: null };
  }
  const kit = kept.read();
  if (!kit) return { ...fromLink, from: null };
  if ((await fitOf(info, kit)) === 'ok') return { kit, error: fromLink.error, from: 'device' };
  kept.forget();
  return { kit: null, error: keptMisfitText(info.ownerFirstName), from: null };
}

/** The view of `flow`'s step; `linkError` says why the link's kit was not used. */
function viewOf(flow: Flow, linkError: string | null): View {
  const step = stepOf(flow.info, flow.kit !== null);
  // The executor kit (kept with the will) has its own words, and opens nothing after the release.
  if (flow.info.executor) return executorView(flow, step, linkError);
  switch (step) {
    case 'retired': return retiredView(flow);
    case 'not-in-use': return notInUseView(flow);
    case 'handover': return handoverView(flow);
    case 'need-link': return needLinkView(flow, linkError);
    case 'kit-good': return withEmergency(kitGoodView(flow), flow);
    case 'check': return withEmergency(checkView(flow), flow);
    case 'confirm': return confirmView(flow);
    case 'confirmed': return confirmedView(flow);
    case 'released': return releasedView(flow);
  }
}

/** A handed-over kit's view with, at its end, "Ask for emergency access" (emergency.ts; shown only when the owner gave this trustee emergency access). */
const withEmergency = (view: View, flow: Flow): View => ({ ...view, nodes: [...view.nodes, emergencySection(flow)] });

/**
 * Runs the kit page for `token` in `content`: `fragment` is the link's (or null), `unavailable`
 * shows the release pages' "This link isn't available" (an unknown token), `storage` where kits
 * are kept on this device (device-kit.ts; the page's localStorage unless given).
 * A kit kept on this device opens a released page at once (a reload, a later visit, the e-mails'
 * link): that sends nothing a mail scanner could trigger, since no scanner holds a kept kit.
 */
export async function kitPage(o: { token: string; fragment: string | null; content: HTMLElement; unavailable: () => void; storage?: KitStorage | null }): Promise<void> {
  const api: KitApi = kitApi(o.token, (url, init) => fetch(url, init));
  const kept = keptKit(o.storage === undefined ? pageStorage() : o.storage, o.token);
  let fragment = o.fragment; // dropped when the person forgets the kit: the page then acts as on a new device
  let current: Flow | null = null;
  const show = (view: View, moveFocus: boolean) => {
    showView(o.content, current && kept.has() ? withKeptNote(view, current) : view);
    // After a click the old step is gone: focus moves to the new one's heading (screen readers read on from there).
    const heading = o.content.querySelector('h1');
    if (moveFocus && heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
  const start = async (typed: Kit | null, moveFocus: boolean): Promise<void> => {
    const info = await api.info();
    if (!info) {
      kept.forget(); // the link no longer answers (the trustee removed, the account deleted): nothing is kept for it
      return o.unavailable();
    }
    await showInLanguage(info.lang); // the trustee's language (issue 44), before the step says anything
    let held = typed ? { kit: typed, error: null as string | null, from: 'code' as KitFrom } : await heldKit(info, fragment, kept);
    let opened: View | null = null;
    if (held.kit && held.from === 'device' && stepOf(info, true) === 'released') {
      const answer = await openKept(api, info, held.kit, kept);
      if ('view' in answer) opened = answer.view;
      else held = answer.forgotten ? { kit: null, error: answer.error, from: null } : { ...held, error: answer.error };
    }
    const flow: Flow = (current = {
      info,
      api,
      kit: held.kit,
      kitFrom: held.from,
      show: (view) => show(view, true),
      refresh: (kit) => start(kit ?? held.kit, true),
      keep: (kit) => void (info.executor || info.status === 'retired' || kept.keep(kit)),
      forget: async () => {
        kept.forget();
        fragment = null;
        await start(null, true);
        say(kt('kit.kept.forgotten'));
      },
    });
    if (held.kit) flow.keep(held.kit); // verified against the commitment: kept from its first opening on
    if (opened) return show(opened, moveFocus);
    show(viewOf(flow, held.error), moveFocus);
    // A bad link is said where it matters (need-link shows it); elsewhere the status region says it.
    if (held.error && stepOf(info, false) !== 'need-link') say(held.error, 'error');
  };
  addKitWords(); // its other languages are fetched with the page's language, and on no other page
  try {
    await start(null, false);
  } catch (err) {
    say((err as Error).message || kt('kit.error.load'), 'error');
  }
}

/**
 * The released page opened with `kit`, the one kept on this device; else why not: the server could
 * not be reached or refused (the kit stays kept), or the kit does not open what was left (it is
 * forgotten here, and the page asks for the code as on a new device).
 */
async function openKept(api: KitApi, info: KitInfo, kit: Kit, kept: KeptKit): Promise<{ view: View } | { error: string; forgotten: boolean }> {
  try {
    return { view: await openWithKit(api, info, kit) };
  } catch (err) {
    if (!(err instanceof KitDoesNotOpenError)) return { error: (err as Error).message || kt('kit.error.load'), forgotten: false };
    kept.forget();
    return { error: kt('kit.kept.doesNotOpen', { reason: err.message }), forgotten: true };
  }
}

/**
 * `view` with, at its end, where the kit is kept and how to forget it (issue 38: one plain
 * sentence, and a clear action for a shared computer).
 */
function withKeptNote(view: View, flow: Flow): View {
  const forget = h('button', { type: 'button', class: 'secondary' }, kt('kit.kept.forget'));
  forget.addEventListener('click', () => void busyWhile(forget, kt('kit.kept.forgetting'), () => flow.forget(), say));
  const note = h(
    'section',
    { class: 'card no-print', 'aria-labelledby': 'kept-kit' },
    h('h2', { id: 'kept-kit' }, kt('kit.kept.title')),
    h('p', {}, kt('kit.kept.body')),
    h('p', {}, forget),
  );
  return { ...view, nodes: [...view.nodes, note] };
}
