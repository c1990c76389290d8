/**
 * Handing a kit link over from the owner's own device (issue "Release through trustees' key
 * shares": "never by the server's mailer"): a `mailto:` the owner's mail app opens, with a
 * plain-words body (kit-words.ts); the system share sheet (Web Share API) where there is one;
 * or the clipboard. The link's fragment is the kit: it goes only where the owner sends it.
 */
import { kitMailBody, kitMailSubject, kitShareText, type KitPeople } from './kit-words';

/**
 * The `mailto:` address of the owner's e-mail to `to` with the kit link. Subject and body are
 * percent-encoded (RFC 6068), so the link's `#` and any character of a name reach the mail app whole.
 */
export function kitMailto(to: string, people: KitPeople, link: string, fingerprint: string): string {
  const enc = encodeURIComponent;
  // RFC 6068 §2: the address's reserved characters are percent-encoded too (its @ stays); line breaks in a body are CRLF.
  return `mailto:${enc(to).replace(/%40/g, '@')}?subject=${enc(kitMailSubject(people))}&body=${enc(kitMailBody(people, link, fingerprint).replace(/\n/g, '\r\n'))}`;
}

/** True when this browser has a share sheet for links (navigator.share). */
export const canShareLinks = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Opens the share sheet with the kit link. Resolves `shared`, or `cancelled` when the person
 * closed the sheet; throws other refusals (the caller offers "Copy link" instead).
 */
export async function shareKitLink(people: KitPeople, link: string): Promise<'shared' | 'cancelled'> {
  try {
    await navigator.share({ title: `Trustee kit for ${people.trusteeName}`, text: kitShareText(people), url: link });
    return 'shared';
  } catch (err) {
    if ((err as DOMException).name === 'AbortError') return 'cancelled';
    throw err;
  }
}

/** Copies the kit link to the clipboard. Throws when the browser refuses. */
export const copyKitLink = (link: string): Promise<void> => navigator.clipboard.writeText(link);
