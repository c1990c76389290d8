/**
 * Envelope v1: one sealed field value as one compact string (README.md "Envelope v1").
 *
 *   v1.<kid>.<nonce>.<ct>
 *
 * `kid` names the scope key and its version (keys.ts, e.g. `plan~2`); `nonce` is 12 random bytes
 * and `ct` is `hint (8 bytes) ‖ AES-256-GCM(pad(JSON value)) ‖ tag (16 bytes)`, both base64url
 * without padding. The additional data is length-prefixed `v1‖kid‖userId‖collection‖recordId‖
 * field‖hlc` (bytes.ts lengthPrefixed), so a value moved to another user, collection, record or
 * field, or replayed under another HLC, fails authentication. `hint` is FNV-1a-32 of the place
 * then of the HLC: public facts the server knows anyway, unauthenticated, checked before
 * decrypting only to say WHICH binding failed (a forged hint still never opens anything).
 */
import { b64urlByteLength, b64urlLength, buf, concat, fromB64url, fromUtf8, isB64url, lengthPrefixed, toB64url, utf8, webRandom, type RandomSource } from './bytes';
import {
  MalformedError,
  StaleKeyError,
  TamperedError,
  TooLargeError,
  TruncatedError,
  UnknownKeyError,
  UnknownVersionError,
  WrongHlcError,
  WrongPlaceError,
} from './errors';
import { KID_PATTERN, parseKid } from './kid';
import { bucketSize, isBucketSize, MIN_BUCKET, padText, unpad } from './padding';

/** The envelope format this code writes (and the only one it opens). */
export const ENVELOPE_VERSION = 'v1';
/** Bytes of an envelope's nonce (AES-GCM's 96-bit IV). */
export const NONCE_BYTES = 12;
const HINT_BYTES = 8;
const TAG_BYTES = 16;
const NONCE_CHARS = b64urlLength(NONCE_BYTES);

/** Where a value lives: what the envelope is bound to besides its HLC. */
export interface Place {
  userId: string;
  collection: string;
  recordId: string;
  /** The stored field name: `title`, a list item `resources/<itemId>`; a conflict copy uses its original field. */
  field: string;
}

/** A scope key ready to seal with: its id and the imported AES-GCM key. */
export interface SealingKey {
  kid: string;
  key: CryptoKey;
}

/** Finds the key of a `kid` (undefined when this keyring does not hold it). */
export type KeyLookup = (kid: string) => CryptoKey | undefined;

/** The parts of an envelope string (no crypto checked yet). */
export interface ParsedEnvelope {
  v: string;
  kid: string;
  nonce: Uint8Array;
  /** hint ‖ ciphertext ‖ tag. */
  ct: Uint8Array;
}

/** FNV-1a 32-bit of `bytes`, big-endian, written at `out[at…at+4]`: a checksum for diagnosis, not a security check. */
function fnv1aInto(bytes: Uint8Array, out: Uint8Array, at: number): void {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
  out[at] = h >>> 24;
  out[at + 1] = (h >>> 16) & 255;
  out[at + 2] = (h >>> 8) & 255;
  out[at + 3] = h & 255;
}

/** The additional data of an envelope (README.md "Envelope v1"). */
export function envelopeAad(kid: string, place: Place, hlc: string): Uint8Array {
  return lengthPrefixed([ENVELOPE_VERSION, kid, place.userId, place.collection, place.recordId, place.field, hlc]);
}

/** The 4-byte big-endian length at `bytes[at]`. */
const lengthAt = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/**
 * The hint of an envelope (8 bytes: FNV-1a of the place's length-prefixed parts, then of the
 * HLC's UTF-8 bytes), read out of its additional data `aad` (envelopeAad), which holds both:
 * the place is its parts 3–6 as they stand, the HLC its last part. So a seal or an open encodes
 * the place once, not once for the additional data and again for the hint.
 */
function hintOfAad(aad: Uint8Array): Uint8Array {
  let at = 0;
  for (let part = 0; part < 2; part++) at += 4 + lengthAt(aad, at); // v1, kid
  const placeStart = at;
  for (let part = 0; part < 4; part++) at += 4 + lengthAt(aad, at); // userId, collection, recordId, field
  const hint = new Uint8Array(HINT_BYTES);
  fnv1aInto(aad.subarray(placeStart, at), hint, 0);
  fnv1aInto(aad.subarray(at + 4, at + 4 + lengthAt(aad, at)), hint, 4);
  return hint;
}

/** An envelope's version and kid checked, its nonce and `ct` still base64url text. Throws as parseEnvelope. */
function envelopeParts(text: string): [v: string, kid: string, nonce: string, ct: string] {
  if (typeof text !== 'string') throw new MalformedError('A sealed value must be an envelope string');
  const parts = text.split('.');
  const v = parts[0]!;
  if (!/^v[0-9]+$/.test(v)) throw new MalformedError('Not an envelope');
  if (v !== ENVELOPE_VERSION) throw new UnknownVersionError(`Envelope version ${v} is not known to this app version`);
  if (parts.length !== 4) throw new MalformedError('An envelope has four parts: v1.<kid>.<nonce>.<ct>');
  if (!parseKid(parts[1]!)) throw new MalformedError('The envelope names no valid key id');
  return parts as [string, string, string, string];
}

