/**
 * The kit page's steps before any death (contract §4; issue "Trustee kits made and handed over by
 * the owner's device", "A kit that lasts decades"): a kit handed over ("Keep this kit", after the
 * browser verified it against the commitment), the yearly check by fingerprint (the code is never
 * asked for), and the kits that cannot act (replaced, not yet in use, a link without its kit).
 */
import { encodeKitCode, type Kit } from '../../../shared/crypto/trustee-kit';
import { h, say, type View } from '../dom';
import { busyWhile, type Flow } from './flow';
import { kt, ktWith } from './words';

/** What a kit is for and how to keep it, in plain words (for `name`, `k` of the trustees). */
function whatItIs(name: string, k: number): Node[] {
  return [
    h('p', {}, kt('kit.about', { name, k })),
    h('h2', { id: 'keep' }, kt('kit.keep.title')),
    h('ul', {}, h('li', {}, kt('kit.keep.link', { name })), h('li', {}, kt('kit.keep.printed', { name })), h('li', {}, kt('kit.keep.yearly')), h('li', {}, kt('kit.keep.need', { name }))),
  ];
}

/** The fingerprint line: "Your kit's fingerprint: XXXX-XXXX". */
const fingerprintLine = (fp: string) => h('p', {}, ktWith('kit.fingerprint', 'fingerprint', h('strong', { class: 'fingerprint' }, fp)));

/**
 * The kit's code, folded away, with a Print button (the print styles leave out the page's
 * controls); the printed copy says where to type the code (this page's address, without the kit).
 */
function printable(kit: Kit, name: string): Node {
  const details = h(
    'details',
    { class: 'card kit-print' },
    h('summary', {}, kt('kit.print.show')),
    h('p', {}, kt('kit.print.code')),
    h('p', { class: 'code' }, encodeKitCode(kit).split('-').map((g) => h('span', {}, g))),
    h('p', { class: 'print-only' }, kt('kit.print.where', { name, address: `${location.origin}${location.pathname}` })),
  );
  const print = h('button', { type: 'button', class: 'secondary' }, kt('kit.print.button'));
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
  const keep = h('button', { type: 'button' }, kt('kit.keep.button'));
  const done = h('div', {});
  keep.addEventListener('click', () =>
    void busyWhile(keep, kt('kit.keep.busy'), async () => {
      await flow.api.handover(info.commitment);
      keep.remove();
      done.replaceChildren(h('p', { class: 'card' }, kt('kit.keep.done', { name })));
      say(kt('kit.keep.done', { name }));
    }, say),
  );
  return {
    title: kt('kit.title', { name }),
    nodes: [
      h('h1', {}, kt('kit.title', { name })),
      h('p', { class: 'ok no-print' }, kt('kit.checked', { name })),
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
  const matches = h('button', { type: 'button' }, kt('kit.check.matches'));
  const differs = h('button', { type: 'button', class: 'secondary' }, kt('kit.check.differs'));
  const buttons = h('p', { class: 'buttons' }, matches, ' ', differs);
  matches.addEventListener('click', () =>
    void busyWhile(matches, kt('kit.check.busy'), async () => {
      await flow.api.check();
      buttons.remove();
      const thanks = kt('kit.check.thanks');
      answer.replaceChildren(h('p', { class: 'card' }, thanks));
      say(thanks);
    }, say),
  );
  differs.addEventListener('click', () => {
    const text = kt('kit.check.differsText', { name });
    answer.replaceChildren(h('p', { class: 'card' }, text), h('p', { class: 'muted' }, kt('kit.check.linkHint', { name })));
    say(text);
  });
  return {
    title: kt('kit.check.title'),
    nodes: [
      h('h1', {}, kt('kit.check.title')),
      h('p', {}, kt('kit.check.yearly', { name })),
      h('p', { class: 'question' }, ktWith('kit.check.question', 'fingerprint', h('strong', { class: 'fingerprint' }, info.fingerprint))),
      h('p', { class: 'muted' }, kt('kit.check.where')),
      buttons,
      answer,
    ],
  };
}

/** `kit-good`: a kept kit's saved link, opened again: verified here; a click records the check. */
export function kitGoodView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const checked = h('button', { type: 'button' }, kt('kit.good.button'));
  const answer = h('div', {});
  checked.addEventListener('click', () =>
    void busyWhile(checked, kt('kit.check.busy'), async () => {
      await flow.api.check();
      checked.remove();
      answer.replaceChildren(h('p', { class: 'card' }, kt('kit.good.thanks')));
      say(kt('kit.good.thanks'));
    }, say),
  );
  return {
    title: kt('kit.title', { name }),
    nodes: [
      h('h1', {}, kt('kit.title', { name })),
      h('p', { class: 'ok' }, kt('kit.good.still', { from: flow.kitFrom === 'device' ? 'device' : 'link', name })),
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
    title: kt('kit.title', { name }),
    nodes: [
      h('h1', {}, kt('kit.title', { name })),
      ...(linkError ? [h('p', { class: 'error' }, linkError)] : []),
      h('p', {}, kt('kit.needLink', { name })),
    ],
  };
}

/** `retired`: a newer kit replaced this one. */
export function retiredView(flow: Flow): View {
  const name = flow.info.ownerFirstName;
  return {
    title: kt('kit.retired.title'),
    nodes: [h('h1', {}, kt('kit.retired.title')), h('p', {}, kt('kit.retired.body', { name })), h('p', { class: 'muted' }, kt('kit.retired.ask', { name }))],
  };
}

/** `not-in-use`: a new generation's kit, while only the live one can act. */
export function notInUseView(flow: Flow): View {
  const name = flow.info.ownerFirstName;
  return {
    title: kt('kit.notInUse.title'),
    nodes: [h('h1', {}, kt('kit.notInUse.title')), h('p', {}, kt('kit.notInUse.body', { name }))],
  };
}
