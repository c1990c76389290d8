/**
 * "A trustee hands it over" on the kit page after the release (README "How each message reaches its
 * recipient"; SECURITY.md "Messages with trustee kits"): the letters this trustee is to pass on, each
 * opened in this browser with the kit's own secret (shared/release/handover-links.ts openHandovers)
 * into the link the trustee sends from their own e-mail. The key is written only into that link,
 * never sent back to the server. Each letter goes to the address its owner sealed with it (issue
 * 39): a different address from the server is refused in words, never offered (handover-links.ts).
 */
import { CryptoError } from '../../../shared/crypto/errors';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { openHandovers, SealedAddressError, type HandoverLink } from '../../../shared/release/handover-links';
import { dateText, h, say } from '../dom';
import type { KitAccess, KitApi, KitInfo } from './api';
import { kt } from './words';

/** The letters a kit hands over: those that opened, how many did not (counted, never dropped; no address named, since the server's may be the lie), and how many whose sealed address did not open. */
export interface Handovers {
  links: HandoverLink[];
  notOpened: number;
  /** Letters whose owner's sealed address did not open (changed on the server): no link is given, and no address named. */
  unchecked: number;
}

/**
 * The links (on `origin`, the page's own) of the letters kit `kit` hands over, each opened on its
 * own with the released `access` (one that does not open with this kit, or with the address given,
 * is counted in `notOpened`; the others still open). Throws KitApiError when the server refuses.
 */
export async function handoverLinks(api: KitApi, info: Pick<KitInfo, 'account'>, access: KitAccess, kit: Pick<Kit, 't'>, origin: string): Promise<Handovers> {
  const out: Handovers = { links: [], notOpened: 0, unchecked: 0 };
  for (const m of await api.handovers()) {
    try {
      out.links.push(...(await openHandovers({ account: info.account, trusteeId: access.trusteeId, q: access.q, gate: access.gate, t: kit.t, origin, messages: [m] })));
    } catch (err) {
      if (!(err instanceof CryptoError)) throw err;
      if (err instanceof SealedAddressError) out.unchecked += 1;
      else out.notOpened += 1;
    }
  }
  return out;
}

/**
 * `data` with each message this kit hands over (`links`) named by the address its owner sealed, not
 * the server's: the page's list of messages says the same as the letters to hand over (issue 39).
 */
export function withSealedAddresses<D extends { messages?: Array<{ id: string; recipientEmail: string }> }>(data: D, links: readonly HandoverLink[]): D {
  const sealed = new Map(links.filter((l) => l.address !== 'unsealed').map((l) => [l.messageId, l.recipientEmail]));
  if (!data.messages || sealed.size === 0) return data;
  return { ...data, messages: data.messages.map((m) => (sealed.has(m.id) ? { ...m, recipientEmail: sealed.get(m.id)! } : m)) };
}

/** Said beside a letter whose address from the server was not the one its owner sealed (issue 39). */
export const ADDRESS_REFUSED_TEXT = (owner: string) => kt('kit.handover.refused', { name: owner });

/** Said beside a letter addressed before addresses were sealed with letters: its address is the server's, unchecked. */
export const ADDRESS_UNSEALED_TEXT = (owner: string) => kt('kit.handover.unsealed', { name: owner });

/** Said when letters' sealed addresses did not open: their links are not given, and no address is named. */
export const ADDRESS_UNCHECKED_TEXT = (n: number, owner: string) => kt('kit.handover.unchecked', { n, name: owner });

/** Said when letters did not open with this kit, or not with the address the server gave (a wrap bound to the owner's address): no link, and no address named. */
export const NOT_OPENED_TEXT = (n: number, owner: string) => kt('kit.handover.notOpened', { n, name: owner });

/** The warnings the section shows under the letters (none: all opened and were checked). */
export function handoverNotices({ notOpened, unchecked }: Pick<Handovers, 'notOpened' | 'unchecked'>, ownerFirstName: string): string[] {
  return [...(notOpened ? [NOT_OPENED_TEXT(notOpened, ownerFirstName)] : []), ...(unchecked ? [ADDRESS_UNCHECKED_TEXT(unchecked, ownerFirstName)] : [])];
}

/** What the page says of letter `l`: its line (whom it is for, its date, backup) and, for an address not sealed or refused, the note beside it. */
export function handoverLineText(l: HandoverLink, ownerFirstName: string): { line: string; note: string | null } {
  const sentences = [
    kt('kit.handover.for', { email: l.recipientEmail }),
    ...(l.deliveryDate ? [kt('kit.handover.chose', { name: ownerFirstName, date: dateText(l.deliveryDate) })] : []),
    ...(l.backup ? [kt('kit.handover.backup')] : []),
  ];
  const line = sentences.join(' ');
  const note = l.address === 'differs' ? ADDRESS_REFUSED_TEXT(ownerFirstName) : l.address === 'unsealed' ? ADDRESS_UNSEALED_TEXT(ownerFirstName) : null;
  return { line, note };
}

/** The `mailto:` of letter `l`: to the address handoverLinks chose (the owner's sealed one), with the link in the body. */
export const handoverMailto = (l: HandoverLink, ownerFirstName: string) =>
  `mailto:${encodeURIComponent(l.recipientEmail)}?subject=${encodeURIComponent(kt('kit.handover.subject', { name: ownerFirstName }))}&body=${encodeURIComponent(handoverMailBody(ownerFirstName, l.link))}`;

/** The body of the e-mail a trustee sends a recipient, in plain words (the link carries the letter's key). */
export const handoverMailBody = (ownerFirstName: string, link: string) => kt('kit.handover.body', { name: ownerFirstName, link });

/** The section listing the letters of `handed` (none: nothing is shown). */
export function handoverSection({ links, notOpened, unchecked }: Handovers, ownerFirstName: string): Node | null {
  if (links.length === 0 && notOpened === 0 && unchecked === 0) return null;
  const item = (l: HandoverLink) => {
    const mail = handoverMailto(l, ownerFirstName);
    const copy = h('button', { type: 'button', class: 'small secondary' }, kt('kit.handover.copy'));
    copy.addEventListener('click', () => {
      navigator.clipboard?.writeText(l.link).then(
        () => say(kt('kit.handover.copied', { email: l.recipientEmail })),
        () => say(kt('kit.handover.copyFailed'), 'error'),
      );
    });
    const { line, note } = handoverLineText(l, ownerFirstName);
    return h(
      'li',
      {},
      h('p', {}, line),
      note ? h('p', l.address === 'differs' ? { class: 'error', role: 'alert' } : { class: 'muted' }, note) : null,
      h('p', { class: 'buttons' }, h('a', { href: mail, class: 'button small' }, kt('kit.handover.send')), copy),
      h('p', { class: 'muted' }, h('code', { class: 'link' }, l.link)),
    );
  };
  return h(
    'section',
    { 'aria-labelledby': 'handovers' },
    h('h2', { id: 'handovers' }, kt('kit.handover.title')),
    h('p', {}, kt('kit.handover.intro', { name: ownerFirstName })),
    h('ul', {}, links.map(item)),
    ...handoverNotices({ notOpened, unchecked }, ownerFirstName).map((text) => h('p', { class: 'error', role: 'alert' }, text)),
  );
}