const NONCE_ERROR = 'The envelope nonce is not 12 bytes of base64url';
const CT_ERROR = 'The envelope ciphertext is not base64url';

/** Throws TruncatedError unless `ctBytes` is the length of some envelope's `ct` (hint, a bucket, tag). */
function checkCtLength(ctBytes: number): void {
  if (ctBytes < HINT_BYTES + MIN_BUCKET + TAG_BYTES || !isBucketSize(ctBytes - HINT_BYTES - TAG_BYTES)) {
    throw new TruncatedError('The sealed value was cut short or lengthened');
  }
}

/**
 * Splits an envelope string into its parts. Throws UnknownVersionError for another version,
 * MalformedError for anything that is not `v1.<kid>.<nonce>.<ct>` with a valid kid and base64url,
 * TruncatedError when `ct` is shorter than any envelope or its padded part is not a bucket size.
 */
export function parseEnvelope(text: string): ParsedEnvelope {
  const [v, kid, nonceText, ctText] = envelopeParts(text);
  const nonce = nonceText.length === NONCE_CHARS ? fromB64url(nonceText) : null;
  if (!nonce) throw new MalformedError(NONCE_ERROR);
  const ct = fromB64url(ctText);
  if (!ct) throw new MalformedError(CT_ERROR);
  checkCtLength(ct.length);
  return { v, kid, nonce, ct };
}

/**
 * A well-formed v1 envelope in one pass of one compiled expression: the kid (scope, version), a
 * nonce of 16 base64url characters (12 bytes, no unused bits) and a ct of base64url characters.
 * The kid's part is kid.ts's own pattern. What it matches is still checked for the ct's length and
 * canonical last character (checkEnvelopeText); what it does not match goes the long way, which
 * names the error. So it accepts exactly what envelopeParts and the checks after it accept.
 */
const V1_ENVELOPE = new RegExp(`^${ENVELOPE_VERSION}\\.(${KID_PATTERN})\\.[A-Za-z0-9_-]{${NONCE_CHARS}}\\.([A-Za-z0-9_-]+)$`);

/** A checked envelope's version, kid, and the kid's scope and version (kid.ts parseKid). */
interface CheckedText {
  v: string;
  kid: string;
  scope: string;
  version: number;
}

/**
 * parseEnvelope's checks on the text alone, nothing decoded (canonical base64url says how many
 * bytes it holds). The common case, a valid v1 envelope, is one match of V1_ENVELOPE (the server
 * checks every sealed field of every push: shared/crypto/README.md "Figures"); anything else is
 * split and checked part by part, which throws parseEnvelope's error.
 */
function checkEnvelopeText(text: string): CheckedText {
  const m = typeof text === 'string' ? V1_ENVELOPE.exec(text) : null;
  if (m) {
    // The alphabet is matched: what is left is the length and the last group's unused bits.
    const ct = m[4]!;
    const whole = ct.length - (ct.length % 4 || 4); // characters before the last group of 1–4
    const tailBytes = b64urlByteLength(ct.slice(whole));
    if (tailBytes >= 0) {
      checkCtLength((whole / 4) * 3 + tailBytes);
      return { v: ENVELOPE_VERSION, kid: m[1]!, scope: m[2]!, version: Number(m[3]) };
    }
  }
  const [v, kid, nonce, ct] = envelopeParts(text);
  if (nonce.length !== NONCE_CHARS || !isB64url(nonce)) throw new MalformedError(NONCE_ERROR);
  const ctBytes = b64urlByteLength(ct);
  if (ctBytes < 0) throw new MalformedError(CT_ERROR);
  checkCtLength(ctBytes);
  const { scope, version } = parseKid(kid)!;
  return { v, kid, scope, version };
}

/** The envelope string of its parts. */
export const formatEnvelope = (e: ParsedEnvelope): string => `${e.v}.${e.kid}.${toB64url(e.nonce)}.${toB64url(e.ct)}`;

/**
 * Seals `value` (any JSON value, `null` included) for `place` as written at `hlc` under the scope
 * key `sk`. Returns the envelope string. `random` gives the nonce: fresh random bytes never
 * used before (webRandom, or a slice of one draw: bytes.ts randomPool); a fixed one is for test
 * vectors only, since a nonce repeated under a real key would break AES-GCM.
 */
