/**
 * "Share now" (docs/sharing.md; issue 43): a copy of one item sealed under a per-share key S that
 * travels only in the link's fragment, format `s1`:
 *
 *   s1.<nonce>.<ct‖tag>    AES-256-GCM over pad(UTF-8 of JSON value)
 *   additional data: lengthPrefixed(["s1", shareId, itemKind, itemId, part, revision])   part: "copy" | "label"
 *
 * The binding means a copy made for another share, another item, or another revision, or the
 * label in place of the copy, fails to open (TamperedError) instead of showing something else.
 * The owner's devices keep S wrapped under their `docs` scope key (wrap.ts, purpose `share`, id
 * JSON `[shareId, itemKind, itemId]`), so the server never holds anything that opens a share, and
 * cannot make a device seal one item under another item's share (security review F1).
 */
import { buf, fromB64url, fromUtf8, lengthPrefixed, toB64url, webRandom, type RandomSource } from './bytes';
import { MalformedError, TamperedError, UnknownVersionError } from './errors';
import { padText, unpad } from './padding';
import { importAesKey, newRawKey, unwrapKey, wrapKey } from './wrap';

export const SHARE_COPY_VERSION = 's1';
const NONCE_BYTES = 12;
/** A share id: 128 random bits, base64url (22 characters). */
export const SHARE_ID_RE = /^[A-Za-z0-9_-]{22}$/;
/** A sealed copy or label as the server stores it (its shape only; no key needed to check it). */
export const SHARE_SEALED_RE = /^s1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{107,}$/;

export type SharePart = 'copy' | 'label';

/** What a share is bound to: its id and the one item it shows (kind and id), in the wrap and in every sealed part. */
export interface ShareBinding {
  shareId: string;
  itemKind: string;
  itemId: string;
}

/** A new share's id and key: 16 random bytes for the id, 32 for the key. */
export function makeShare(random: RandomSource = webRandom): { shareId: string; key: Uint8Array } {
  return { shareId: toB64url(random(16)), key: newRawKey(random) };
}

/** The share key as the link's fragment (base64url, 43 characters). */
export const shareFragment = (key: Uint8Array): string => toB64url(key);

/** The share key from a link's fragment (with or without its `#`), or null when it is not one. */
export function shareKeyFromFragment(fragment: string): Uint8Array | null {
  const key = fromB64url(fragment.replace(/^#/, ''));
  return key && key.length === 32 ? key : null;
}

const aad = (b: ShareBinding, part: SharePart, revision: number) => buf(lengthPrefixed([SHARE_COPY_VERSION, b.shareId, b.itemKind, b.itemId, part, String(revision)]));

/** Seals `value` (any JSON) under share key `key` for the share and item `b`, its `part` at `revision`; returns `s1.…`. */
export async function sealShared(key: Uint8Array, b: ShareBinding, part: SharePart, revision: number, value: unknown, random: RandomSource = webRandom): Promise<string> {
  const nonce = random(NONCE_BYTES);
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: aad(b, part, revision) }, await importAesKey(key), buf(padText(JSON.stringify(value))));
  return `${SHARE_COPY_VERSION}.${toB64url(nonce)}.${toB64url(new Uint8Array(ct))}`;
}

/**
 * Opens a `s1.…` made by sealShared for the same share and item, part and revision; returns its
 * value. Throws UnknownVersionError (s2…), MalformedError (not a sealed copy), TamperedError
 * (another key, share, item, part or revision, or a changed byte). Never returns what it could
 * not authenticate.
 */
export async function openShared(key: Uint8Array, b: ShareBinding, part: SharePart, revision: number, sealed: string): Promise<unknown> {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts[0] !== SHARE_COPY_VERSION) throw /^s[0-9]+$/.test(parts[0] ?? '') ? new UnknownVersionError(`Shared copy version ${parts[0]} is unknown`) : new MalformedError('Not a shared copy');
  const nonce = parts.length === 3 ? fromB64url(parts[1]!) : null;
  const ct = parts.length === 3 ? fromB64url(parts[2]!) : null;
  if (!nonce || nonce.length !== NONCE_BYTES || !ct || ct.length < 16 + 64) throw new MalformedError('Not a shared copy');
  let padded: Uint8Array;
  try {
    padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: aad(b, part, revision) }, await importAesKey(key), buf(ct)));
  } catch {
    throw new TamperedError('This shared copy does not open with this link: it was changed, or it belongs to another share');
  }
  return JSON.parse(fromUtf8(unpad(padded)));
}

/** The wrap's id: the share and its item, so a wrap opens only for the item it was made for. */
const wrapId = (b: ShareBinding) => JSON.stringify([b.shareId, b.itemKind, b.itemId]);

/** The owner's wrap of share key `key` for share and item `b` under a `docs` scope key (`scopeKey`) of account `userId`. */
export const wrapShareKey = (scopeKey: CryptoKey, key: Uint8Array, userId: string, b: ShareBinding, random: RandomSource = webRandom): Promise<string> =>
  wrapKey(scopeKey, key, { userId, purpose: 'share', id: wrapId(b) }, random);

/** Unwraps the owner's wrap of a share key for share and item `b`; throws wrap.ts's errors (UnwrapError for a key the owner did not wrap for that item). */
export const unwrapShareKey = (scopeKey: CryptoKey, wrapped: string, userId: string, b: ShareBinding): Promise<Uint8Array> => unwrapKey(scopeKey, wrapped, { userId, purpose: 'share', id: wrapId(b) });
