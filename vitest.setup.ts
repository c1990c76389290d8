/**
 * Setup of every test file (vitest.config.ts `setupFiles`): byte arrays compare as bytes.
 *
 * vitest's toEqual walks a Uint8Array element by element through its generic equality (about
 * 20 µs a byte: 40 s for the 2 MB file of sync-server/blobs/blob-routes.test.ts). This tester
 * answers for two Uint8Arrays (or Buffers, or Uint8ClampedArrays) of the same class with one
 * memcmp; the verdict is the same as toEqual's (same class, same length, same bytes), and any other
 * pair (a Buffer against a Uint8Array, a Float64Array, a DataView) is left to vitest.
 */
import { expect } from 'vitest';

/** True/false for two byte arrays of one class, undefined (vitest decides) for anything else. */
export function sameBytes(a: unknown, b: unknown): boolean | undefined {
  const bytes = (v: unknown): v is Uint8Array | Uint8ClampedArray => v instanceof Uint8Array || v instanceof Uint8ClampedArray;
  if (!bytes(a) || !bytes(b) || a.constructor !== b.constructor) return undefined;
  if (a.length !== b.length) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

expect.addEqualityTesters([sameBytes]);
