/**
 * Byte helpers of shared/crypto (README.md "Encodings"): strict base64url without padding, UTF-8,
 * concatenation and the length-prefixed encoding that every additional-data string uses, so that
 * no two different lists of parts ever encode to the same bytes.
 */

/** Where random bytes come from: WebCrypto by default; test vectors pass a fixed source. */
export type RandomSource = (length: number) => Uint8Array;

/** `length` bytes from `globalThis.crypto.getRandomValues` (browsers, Node ≥ 19). */
export const webRandom: RandomSource = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A RandomSource over ONE draw of `total` bytes from `from`: each call takes the next unused
 * bytes, so no byte is handed out twice; asking for more than is left throws RangeError. For a
 * known number of nonces (a record's sealed fields): one getRandomValues call instead of one per
 * nonce, which costs more than the bytes themselves.
 */
export function randomPool(total: number, from: RandomSource = webRandom): RandomSource {
  const bytes = total > 0 ? from(total) : new Uint8Array(0);
  let at = 0;
  return (length) => {
    if (at + length > bytes.length) throw new RangeError(`The random pool holds ${bytes.length - at} more bytes, not ${length}`);
    at += length;
    return bytes.subarray(at - length, at);
  };
}

const B64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The character code of each 6-bit value. */
const B64URL_CODES = Uint8Array.from(B64URL_ALPHABET, (c) => c.charCodeAt(0));
/** Each character code's 6-bit value, -1 for a character outside the base64url alphabet. */
const B64URL_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64URL_VALUE[B64URL_ALPHABET.charCodeAt(i)] = i;

/**
 * Base64url without padding (RFC 4648 §5). A table walk: envelopes are encoded once per sealed
 * field, and the btoa route (a string of every byte, then three regular-expression passes) cost
 * the device more than the encryption's own bookkeeping.
 */
export function toB64url(bytes: Uint8Array): string {
  const codes = B64URL_CODES;
  const out = new Array<number>(b64urlLength(bytes.length));
  const full = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = codes[n >>> 18]!;
    out[o++] = codes[(n >>> 12) & 63]!;
    out[o++] = codes[(n >>> 6) & 63]!;
    out[o++] = codes[n & 63]!;
  }
  if (bytes.length - full === 1) {
    const n = bytes[full]!;
    out[o++] = codes[n >>> 2]!;
    out[o++] = codes[(n & 3) << 4]!;
  } else if (bytes.length - full === 2) {
    const n = (bytes[full]! << 8) | bytes[full + 1]!;
    out[o++] = codes[n >>> 10]!;
    out[o++] = codes[(n >>> 4) & 63]!;
    out[o++] = codes[(n & 15) << 2]!;
  }
  // One flat string per chunk (an argument list has a limit; a file's key or blob can be long).
  if (out.length <= 0x8000) return String.fromCharCode.apply(null, out);
  let s = '';
  for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode.apply(null, out.slice(i, i + 0x8000));
  return s;
}

/** Bytes that `chars` characters of base64url (no padding) decode to, or -1 for a length no encoder makes. */
function b64urlBytes(chars: number): number {
  return chars % 4 === 1 ? -1 : Math.floor((chars * 3) / 4);
}

/**
 * True when `text` is canonical base64url without padding, as fromB64url accepts it, without
 * decoding it (the server's envelope check needs only the shape and the length).
 */
export function isB64url(text: string): boolean {
  if (b64urlBytes(text.length) < 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127 || B64URL_VALUE[c]! < 0) return false;
  }
  // Canonical: the unused low bits of the last character are zero, so every byte string has one text.
  const spare = text.length % 4 === 2 ? 0b1111 : text.length % 4 === 3 ? 0b11 : 0;
  return !(spare && B64URL_VALUE[text.charCodeAt(text.length - 1)]! & spare);
}

/** Bytes of canonical base64url `text` (isB64url), or -1 when it is not. */
export const b64urlByteLength = (text: string): number => (isB64url(text) ? b64urlBytes(text.length) : -1);

