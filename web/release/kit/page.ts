/**
 * The kit page, `/kit/<token>#<kit>` (contract §4; issue "Release through trustees' key shares",
 * "The kit page"): one of the static release pages (main.ts; same bundle, CSP, SRI). It reads the
 * kit's state from the server, verifies the link's kit (main.ts already dropped the fragment from
 * the address bar) against the commitment in the browser, and shows the step the kit is at
 * (steps.ts stepOf). Loading sends nothing: every step acts only on a person's click, since mail
 * scanners open links.
 */
import { KitCodeError } from '../../../shared/crypto/errors';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { say, showView, type View } from '../dom';
import { kitApi, type KitApi, type KitInfo } from './api';
import { confirmedView, confirmView } from './confirm';
import type { Flow } from './flow';
import { checkView, handoverView, kitGoodView, needLinkView, notInUseView, retiredView } from './keep';
import { releasedView } from './released';
import { executorView } from './executor';
import { fitOf, kitOfFragment, misfitText, stepOf } from './steps';

/** The link's kit if it fits `info`, else null and why (words for the person). */
async function linkKit(info: KitInfo, fragment: string | null): Promise<{ kit: Kit | null; error: string | null }> {
  let kit: Kit | null;
  try {
    kit = kitOfFragment(fragment);
  } catch (err) {
    if (!(err instanceof KitCodeError)) throw err;
    return { kit: null, error: `This link is not complete: part of the kit is missing. Please open it exactly as it was sent (the whole of it), or ask ${info.ownerFirstName} to send it again.` };
  }
  if (!kit) return { kit: null, error: null };
  const fit = await fitOf(info, kit);
  return fit === 'ok' ? { kit, error: null } : { kit: null, error: misfitText(fit, 'link', info.ownerFirstName) };
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
    case 'kit-good': return kitGoodView(flow);
    case 'check': return checkView(flow);
    case 'confirm': return confirmView(flow);
    case 'confirmed': return confirmedView(flow);
    case 'released': return releasedView(flow);
  }
}

/**
 * Runs the kit page for `token` in `content`: `fragment` is the link's (or null), `unavailable`
 * shows the release pages' "This link isn't available" (an unknown token).
 */
export async function kitPage(o: { token: string; fragment: string | null; content: HTMLElement; unavailable: () => void }): Promise<void> {
  const api: KitApi = kitApi(o.token, (url, init) => fetch(url, init));
  const show = (view: View, moveFocus: boolean) => {
    showView(o.content, view);
    // After a click the old step is gone: focus moves to the new one's heading (screen readers read on from there).
    const heading = o.content.querySelector('h1');
    if (moveFocus && heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
  const start = async (typed: Kit | null, moveFocus: boolean): Promise<void> => {
    const info = await api.info();
    if (!info) return o.unavailable();
    const fromLink = typed ? { kit: typed, error: null } : await linkKit(info, o.fragment);
    const flow: Flow = {
      info,
      api,
      kit: fromLink.kit,
      show: (view) => show(view, true),
      refresh: (kit) => start(kit ?? fromLink.kit, true),
    };
    show(viewOf(flow, fromLink.error), moveFocus);
    // A bad link is said where it matters (need-link shows it); elsewhere the status region says it.
    if (fromLink.error && stepOf(info, false) !== 'need-link') say(fromLink.error, 'error');
  };
  try {
    await start(null, false);
  } catch (err) {
    say((err as Error).message || 'The page could not be loaded. Please try again later.', 'error');
  }
}
