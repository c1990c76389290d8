/**
 * Byte helpers of shared/crypto (README.md "Encodings"): strict base64url without padding, UTF-8,
 * concatenation and the length-prefixed encoding that every additional-data string uses, so that
 * no two different lists of parts ever encode to the same bytes.
 */

/** Where random bytes come from: WebCrypto by default; test vectors pass a fixed source. */
export type RandomSource = (length: number) => Uint8Array;

/** `length` bytes from `globalThis.crypto.getRandomValues` (browsers, Node ≥ 19). */
export const webRandom: RandomSource = (length) => crypto.getRandomValues(new Uint8Array(length));

const B64URL_RE = /^[A-Za-z0-9_-]*$/;
const B64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (RFC 4648 §5). */
export function toB64url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64url without padding; returns null for anything else (other alphabets, padding,
 * a length no encoder makes, or non-zero unused bits), so every byte string has one encoding.
 */
export function fromB64url(text: string): Uint8Array | null {
  if (!B64URL_RE.test(text) || text.length % 4 === 1) return null;
  let s: string;
  try {
    s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  // Canonical: the unused low bits of the last character are zero (checked here rather than by
  // encoding the bytes again, which cost the server's envelope check most of its time).
  const spare = text.length % 4 === 2 ? 0b1111 : text.length % 4 === 3 ? 0b11 : 0;
  if (spare && B64URL_ALPHABET.indexOf(text[text.length - 1]!) & spare) return null;
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Characters of the base64url (no padding) encoding of `bytes` bytes. */
export const b64urlLength = (bytes: number): number => Math.ceil((bytes * 4) / 3);

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes of `text`. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Text of UTF-8 `bytes`; throws TypeError on invalid UTF-8. */
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

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

/**
 * Each part as a 4-byte big-endian length then its bytes (strings as UTF-8): the additional-data
 * encoding of README.md "Envelope v1", unambiguous whatever the parts contain.
 */
export function lengthPrefixed(parts: readonly (string | Uint8Array)[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const bytes = typeof part === 'string' ? utf8(part) : part;
    const len = new Uint8Array(4);
    new DataView(len.buffer).setUint32(0, bytes.length);
    chunks.push(len, bytes);
  }
  return concat(...chunks);
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
