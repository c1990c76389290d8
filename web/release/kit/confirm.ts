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
import { kt } from './words';

/** `confirm`: the warning, the state of the confirmations, the kit and the one deliberate click. */
export function confirmView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const title = kt('kit.confirm.title', { name });
  const tick = h('input', { type: 'checkbox', id: 'knows', name: 'knows' });
  const tickError = h('p', { id: 'knows-error', class: 'error field-error' });
  const knows = h('div', {}, h('p', { class: 'tick' }, tick, ' ', h('label', { for: 'knows' }, kt('kit.confirm.knows', { name }))), tickError);
  /** True when the box is ticked; else says why by the box, which gets the focus. */
  const ticked = (): boolean => {
    tickError.textContent = tick.checked ? '' : kt('kit.confirm.tick', { name });
    if (tick.checked) tick.removeAttribute('aria-describedby');
    else {
      say('');
      tick.setAttribute('aria-describedby', 'knows-error');
      tick.focus();
    }
    return tick.checked;
  };
  const button = kt('kit.confirm.button', { name });
  const send = async (kit: Kit, at: HTMLButtonElement) =>
    busyWhile(at, kt('kit.confirm.busy'), async () => {
      const answer = await flow.api.confirm(toB64url(kit.share));
      flow.keep(kit); // a typed code too: the release e-mail's link then opens without it (device-kit.ts)
      if (answer.released) {
        say(kt('kit.confirm.released', { name }));
        await flow.refresh(kit);
      } else {
        flow.show(confirmedView(flow, answer.confirmations, answer.needed));
        say(kt('kit.confirm.thanks', { confirmations: answer.confirmations, k: answer.needed }));
      }
    }, say);
  let act: Node;
  if (flow.kit) {
    const kit = flow.kit;
    const confirm = h('button', { type: 'button' }, button);
    confirm.addEventListener('click', () => {
      if (ticked()) void send(kit, confirm);
    });
    act = h('div', { class: 'card' }, h('p', {}, kt('kit.confirm.holds', { from: flow.kitFrom === 'device' ? 'device' : 'link' })), knows, h('p', {}, confirm));
  } else {
    act = codeForm({ info, button, extra: [knows], ready: ticked, onKit: send });
  }
  return {
    title,
    nodes: [
      h('h1', {}, title),
      h('p', {}, kt('kit.confirm.ended', { name, k: info.k })),
      h('p', { class: 'muted' }, confirmedText(info.confirmations, info.k)),
      h('p', { class: 'warning' }, kt('kit.confirm.warning', { name })),
      act,
    ],
  };
}

/** `confirmed`: this trustee (or the executor kit, which opens nothing of its own) has confirmed; `confirmations` of `k` so far. */
export function confirmedView(flow: Flow, confirmations = flow.info.confirmations, k = flow.info.k): View {
  const name = flow.info.ownerFirstName;
  return {
    title: kt('kit.confirmed.title'),
    nodes: [h('h1', {}, kt('kit.confirmed.title')), h('p', {}, confirmedText(confirmations, k)), h('p', {}, kt(flow.info.executor ? 'kit.confirmed.executor' : 'kit.confirmed.trustee', { name, k }))],
  };
}
