import { describe, expect, it } from 'vitest';
import {
  CHUNK_OVERHEAD,
  DecryptError,
  chunkCount,
  decryptChunk,
  encryptChunk,
  encryptedSize,
  generateBlobId,
  generateFileKey,
  importFileKey,
  paddedFileSize,
  plainChunkBytes,
  storedSizeIsFor,
} from './crypto';
import { fileRefSchema } from './ref';
import { isBucketSize } from '../crypto/padding';

describe('chunked file encryption (issue #17)', () => {
  it('round-trips a chunk and binds it to its file, index and count', async () => {
    const key = await importFileKey(generateFileKey());
    const blobId = generateBlobId();
    const plain = new TextEncoder().encode('my will: the house goes to Ada');
    const sealed = await encryptChunk(key, blobId, 1, 3, plain);
    expect(sealed.length).toBe(plain.length + CHUNK_OVERHEAD);
    expect(new TextDecoder().decode(await decryptChunk(key, blobId, 1, 3, sealed))).toBe('my will: the house goes to Ada');
    // Reordered, truncated (count changed), swapped to another file, or another key: refused.
    await expect(decryptChunk(key, blobId, 0, 3, sealed)).rejects.toBeInstanceOf(DecryptError);
    await expect(decryptChunk(key, blobId, 1, 2, sealed)).rejects.toBeInstanceOf(DecryptError);
    await expect(decryptChunk(key, generateBlobId(), 1, 3, sealed)).rejects.toBeInstanceOf(DecryptError);
    await expect(decryptChunk(await importFileKey(generateFileKey()), blobId, 1, 3, sealed)).rejects.toBeInstanceOf(DecryptError);
    const tampered = sealed.slice();
    tampered[20] ^= 1;
    await expect(decryptChunk(key, blobId, 1, 3, tampered)).rejects.toBeInstanceOf(DecryptError);
    // Ciphertext never contains the plaintext.
    expect(Buffer.from(sealed).includes(Buffer.from('the house'))).toBe(false);
  });

  it('sizes chunks: an empty file is one chunk, the last chunk is shorter', () => {
    expect(chunkCount(0, 1024)).toBe(1);
    expect(chunkCount(2048, 1024)).toBe(2);
    expect(chunkCount(2049, 1024)).toBe(3);
    expect(plainChunkBytes(2049, 1024, 2)).toBe(1);
    expect(encryptedSize(2049, 1024)).toBe(2049 + 3 * CHUNK_OVERHEAD);
  });

  it('a file reference holds only what its schema allows', () => {
    const ref = {
      blobId: generateBlobId(),
      name: 'will.pdf',
      size: 10,
      mimeType: 'application/pdf',
      sha256: 'a'.repeat(64),
      key: generateFileKey(),
      chunkSize: 4 * 1024 * 1024,
    };
    expect(fileRefSchema.parse(ref)).toEqual(ref);
    expect(() => fileRefSchema.parse({ ...ref, extra: 1 })).toThrow();
    expect(() => fileRefSchema.parse({ ...ref, name: 'a\nb' })).toThrow();
    expect(() => fileRefSchema.parse({ ...ref, key: 'short' })).toThrow();
  });
});

describe('paddedFileSize (issue 39: files padded as envelopes are)', () => {
  it('is the smallest envelope bucket holding the file, never smaller, growing with the size, at most 3.125 % over from 64 KiB', () => {
    let previous = 0;
    for (let size = 1; size < 2 ** 31; size = Math.ceil(size * 1.013) + 1) {
      const padded = paddedFileSize(size);
      expect(padded).toBeGreaterThanOrEqual(size);
      expect(isBucketSize(padded)).toBe(true);
      expect(padded).toBeGreaterThanOrEqual(previous);
      if (size >= 64 * 1024) expect(padded / size - 1).toBeLessThanOrEqual(1 / 32);
      expect(storedSizeIsFor(padded, size) && storedSizeIsFor(size, size)).toBe(true);
      previous = padded;
    }
    expect(paddedFileSize(10_000_000)).toBe(10_223_616); // a 10 MB recording: one of the 256 KiB steps
    expect(paddedFileSize(0)).toBe(0);
    expect(storedSizeIsFor(paddedFileSize(10_000_000) + 1, 10_000_000)).toBe(false);
  });
});
