/**
 * The kit page's steps before any death (contract §4; issue "Trustee kits made and handed over by
 * the owner's device", "A kit that lasts decades"): a kit handed over ("Keep this kit", after the
 * browser verified it against the commitment), the yearly check by fingerprint (the code is never
 * asked for), and the kits that cannot act (replaced, not yet in use, a link without its kit).
 */
import { encodeKitCode, type Kit } from '../../../shared/crypto/trustee-kit';
import { h, say, type View } from '../dom';
import { busyWhile, type Flow } from './flow';

/** What a kit is for and how to keep it, in plain words (for `name`, `k` of the trustees). */
function whatItIs(name: string, k: number): Node[] {
  return [
    h(
      'p',
      {},
      `${name} asked you to be one of their trustees, and made this kit for you. It is your part of a key to what ${name} is leaving for the people they love. ` +
        (k === 1
          ? `When ${name} has died, you confirm it with this kit, and what ${name} shared with you opens.`
          : `When ${name} has died, ${k} of ${name}'s trustees confirm it, each with their own kit, and only then does it open. Nobody can open it early: not Afterword, and not one trustee alone.`),
    ),
    h('h2', { id: 'keep' }, 'How to keep your kit'),
    h(
      'ul',
      {},
      h('li', {}, `Keep the e-mail or message with the link ${name} sent you: the link is your kit. Don't forward it to anyone.`),
      h('li', {}, `Keep the printed kit, if ${name} gave you one, with your important papers. You can also print this one.`),
      h('li', {}, `Once a year we will e-mail you to check your kit. You will only compare its fingerprint: Afterword never asks for your kit's code to check it.`),
      h('li', {}, `You will need the kit itself only if ${name} has died, to confirm it.`),
    ),
  ];
}

/** The fingerprint line: "Your kit's fingerprint: XXXX-XXXX". */
const fingerprintLine = (fp: string) => h('p', {}, "Your kit's fingerprint: ", h('strong', { class: 'fingerprint' }, fp));

/**
 * The kit's code, folded away, with a Print button (the print styles leave out the page's
 * controls); the printed copy says where to type the code (this page's address, without the kit).
 */
function printable(kit: Kit, name: string): Node {
  const details = h(
    'details',
    { class: 'card kit-print' },
    h('summary', {}, 'Show the code to print or write down'),
    h('p', {}, "Your kit's code:"),
    h('p', { class: 'code' }, encodeKitCode(kit).split('-').map((g) => h('span', {}, g))),
    h('p', { class: 'print-only' }, `If ${name} has died, open ${location.origin}${location.pathname} and type this code, or open the link ${name} sent you.`),
  );
  const print = h('button', { type: 'button', class: 'secondary' }, 'Print this kit');
  print.addEventListener('click', () => {
    details.open = true;
    window.print();
  });
  return h('div', {}, details, h('p', {}, print));
}

/** `handover`: the link's kit verified here; "Keep this kit" hands it over (the commitment only). */
export function handoverView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const kit = flow.kit!;
  const keep = h('button', { type: 'button' }, 'Keep this kit');
  const done = h('div', {});
  keep.addEventListener('click', () =>
    void busyWhile(keep, 'Keeping your kit…', async () => {
      await flow.api.handover(info.commitment);
      keep.remove();
      done.replaceChildren(h('p', { class: 'card' }, `Thank you. Your kit is kept, and ${name} will see that you have it.`));
      say(`Thank you. Your kit is kept, and ${name} will see that you have it.`);
    }, say),
  );
  return {
    title: `Your trustee kit from ${name}`,
    nodes: [
      h('h1', {}, `Your trustee kit from ${name}`),
      h('p', { class: 'ok no-print' }, `This page checked your kit: it is the one ${name} made for you.`),
      ...whatItIs(name, info.k),
      fingerprintLine(info.fingerprint),
      h('p', {}, keep),
      done,
      printable(kit, name),
    ],
  };
}

