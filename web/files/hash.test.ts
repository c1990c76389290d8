/** Hashing a Blob piece by piece (issue #17): the same digest as hashing it whole, with progress. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfBlob, sha256OfBytes } from './hash';
import { pdfBytes } from './test-files';

describe('sha256OfBlob', () => {
  it('reads a Blob of many parts through its stream and gives the digest of the whole, reporting progress up to 1', async () => {
    const parts = [pdfBytes(1_000_000), pdfBytes(333_333, 'B'), new Uint8Array(0), pdfBytes(70_001, 'C')];
    const whole = Buffer.concat(parts);
    const progress: number[] = [];
    const digest = await sha256OfBlob(new Blob(parts as BlobPart[]), (f) => progress.push(f));
    expect(digest).toBe(createHash('sha256').update(whole).digest('hex'));
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(await sha256OfBytes(whole)).toBe(digest);
  });

  it('hashes an empty Blob', async () => {
    expect(await sha256OfBlob(new Blob([]))).toBe(createHash('sha256').digest('hex'));
  });
});
