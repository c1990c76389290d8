/**
 * The kit page for the executor kit (issue "Release through trustees' key shares", "Fewer than k
 * kits": printed, kept with the will, counting as one share; contract §4). Its holder is the
 * executor of the owner's will, not a trustee: the page says what the kit is, lets it be put away
 * ("Keep this kit", the commitment only) and its fingerprint be checked when the holder visits (no
 * yearly e-mail), confirms a death like a trustee's kit (confirm.ts, the share only), and after the
 * release says that it opens nothing of its own and who holds access: the trustees. It never asks
 * the server for access (the server refuses it anyway: sync-server/kits/confirm.ts).
 */
import { h, say, type View } from '../dom';
import { confirmedView, confirmView } from './confirm';
import { busyWhile, type Flow } from './flow';
import type { KitInfo } from './api';
import type { Step } from './steps';
import { kt, ktWith } from './words';

/** What the executor kit is, in plain words, for someone who may never have heard of Afterword. */
function about(info: KitInfo): Node {
  return h('p', {}, kt('kit.executor.about', { name: info.ownerFirstName, k: info.k, others: info.k - 1 }));
}

const title = (info: KitInfo) => kt('kit.executor.title', { name: info.ownerFirstName });
const fingerprintLine = (fp: string) => h('p', {}, ktWith('kit.executor.fingerprint', 'fingerprint', h('strong', { class: 'fingerprint' }, fp)));

/** A view with the executor kit's words under its heading (for the confirmation steps shared with trustees' kits). */
function withAbout(view: View, info: KitInfo): View {
  const [heading, ...rest] = view.nodes;
  return { ...view, nodes: [heading!, h('p', { class: 'muted' }, kt('kit.executor.thisIs', { name: info.ownerFirstName })), about(info), ...rest] };
}

/** `handover` (the link's kit verified here, not yet put away): "Keep this kit" sends the commitment only. */
function putAwayView(flow: Flow): View {
  const { info } = flow;
  const keep = h('button', { type: 'button' }, kt('kit.keep.button'));
  const done = h('div', {});
  const thanks = kt('kit.executor.thanks', { name: info.ownerFirstName });
  keep.addEventListener('click', () =>
    void busyWhile(keep, kt('kit.executor.busy'), async () => {
      await flow.api.handover(info.commitment);
      keep.remove();
      done.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  return {
    title: title(info),
    nodes: [h('h1', {}, title(info)), h('p', { class: 'ok' }, kt('kit.executor.checked', { name: info.ownerFirstName })), about(info), fingerprintLine(info.fingerprint), h('p', {}, keep), done],
  };
}

/** `check` / `kit-good`: the holder compares the fingerprint printed on the kit (or the link's kit verified itself); a click records the check. */
function checkView(flow: Flow, verified: boolean): View {
  const { info } = flow;
  const answer = h('div', {});
  const matches = h('button', { type: 'button' }, kt(verified ? 'kit.executor.mark' : 'kit.executor.matches'));
  const differs = h('button', { type: 'button', class: 'secondary' }, kt('kit.check.differs'));
  const buttons = h('p', { class: 'buttons' }, matches, ...(verified ? [] : [' ', differs]));
  matches.addEventListener('click', () =>
    void busyWhile(matches, kt('kit.check.busy'), async () => {
      await flow.api.check();
      buttons.remove();
      const thanks = kt('kit.executor.checkThanks');
      answer.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  differs.addEventListener('click', () => {
    const text = kt('kit.executor.differsText', { name: info.ownerFirstName });
    answer.replaceChildren(h('p', { class: 'card' }, text));
    say(text);
  });
  return {
    title: title(info),
    nodes: [
      h('h1', {}, title(info)),
      verified
        ? h('p', { class: 'ok' }, kt('kit.executor.still', { name: info.ownerFirstName }))
        : h('p', { class: 'question' }, ktWith('kit.executor.question', 'fingerprint', h('strong', { class: 'fingerprint' }, info.fingerprint))),
      ...(verified ? [fingerprintLine(info.fingerprint)] : [h('p', { class: 'muted' }, kt('kit.executor.where'))]),
      buttons,
      answer,
      about(info),
    ],
  };
}

/** `need-link`: not put away, and opened without the kit: scan the QR code or open the whole link. */
function needLinkView(flow: Flow, linkError: string | null): View {
  const { info } = flow;
  return {
    title: title(info),
    nodes: [
      h('h1', {}, title(info)),
      ...(linkError ? [h('p', { class: 'error' }, linkError)] : []),
      about(info),
      h('p', {}, kt('kit.executor.needLink')),
    ],
  };
}

/** `released`: the executor kit opens nothing; its page says the part is done and who holds access. */
function releasedView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const heading = kt('kit.executor.releasedTitle', { name });
  const who = info.trusteesWithAccess;
  return {
    title: heading,
    nodes: [
      h('h1', {}, heading),
      h('p', {}, kt('kit.executor.sorry', { name })),
      ...(who.length
        ? [h('h2', {}, kt('kit.executor.trustees', { name })), h('ul', {}, who.map((email) => h('li', {}, email))), h('p', { class: 'muted' }, kt('kit.executor.contact', { name }))]
        : []),
    ],
  };
}

/** `retired` / `not-in-use`: a replaced executor kit, or a new one whose kits are not in use yet. */
function notNowView(flow: Flow, retired: boolean): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const heading = kt(retired ? 'kit.executor.replacedTitle' : 'kit.executor.notInUseTitle');
  const text = kt(retired ? 'kit.executor.replaced' : 'kit.executor.notInUse', { name });
  return { title: heading, nodes: [h('h1', {}, heading), h('p', {}, text)] };
}

/** The view of `step` for the executor kit. `linkError` says why the link's kit was not used. */
export function executorView(flow: Flow, step: Step, linkError: string | null): View {
  switch (step) {
    case 'retired': return notNowView(flow, true);
    case 'not-in-use': return notNowView(flow, false);
    case 'handover': return putAwayView(flow);
    case 'need-link': return needLinkView(flow, linkError);
    case 'kit-good': return checkView(flow, true);
    case 'check': return checkView(flow, false);
    case 'confirm': return withAbout(confirmView(flow), flow.info);
    case 'confirmed': return withAbout(confirmedView(flow), flow.info);
    case 'released': return releasedView(flow);
  }
}