/** `check`: the yearly check, by the fingerprint printed on the kit (never the code). */
export function checkView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const answer = h('div', {});
  const matches = h('button', { type: 'button' }, 'It matches my kit');
  const differs = h('button', { type: 'button', class: 'secondary' }, "It doesn't match");
  const buttons = h('p', { class: 'buttons' }, matches, ' ', differs);
  matches.addEventListener('click', () =>
    void busyWhile(matches, 'Saving your check…', async () => {
      await flow.api.check();
      buttons.remove();
      const thanks = 'Thank you. Your kit is still good: keep it where it is. We will ask again in a year.';
      answer.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  differs.addEventListener('click', () => {
    const text = `Please tell ${name}, and ask them to make you a new kit: the one you have may be an older one that was replaced. Until the new one comes, keep the kit you have.`;
    answer.replaceChildren(h('p', { class: 'card' }, text), h('p', { class: 'muted' }, `If you kept the link ${name} sent you rather than a printed kit, open that link: it checks itself.`));
    say(text);
  });
  return {
    title: 'Check your trustee kit',
    nodes: [
      h('h1', {}, 'Check your trustee kit'),
      h('p', {}, `Once a year we ask ${name}'s trustees to check that they still have their kit.`),
      h('p', { class: 'question' }, 'Does the fingerprint on your kit read ', h('strong', { class: 'fingerprint' }, info.fingerprint), '?'),
      h('p', { class: 'muted' }, "It is printed on your kit, next to “Fingerprint”. You don't need your kit's code for this: Afterword never asks for it to check a kit."),
      buttons,
      answer,
    ],
  };
}

/** `kit-good`: a kept kit's saved link, opened again: verified here; a click records the check. */
export function kitGoodView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const checked = h('button', { type: 'button' }, 'Mark my kit as checked');
  const answer = h('div', {});
  checked.addEventListener('click', () =>
    void busyWhile(checked, 'Saving your check…', async () => {
      await flow.api.check();
      checked.remove();
      answer.replaceChildren(h('p', { class: 'card' }, 'Thank you. We will ask again in a year.'));
      say('Thank you. We will ask again in a year.');
    }, say),
  );
  return {
    title: `Your trustee kit from ${name}`,
    nodes: [
      h('h1', {}, `Your trustee kit from ${name}`),
      h('p', { class: 'ok' }, `${flow.kitFrom === 'device' ? 'This device keeps your kit' : 'This link holds your kit'}, and it is still good: it is the one ${name} made for you.`),
      fingerprintLine(info.fingerprint),
      h('p', {}, checked),
      answer,
      ...whatItIs(name, info.k),
      printable(flow.kit!, name),
    ],
  };
}

/** `need-link`: a kit not handed over, opened without its kit: open the whole link or scan the QR. */
export function needLinkView(flow: Flow, linkError: string | null): View {
  const name = flow.info.ownerFirstName;
  return {
    title: `Your trustee kit from ${name}`,
    nodes: [
      h('h1', {}, `Your trustee kit from ${name}`),
      ...(linkError ? [h('p', { class: 'error' }, linkError)] : []),
      h('p', {}, `To keep your kit, open the link ${name} sent you exactly as it was sent (the whole of it), or scan the QR code on the printed kit with your phone's camera.`),
    ],
  };
}

/** `retired`: a newer kit replaced this one. */
export function retiredView(flow: Flow): View {
  const name = flow.info.ownerFirstName;
  return {
    title: 'This kit was replaced',
    nodes: [
      h('h1', {}, 'This kit was replaced'),
      h('p', {}, `${name} made a newer kit for you, and this one no longer works. Please use the newest kit ${name} sent you, and keep only that one.`),
      h('p', { class: 'muted' }, `If you don't have it, please ask ${name} for it.`),
    ],
  };
}

/** `not-in-use`: a new generation's kit, while only the live one can act. */
export function notInUseView(flow: Flow): View {
  const name = flow.info.ownerFirstName;
  return {
    title: 'This kit is not in use yet',
    nodes: [
      h('h1', {}, 'This kit is not in use yet'),
      h('p', {}, `${name} made this kit to replace an older one. It starts to work once enough of ${name}'s new kits have been handed over. Until then, please use the kit ${name} gave you before.`),
    ],
  };
}
