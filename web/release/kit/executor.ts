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

/** What the executor kit is, in plain words, for someone who may never have heard of Afterword. */
function about(info: KitInfo): Node {
  const name = info.ownerFirstName;
  const together =
    info.k === 1
      ? `This kit can confirm ${name}'s death on its own.`
      : `This kit and ${info.k - 1} of ${name}'s trustees can confirm ${name}'s death together.`;
  return h(
    'p',
    {},
    `${name} left a plan, messages and documents on Afterword for the people they love, locked so that no one can read them early, not even Afterword. When ${name} has died, ${info.k} ${info.k === 1 ? 'kit opens' : 'kits together open'} them: ${name}'s trustees each hold a kit, and this one, kept with ${name}'s will, counts as one more. ${together} It opens nothing on its own: what ${name} left goes to ${name}'s trustees.`,
  );
}

const title = (info: KitInfo) => `The executor kit of ${info.ownerFirstName}'s will`;
const fingerprintLine = (fp: string) => h('p', {}, "The kit's fingerprint: ", h('strong', { class: 'fingerprint' }, fp));

/** A view with the executor kit's words under its heading (for the confirmation steps shared with trustees' kits). */
function withAbout(view: View, info: KitInfo): View {
  const [heading, ...rest] = view.nodes;
  return { ...view, nodes: [heading!, h('p', { class: 'muted' }, `This is the executor kit of ${info.ownerFirstName}'s will.`), about(info), ...rest] };
}

/** `handover` (the link's kit verified here, not yet put away): "Keep this kit" sends the commitment only. */
function putAwayView(flow: Flow): View {
  const { info } = flow;
  const keep = h('button', { type: 'button' }, 'Keep this kit');
  const done = h('div', {});
  const thanks = `Thank you. The kit is put away, and ${info.ownerFirstName} will see it. Keep the printed kit with the will.`;
  keep.addEventListener('click', () =>
    void busyWhile(keep, 'Putting the kit away…', async () => {
      await flow.api.handover(info.commitment);
      keep.remove();
      done.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  return {
    title: title(info),
    nodes: [h('h1', {}, title(info)), h('p', { class: 'ok' }, `This page checked the kit: it is the one ${info.ownerFirstName} made.`), about(info), fingerprintLine(info.fingerprint), h('p', {}, keep), done],
  };
}

/** `check` / `kit-good`: the holder compares the fingerprint printed on the kit (or the link's kit verified itself); a click records the check. */
function checkView(flow: Flow, verified: boolean): View {
  const { info } = flow;
  const answer = h('div', {});
  const matches = h('button', { type: 'button' }, verified ? 'Mark the kit as checked' : 'It matches the kit');
  const differs = h('button', { type: 'button', class: 'secondary' }, "It doesn't match");
  const buttons = h('p', { class: 'buttons' }, matches, ...(verified ? [] : [' ', differs]));
  matches.addEventListener('click', () =>
    void busyWhile(matches, 'Saving your check…', async () => {
      await flow.api.check();
      buttons.remove();
      const thanks = 'Thank you. The kit is still good: keep it with the will.';
      answer.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  differs.addEventListener('click', () => {
    const text = `This may be an older kit that was replaced. Please tell ${info.ownerFirstName}, and keep the kit you have until a new one comes.`;
    answer.replaceChildren(h('p', { class: 'card' }, text));
    say(text);
  });
  return {
    title: title(info),
    nodes: [
      h('h1', {}, title(info)),
      verified
        ? h('p', { class: 'ok' }, `This link holds the kit, and it is still good: it is the one ${info.ownerFirstName} made.`)
        : h('p', { class: 'question' }, 'Does the fingerprint on the kit read ', h('strong', { class: 'fingerprint' }, info.fingerprint), '?'),
      ...(verified ? [fingerprintLine(info.fingerprint)] : [h('p', { class: 'muted' }, 'It is printed on the kit, next to “Fingerprint”. The code is not needed to check it.')]),
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
      h('p', {}, "To put the kit away, scan the QR code printed on it with your phone's camera."),
    ],
  };
}

/** `released`: the executor kit opens nothing; its page says the part is done and who holds access. */
function releasedView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const heading = `${name}'s trustees hold access now`;
  const who = info.trusteesWithAccess;
  return {
    title: heading,
    nodes: [
      h('h1', {}, heading),
      h('p', {}, `We are sorry for your loss. Enough kits confirmed ${name}'s death, and what ${name} left has gone to ${name}'s trustees: Afterword e-mailed each of them. The executor kit opens nothing of its own, so your part is done.`),
      ...(who.length
        ? [h('h2', {}, `${name}'s trustees`), h('ul', {}, who.map((email) => h('li', {}, email))), h('p', { class: 'muted' }, `For anything ${name} left, please contact them.`)]
        : []),
    ],
  };
}

/** `retired` / `not-in-use`: a replaced executor kit, or a new one whose kits are not in use yet. */
function notNowView(flow: Flow, retired: boolean): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const heading = retired ? 'This executor kit was replaced' : 'This executor kit is not in use yet';
  const text = retired
    ? `${name} made a newer executor kit, and this one no longer works. It can be destroyed; keep the newest one with the will.`
    : `${name} made this executor kit to replace an older one. It starts to work once enough of ${name}'s new kits are in use; until then the older kit still counts. Keep both with the will for now.`;
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