/**
 * Decodes base64url without padding; returns null for anything else (other alphabets, padding,
 * a length no encoder makes, or non-zero unused bits), so every byte string has one encoding.
 */
export function fromB64url(text: string): Uint8Array | null {
  const bytes = b64urlBytes(text.length);
  if (bytes < 0) return null;
  const value = B64URL_VALUE;
  const out = new Uint8Array(bytes);
  const full = text.length - (text.length % 4);
  let o = 0;
  // One pass: a character outside the alphabet (value -1) makes `n` negative; past ASCII, `c` says so.
  for (let i = 0; i < full; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) > 127) return null;
    const n = (value[c0]! << 18) | (value[c1]! << 12) | (value[c2]! << 6) | value[c3]!;
    if (n < 0) return null;
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 255;
    out[o++] = n & 255;
  }
  if (text.length === full) return out;
  if (!isB64url(text.slice(full))) return null; // the last 2–3 characters: alphabet and canonical unused bits
  if (text.length - full === 2) out[o] = (value[text.charCodeAt(full)]! << 2) | (value[text.charCodeAt(full + 1)]! >>> 4);
  else {
    const n = (value[text.charCodeAt(full)]! << 10) | (value[text.charCodeAt(full + 1)]! << 4) | (value[text.charCodeAt(full + 2)]! >>> 2);
    out[o++] = n >>> 8;
    out[o] = n & 255;
  }
  return out;
}

/** Characters of the base64url (no padding) encoding of `bytes` bytes. */
export const b64urlLength = (bytes: number): number => Math.ceil((bytes * 4) / 3);

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes of `text`. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/**
 * Text of UTF-8 `bytes`; throws TypeError on invalid UTF-8. ASCII bytes (always valid UTF-8: most
 * opened JSON values) become their characters directly; anything else goes through the strict decoder.
 */
export function fromUtf8(bytes: Uint8Array): string {
  if (bytes.length > 0x8000) return decoder.decode(bytes);
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 127) return decoder.decode(bytes);
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** The bytes of `parts` one after another. */
export const concat = (...parts: Uint8Array[]): Uint8Array => concatAll(parts);

/** The bytes of a list of `parts` one after another (any number: no spread of arguments). */
export function concatAll(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** True when every character of `text` is ASCII (its UTF-8 bytes are its character codes). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/**
 * Each part as a 4-byte big-endian length then its bytes (strings as UTF-8): the additional-data
 * encoding of README.md "Envelope v1", unambiguous whatever the parts contain. Written into one
 * buffer (ASCII parts byte by byte, others through the UTF-8 encoder): every seal and open builds
 * one, so it must not cost an encoder call and two arrays per part.
 */
export function lengthPrefixed(parts: readonly (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' && !isAscii(p) ? utf8(p) : p));
  let total = 0;
  for (const b of bytes) total += 4 + b.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const b of bytes) {
    const n = b.length;
    out[at] = n >>> 24;
    out[at + 1] = (n >>> 16) & 255;
    out[at + 2] = (n >>> 8) & 255;
    out[at + 3] = n & 255;
    at += 4;
    if (typeof b === 'string') for (let i = 0; i < n; i++) out[at + i] = b.charCodeAt(i);
    else out.set(b, at);
    at += n;
  }
  return out;
}

/** True when `a` and `b` hold the same bytes (not constant-time: compare only public values). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Lowercase hex of `bytes`. */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Bytes of lowercase or uppercase hex; throws TypeError on odd length or a non-hex character. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 || !/^[0-9a-fA-F]*$/.test(hex)) throw new TypeError('Not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** SHA-256 of `bytes` (WebCrypto). */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

/** A WebCrypto view of `bytes` (TypeScript's BufferSource wants an ArrayBuffer-backed view). */
export const buf = (bytes: Uint8Array): BufferSource => bytes as BufferSource;
