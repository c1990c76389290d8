/**
 * The kit page while the release awaits the trustees (issue "Release", contract §4): "Confirm only if
 * you know <first name> has died". The kit comes from the saved link, the one kept on this device
 * (device-kit.ts) or the typed code; one click, after ticking that the person knows, sends the
 * share and nothing else (never the kit secret t).
 * At k confirmations the server releases, and the page moves on to open what was left.
 */
import { toB64url } from '../../../shared/crypto/bytes';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { h, say, type View } from '../dom';
import { codeForm } from './code-form';
import { busyWhile, type Flow } from './flow';
import { confirmedText } from './steps';

/** `confirm`: the warning, the state of the confirmations, the kit and the one deliberate click. */
export function confirmView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const title = `Confirm only if you know ${name} has died`;
  const tick = h('input', { type: 'checkbox', id: 'knows', name: 'knows' });
  const tickError = h('p', { id: 'knows-error', class: 'error field-error' });
  const knows = h('div', {}, h('p', { class: 'tick' }, tick, ' ', h('label', { for: 'knows' }, `I know that ${name} has died.`)), tickError);
  /** True when the box is ticked; else says why by the box, which gets the focus. */
  const ticked = (): boolean => {
    tickError.textContent = tick.checked ? '' : `Please tick the box only if you know that ${name} has died.`;
    if (tick.checked) tick.removeAttribute('aria-describedby');
    else {
      say('');
      tick.setAttribute('aria-describedby', 'knows-error');
      tick.focus();
    }
    return tick.checked;
  };
  const button = `Confirm that ${name} has died`;
  const send = async (kit: Kit, at: HTMLButtonElement) =>
    busyWhile(at, 'Sending your confirmation…', async () => {
      const answer = await flow.api.confirm(toB64url(kit.share));
      flow.keep(kit); // a typed code too: the release e-mail's link then opens without it (device-kit.ts)
      if (answer.released) {
        say(`Thank you. Enough of ${name}'s trustees have confirmed.`);
        await flow.refresh(kit);
      } else {
        flow.show(confirmedView(flow, answer.confirmations, answer.needed));
        say(`Thank you for confirming. ${confirmedText(answer.confirmations, answer.needed)}`);
      }
    }, say);
  let act: Node;
  if (flow.kit) {
    const kit = flow.kit;
    const confirm = h('button', { type: 'button' }, button);
    confirm.addEventListener('click', () => {
      if (ticked()) void send(kit, confirm);
    });
    act = h('div', { class: 'card' }, h('p', {}, `${flow.kitFrom === 'device' ? 'This device keeps your kit' : 'This link holds your kit'}: you don’t need to type its code.`), knows, h('p', {}, confirm));
  } else {
    act = codeForm({ info, button, extra: [knows], ready: ticked, onKit: send });
  }
  return {
    title,
    nodes: [
      h('h1', {}, title),
      h(
        'p',
        {},
        `The waiting period on ${name}'s Afterword account has ended without word from them. ` +
          (info.k === 1
            ? `${name} asked that one of their trustees confirm before what they left is opened.`
            : `${name} asked that ${info.k} of their trustees confirm, each with their own kit, before what they left is opened.`),
      ),
      h('p', { class: 'muted' }, confirmedText(info.confirmations, info.k)),
      h('p', { class: 'warning' }, `If you are not sure, please don't confirm: ask ${name}'s family first. If ${name} is alive, they can still stop this by signing in to Afterword.`),
      act,
    ],
  };
}

/** `confirmed`: this trustee (or the executor kit, which opens nothing of its own) has confirmed; `confirmations` of `k` so far. */
export function confirmedView(flow: Flow, confirmations = flow.info.confirmations, k = flow.info.k): View {
  const name = flow.info.ownerFirstName;
  return {
    title: 'Thank you for confirming',
    nodes: [
      h('h1', {}, 'Thank you for confirming'),
      h('p', {}, confirmedText(confirmations, k)),
      h(
        'p',
        {},
        flow.info.executor
          ? `When ${k} have, what ${name} left goes to ${name}'s trustees. The executor kit opens nothing of its own: your part is done.`
          : `When ${k} have, what ${name} left for you opens: we will e-mail you, and this page opens it with your kit.`,
      ),
    ],
  };
}
