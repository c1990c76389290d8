/**
 * "A trustee hands it over" on the trustee's side (README.md "How each message reaches its
 * recipient"; server: sync-server/kits/message-keys.ts): after the release, the kit page fetches
 * `GET /api/kit/:token/handovers` and, in the browser, opens each message's key with the kit's own
 * secret t (handoverKey(Q, G, t) with the Q and gate of `GET /api/kit/:token/access`), making the
 * link the trustee sends from their own e-mail: `<origin>/r/d/<token>#<kid>.<key>`. The key never
 * goes back to the server.
 *
 * Whom to send it to is the owner's word, not the server's (issue 39, attack 4): the owner's device
 * seals a copy of each letter's address under the letter's own key (`sealedRecipientEmail`,
 * shared/sync/record.ts addOwnerCopies), which the server never holds for a letter a trustee hands
 * over. The copy is opened here with the key just unwrapped; the plain address the server gives is
 * used only when it is the same, else refused (`differs`) and the sealed one given. A letter last
 * addressed before copies existed has none (`unsealed`): the page says it cannot check that address.
 *
 * Since hand-over version 2 the wrap itself is bound to the address (trustee-kit.ts
 * handoverWrapContextV2): the page opens it only with the address the owner's device wrapped it for
 * (`to`, else the record's), so the key opening proves the address, even when the server leaves out
 * the sealed copy and the record's version. A wrap that opens under neither version gives no link
 * (UnwrapError: another kit, or another address than the owner's). Only a version 1 wrap, made before
 * (the owner's device makes version 2 at its next sync), falls back to the sealed copy or `unsealed`.
 *
 * A version 1 wrap is refused (DowngradeError, security review F10) where version 2 is known to have
 * been made: when the server's own answer names the address the wrap is bound to (`to` comes only
 * with a version 2 wrap), or when this page opened the letter from a version 2 wrap before
 * (handover-pins.ts). Else a server that kept the older wrap could serve it with another address and
 * no copy. What remains: a page that never saw the version 2 wrap (SECURITY.md "Addresses the owner sealed").
 */
import { fromB64url, toB64url } from '../crypto/bytes';
import { open } from '../crypto/envelope';
import { CryptoError, DowngradeError, MalformedError, UnwrapError } from '../crypto/errors';
import { boundAddress, handoverKey, handoverWrapContext, handoverWrapContextV2 } from '../crypto/trustee-kit';
import { importAesKey, unwrapKey } from '../crypto/wrap';
import { sameAddress } from '../crypto/fields';
import { checkFreshness, VERSION_FIELD } from '../crypto/freshness';
import { openFields } from '../crypto/sealed-record';
import { thisPagePins, type HandoverPins } from './handover-pins';

/** The letter's field that holds its owner's sealed copy of the address (shared/crypto/fields.ts OWNER_COPIES). */
const ADDRESS_COPY = 'sealedRecipientEmail';

/** One hand-delivered message as `GET /api/kit/:token/handovers` lists it. */
export interface HandoverJson {
  messageId: string;
  /** The message key's id, `msg:<messageId>~<version>`. */
  kid: string;
  generation: number;
  /** The message key under handoverKey(Q, G, t, { account, trusteeId, messageId, generation }): with handoverWrapContextV2 (bound to `to`), or from before with handoverWrapContext. */
  wrap: string;
  /** The address the owner's device bound the wrap to (version 2; server-echoed, proven only by the wrap opening); absent for a wrap from before. */
  to?: string | null;
  /** True when this trustee is the backup of another. */
  backup: boolean;
  /** The address as the server holds it (plain, server-writable): checked against `sealedAddress`. */
  recipientEmail: string;
  /** The owner's sealed copy of the address (an envelope under the message key, and its HLC); null or absent for a letter addressed before copies. */
  sealedAddress?: { envelope: string; hlc: string } | null;
  /**
   * The letter's freshness fields as stored (shared/crypto/freshness.ts freshnessState: its
   * `_version`, sealed under the letter's key) and their HLCs; null or absent for a letter written
   * before versions. The sealed address is held to it: an older copy, or none where the version
   * names one, is refused.
   */
  version?: { values: Record<string, unknown>; clocks: Record<string, string> } | null;
  deliveryDate: string | null;
  /** The delivery link's path without its key (`/r/d/<token>`). */
  path: string;
}