export async function seal(sk: SealingKey, place: Place, hlc: string, value: unknown, random: RandomSource = webRandom): Promise<string> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('Only JSON values can be sealed');
  if (!parseKid(sk.kid)) throw new MalformedError(`Invalid key id ${sk.kid}`);
  const nonce = random(NONCE_BYTES);
  const aad = envelopeAad(sk.kid, place, hlc);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad) }, sk.key, buf(padText(json))));
  return formatEnvelope({ v: ENVELOPE_VERSION, kid: sk.kid, nonce, ct: concat(hintOfAad(aad), sealed) });
}

/**
 * Opens an envelope found at `place` with field HLC `hlc`; returns the JSON value. Never returns
 * anything it could not authenticate. Throws (errors.ts): MalformedError, UnknownVersionError,
 * TruncatedError, UnknownKeyError (`keys` lacks the kid: fetch the keyring, retry),
 * WrongPlaceError (made for another user/collection/record/field), WrongHlcError (made at another
 * HLC: an older value replayed), TamperedError (a changed byte, or a wrong key under this kid).
 */
export async function open(keys: KeyLookup, place: Place, hlc: string, envelope: string): Promise<unknown> {
  const e = parseEnvelope(envelope);
  const key = keys(e.kid);
  if (!key) throw new UnknownKeyError(`This device does not hold key ${e.kid} yet`);
  const hint = e.ct.subarray(0, HINT_BYTES);
  const aad = envelopeAad(e.kid, place, hlc);
  const expected = hintOfAad(aad);
  const same = (from: number, to: number) => hint.subarray(from, to).every((b, i) => b === expected[from + i]);
  if (!same(0, 4)) throw new WrongPlaceError(`This value was not written for ${place.collection}/${place.recordId}/${place.field}`);
  if (!same(4, 8)) throw new WrongHlcError(`This value was not written at ${hlc}: an older or other version`);
  let padded: Uint8Array;
  try {
    padded = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: buf(e.nonce), additionalData: buf(aad) },
        key,
        buf(e.ct.subarray(HINT_BYTES)),
      ),
    );
  } catch {
    throw new TamperedError('This sealed value was changed: it cannot be opened');
  }
  try {
    return JSON.parse(fromUtf8(unpad(padded)));
  } catch (err) {
    throw err instanceof MalformedError ? err : new MalformedError('The sealed value holds no JSON');
  }
}

/** Characters of the envelope of `plainBytes` bytes of plaintext (the value's JSON, UTF-8) under `kid`. */
export function envelopeLength(plainBytes: number, kid: string): number {
  return ENVELOPE_VERSION.length + 1 + kid.length + 1 + NONCE_CHARS + 1 + b64urlLength(HINT_BYTES + bucketSize(plainBytes) + TAG_BYTES);
}

/**
 * The most bytes of plaintext (the value's JSON text, UTF-8) whose padded, base64url envelope
 * under `kid` is at most `capBytes` characters (the envelope is ASCII, so characters = bytes);
 * -1 when not even an empty value fits. Callers check content length on the device with it
 * before sealing (shared/limits.ts caps count ciphertext).
 */
export function maxPlaintextBytes(capBytes: number, kid: string): number {
  if (envelopeLength(0, kid) > capBytes) return -1;
  let lo = 0;
  let hi = capBytes;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (envelopeLength(mid, kid) <= capBytes) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Bytes of plaintext `value` seals as (its JSON text in UTF-8), to compare with maxPlaintextBytes. */
export const plaintextBytes = (value: unknown): number => utf8(JSON.stringify(value) ?? '').length;

/** What the server knows of an account's keys: the current version of each scope (keys.ts currentVersions). */
export type CurrentVersions = (scope: string) => number | undefined;

/**
 * The server's check of a pushed envelope, with no key (README.md "Envelope v1"): its shape
 * (parseEnvelope's errors), at most `maxBytes` characters (TooLargeError), a kid of the scope the
 * field belongs to when `scope` is given (fields.ts sealedScope; WrongPlaceError otherwise), and a
 * kid that is its scope's current version (StaleKeyError for an older one: retryable, the device
 * re-seals; UnknownKeyError for a scope or version the keyring does not have). Returns its version and kid.
 */
export function checkEnvelope(text: string, current: CurrentVersions, maxBytes = Infinity, scope?: string): { v: string; kid: string } {
  if (typeof text === 'string' && text.length > maxBytes) throw new TooLargeError(`A sealed value may be at most ${maxBytes} bytes`);
  const e = checkEnvelopeText(text); // the shape only: the server has no key, so it never needs the bytes
  if (scope !== undefined && e.scope !== scope) throw new WrongPlaceError(`This field is sealed under ${scope}, not ${e.scope}`);
  const now = current(e.scope);
  if (now === undefined || e.version > now) throw new UnknownKeyError(`Key ${e.kid} is not in this account's keyring`);
  if (e.version < now) throw new StaleKeyError(`Key ${e.kid} was replaced by version ${now}: seal again with the current key`);
  return { v: e.v, kid: e.kid };
}
