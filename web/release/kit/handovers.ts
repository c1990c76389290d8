/**
 * "A trustee hands it over" on the kit page after the release (README "How each message reaches its
 * recipient"; SECURITY.md "Messages with trustee kits"): the letters this trustee is to pass on, each
 * opened in this browser with the kit's own secret (shared/release/handover-links.ts openHandovers)
 * into the link the trustee sends from their own e-mail. The key is written only into that link,
 * never sent back to the server.
 */
import { CryptoError } from '../../../shared/crypto/errors';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { openHandovers, type HandoverLink } from '../../../shared/release/handover-links';
import { dateText, h, say } from '../dom';
import type { KitAccess, KitApi, KitInfo } from './api';

/** The letters a kit hands over: those that opened, and the addresses of those that did not (named, never dropped). */
export interface Handovers {
  links: HandoverLink[];
  notOpened: string[];
}

/**
 * The links (on `origin`, the page's own) of the letters kit `kit` hands over, each opened on its
 * own with the released `access` (one that does not open with this kit is named in `notOpened`; the
 * others still open). Throws KitApiError when the server refuses.
 */
export async function handoverLinks(api: KitApi, info: Pick<KitInfo, 'account'>, access: KitAccess, kit: Pick<Kit, 't'>, origin: string): Promise<Handovers> {
  const out: Handovers = { links: [], notOpened: [] };
  for (const m of await api.handovers()) {
    try {
      out.links.push(...(await openHandovers({ account: info.account, trusteeId: access.trusteeId, q: access.q, gate: access.gate, t: kit.t, origin, messages: [m] })));
    } catch (err) {
      if (!(err instanceof CryptoError)) throw err;
      out.notOpened.push(m.recipientEmail);
    }
  }
  return out;
}

/** The body of the e-mail a trustee sends a recipient, in plain words (the link carries the letter's key). */
export const handoverMailBody = (ownerFirstName: string, link: string) =>
  `${ownerFirstName} asked me to pass this letter on to you when the time came. It opens in your browser, with no account:\n\n${link}\n\nThe link holds the key to the letter: please keep it to yourself.`;

/** The section listing the letters of `handed` (none: nothing is shown). */
export function handoverSection({ links, notOpened }: Handovers, ownerFirstName: string): Node | null {
  if (links.length === 0 && notOpened.length === 0) return null;
  const item = (l: HandoverLink) => {
    const mail = `mailto:${encodeURIComponent(l.recipientEmail)}?subject=${encodeURIComponent(`A letter from ${ownerFirstName}`)}&body=${encodeURIComponent(handoverMailBody(ownerFirstName, l.link))}`;
    const copy = h('button', { type: 'button', class: 'small secondary' }, 'Copy link');
    copy.addEventListener('click', () => {
      navigator.clipboard?.writeText(l.link).then(
        () => say(`The link for ${l.recipientEmail} is copied.`),
        () => say('The link could not be copied: select it and copy it by hand.', 'error'),
      );
    });
    const when = l.deliveryDate ? ` ${ownerFirstName} chose ${dateText(l.deliveryDate)} for it.` : '';
    return h(
      'li',
      {},
      h('p', {}, `For ${l.recipientEmail}.${when}${l.backup ? ' You are the backup for this letter: send it if the first trustee cannot.' : ''}`),
      h('p', { class: 'buttons' }, h('a', { href: mail, class: 'button small' }, 'Send by e-mail'), copy),
      h('p', { class: 'muted' }, h('code', { class: 'link' }, l.link)),
    );
  };
  return h(
    'section',
    { 'aria-labelledby': 'handovers' },
    h('h2', { id: 'handovers' }, 'Letters for you to hand over'),
    h('p', {}, `${ownerFirstName} asked you to pass these letters on yourself, so that Afterword cannot read them. Send each link from your own e-mail to the person it is for: the link holds the key, so only you, they and the e-mail services it passes through ever have it.`),
    h('ul', {}, links.map(item)),
    notOpened.length
      ? h('p', { class: 'error', role: 'alert' }, `${notOpened.length === 1 ? 'The letter' : 'The letters'} for ${notOpened.join(', ')} could not be opened with your kit (it may be an older kit). Please tell ${ownerFirstName}'s other trustees or family.`)
      : null,
  );
}