/** How a hand-over's address was checked: the owner's sealed copy (the server's the same), the server's refused for the sealed one, or unchecked (a letter addressed before copies). */
export type AddressCheck = 'sealed' | 'differs' | 'unsealed';

/** A message ready to hand over: whom to send it to, and the whole link. */
export interface HandoverLink {
  messageId: string;
  /** Whom to send it to: the owner's sealed address, or for an `unsealed` letter the server's. */
  recipientEmail: string;
  address: AddressCheck;
  deliveryDate: string | null;
  backup: boolean;
  /** `<origin><path>#<kid>.<key>`: the only place the key is ever written. */
  link: string;
}

/** The owner's sealed copy of a letter's address did not open: the letter's address cannot be checked (never a reason to use the server's). */
export class SealedAddressError extends CryptoError {}

/** A delivery link's path as the server mints it: the page's own origin only, never another host. */
const DELIVERY_PATH = /^\/r\/d\/[A-Za-z0-9_-]{20,128}$/;

/**
 * The address of `m` to send it to, checked against the owner's sealed copy opened with the message
 * key `mk` (issue 39) and held to the letter's version; `bound` is the address a version 2 wrap proved
 * (openBound), null for a wrap from before. The copy, held to the version, is the owner's last word
 * and wins over the bound address (a wrap not yet bound again after the address changed, or an old
 * one served again); the bound address stands only where no copy is due (the version names none). Throws SealedAddressError when the copy does not open (changed, moved from another
 * letter or field, an old one served with its old HLC that no longer matches): the caller names the
 * letter as not checkable, never its server-written address as one to use.
 */
async function checkedAddress(account: string, m: HandoverJson, mk: Uint8Array, bound: string | null): Promise<{ recipientEmail: string; address: AddressCheck }> {
  const key = await importAesKey(mk);
  await checkAddressVersion(account, m, key);
  const named = (to: string) => ({ recipientEmail: to, address: sameAddress(to, m.recipientEmail) ? ('sealed' as const) : ('differs' as const) });
  if (!m.sealedAddress) return bound ? named(bound) : { recipientEmail: m.recipientEmail, address: 'unsealed' };
  const place = { userId: account, collection: 'messages' as const, recordId: m.messageId, field: ADDRESS_COPY };
  let sealed: unknown;
  try {
    sealed = await open((kid) => (kid === m.kid ? key : undefined), place, m.sealedAddress.hlc, m.sealedAddress.envelope);
  } catch (err) {
    if (err instanceof CryptoError) throw new SealedAddressError(`The sealed address does not open (${err.name}: ${err.message})`);
    throw err;
  }
  if (typeof sealed !== 'string' || !sealed.includes('@')) throw new SealedAddressError('The sealed address is not an address');
  return named(sealed);
}

/**
 * Holds `m`'s sealed address to the letter's version (issue 39, Freshness; opened with the letter's
 * key `key`): throws SealedAddressError when the version does not open (this page holds the key it
 * is sealed under: a version that does not open is the server's doing), or refuses the address the
 * server gave (a copy older than the version names, or none where it names one: an address the owner
 * replaced, brought back). A letter without a version (written before versions) is not held.
 */
async function checkAddressVersion(account: string, m: HandoverJson, key: CryptoKey): Promise<void> {
  if (!m.version) return;
  const opened = await openFields((kid) => (kid === m.kid ? key : undefined), account, 'messages', m.messageId, m.version);
  if (opened.errors[VERSION_FIELD]) throw new SealedAddressError(`The letter's version does not open (${opened.errors[VERSION_FIELD].name})`);
  const clocks = { ...m.version.clocks, ...(m.sealedAddress ? { sealedRecipientEmail: m.sealedAddress.hlc } : {}) };
  const refused = checkFreshness('messages', { values: opened.values, clocks, errors: opened.errors })[ADDRESS_COPY];
  if (refused) throw new SealedAddressError(`The sealed address is not its owner's last (${refused.message})`);
}

