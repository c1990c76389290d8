/**
 * Padding of sealed values to size buckets (README.md "Padding"), so a ciphertext's length says
 * only roughly how long the text is. A padded value is `plaintext ‖ 0x80 ‖ 0x00…` (ISO/IEC 7816-4)
 * up to its bucket: powers of two from 64 B up to 1 KiB, then PADMÉ, which leaks O(log log L) bits
 * of the length and wastes at most 12 % (Nikitin, Barman, Lueks, Underwood, Hubaux, Ford:
 * "Reducing Metadata Leakage from Encrypted Files and Communication with PURBs", PoPETs 2019(4),
 * §4; the same function pads Evolu's relay messages, evoluhq/evolu packages/common/src/Crypto.ts `padmePaddedLength`).
 */
import { utf8 } from './bytes';
import { MalformedError } from './errors';

/** The smallest bucket, in bytes. */
export const MIN_BUCKET = 64;
/** Above this many bytes buckets follow PADMÉ; at or below, powers of two. */
export const PADME_FROM = 1024;

/** PADMÉ's padded length of `length` bytes (the paper's Algorithm 1). `length` ≥ 2. */
export function padme(length: number): number {
  const e = Math.floor(Math.log2(length));
  const s = Math.floor(Math.log2(e)) + 1;
  const lastBits = e - s;
  const step = 2 ** lastBits;
  return Math.ceil(length / step) * step;
}

/** The bucket (padded size, bytes) that holds `plainBytes` bytes of plaintext plus the 0x80 marker. */
export function bucketSize(plainBytes: number): number {
  const needed = plainBytes + 1;
  if (needed > PADME_FROM) return padme(needed);
  let size = MIN_BUCKET;
  while (size < needed) size *= 2;
  return size;
}

/** True when `size` is a size that bucketSize returns for some plaintext. */
export function isBucketSize(size: number): boolean {
  return Number.isInteger(size) && size >= MIN_BUCKET && bucketSize(size - 1) === size;
}

/** `plain` padded to its bucket. */
export function pad(plain: Uint8Array): Uint8Array {
  const out = new Uint8Array(bucketSize(plain.length));
  out.set(plain, 0);
  out[plain.length] = 0x80;
  return out;
}

/**
 * The UTF-8 bytes of `text` padded to their bucket: `pad(utf8(text))` in one buffer (an ASCII
 * text, as most JSON values are, written byte by byte; any other through the encoder).
 */
export function padText(text: string): Uint8Array {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return pad(utf8(text));
  const out = new Uint8Array(bucketSize(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  out[text.length] = 0x80;
  return out;
}

/** The plaintext of a padded value; throws MalformedError when the padding is not ours. */
export function unpad(padded: Uint8Array): Uint8Array {
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x80) throw new MalformedError('The sealed value is not padded as this version pads');
  return padded.subarray(0, end);
}