/**
 * Opens `m`'s wrap as version 2 (handoverWrapContextV2) with each address it may be bound to: the
 * one the owner's device named (`to`), then the record's. Returns the key and the address it proved,
 * or null when neither opens it (a wrap from before, or another address: the caller tries version 1,
 * which opens only a wrap made before). Throws what unwrapKey throws for a malformed wrap.
 */
async function openBound(account: string, trusteeId: string, m: HandoverJson, wrapping: CryptoKey): Promise<{ key: Uint8Array; address: string } | null> {
  const tried = new Set<string>();
  for (const address of [m.to, m.recipientEmail]) {
    if (typeof address !== 'string' || !address.includes('@') || tried.has(boundAddress(address))) continue;
    tried.add(boundAddress(address));
    try {
      return { key: await unwrapKey(wrapping, m.wrap, handoverWrapContextV2(account, trusteeId, m.kid, m.generation, address)), address: boundAddress(address) }; // the address as bound, never the server's spelling of it
    } catch (err) {
      if (!(err instanceof UnwrapError)) throw err;
    }
  }
  return null;
}

/**
 * Throws DowngradeError when `m`'s wrap, which did not open as version 2, must not be opened as
 * version 1 (review F10): the server's answer names the address it is bound to (`to` is sent only
 * with a version 2 wrap), or `pins` says this page opened the letter from a version 2 wrap before.
 */
function refuseDowngrade(account: string, trusteeId: string, m: HandoverJson, pins: HandoverPins): void {
  if (typeof m.to === 'string' && m.to !== '') throw new DowngradeError('The server names the address this hand-over is bound to, but its wrap is not bound (version 1): refused');
  if (pins.bound(account, trusteeId, m.messageId)) throw new DowngradeError('This page opened this letter from a wrap bound to its address before: an unbound one (version 1) is refused');
}

/**
 * Opens each of `messages` with this trustee's kit secret `t` (16 bytes) and the released `q` and
 * `gate` (base64url, as the access route gives them), and checks its address (openBound, else for a
 * wrap from before checkedAddress). Throws UnwrapError when a wrap does not open with this kit
 * (another trustee's or generation's kit, changed bytes) or with the address given (another than the
 * owner bound it to), DowngradeError for a version 1 wrap where version 2 is known to have been made
 * (refuseDowngrade; `pins`: this page's by default), SealedAddressError when the sealed address does
 * not open, MalformedError for a link path that is not a delivery page's, TypeError for wrong lengths.
 */
export async function openHandovers(input: { account: string; trusteeId: string; q: string; gate: string; t: Uint8Array; origin: string; messages: readonly HandoverJson[]; pins?: HandoverPins }): Promise<HandoverLink[]> {
  const pins = input.pins ?? thisPagePins();
  const q = fromB64url(input.q);
  const gate = fromB64url(input.gate);
  if (!q || !gate) throw new TypeError('Q and the gate are base64url');
  const out: HandoverLink[] = [];
  for (const m of input.messages) {
    const ctx = { account: input.account, trusteeId: input.trusteeId, messageId: m.messageId, generation: m.generation };
    if (!DELIVERY_PATH.test(m.path)) throw new MalformedError('Not a delivery page’s path');
    const wrapping = await handoverKey(q, gate, input.t, ctx);
    const bound = await openBound(input.account, input.trusteeId, m, wrapping);
    if (bound) pins.remember(input.account, input.trusteeId, m.messageId);
    else refuseDowngrade(input.account, input.trusteeId, m, pins);
    const key = bound?.key ?? (await unwrapKey(wrapping, m.wrap, handoverWrapContext(input.account, input.trusteeId, m.kid, m.generation)));
    const checked = await checkedAddress(input.account, m, key, bound?.address ?? null);
    out.push({ messageId: m.messageId, ...checked, deliveryDate: m.deliveryDate, backup: m.backup, link: `${input.origin.replace(/\/+$/, '')}${m.path}#${m.kid}.${toB64url(key)}` });
  }
  return out;
}
