/**
 * The contract every BlobStore implementation passes (blob-store.ts; STYLE.md: tldraw's
 * storage contract suite). Call `blobStoreContract(name, setup)` from an implementation's test
 * file; `setup` returns a fresh, empty store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ChunkMismatchError, type BlobStore } from './blob-store';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** A stream of `bytes` in pieces of `piece` bytes (as a request body arrives). */
const streamOf = (bytes: Uint8Array, piece = 64 * 1024) =>
  Readable.from((function* () {
    for (let i = 0; i < bytes.length; i += piece) yield Buffer.from(bytes.subarray(i, i + piece));
  })());
const put = (store: BlobStore, user: string, blob: string, index: number, bytes: Uint8Array) =>
  store.putChunk(user, blob, index, streamOf(bytes), { size: bytes.length, sha256: sha(bytes) });
const read = async (s: Readable | null) => (s ? new Uint8Array(await buffer(s)) : null);

const U1 = 'user-one-0000';
const U2 = 'user-two-0000';
const B1 = 'blob0000000000000001';
const B2 = 'blob0000000000000002';

export function blobStoreContract(name: string, setup: () => BlobStore | Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    it('stores a chunk streamed in pieces and gives back the same bytes, whole and by range', async () => {
      const store = await setup();
      const bytes = new Uint8Array(randomBytes(300_000));
      await put(store, U1, B1, 0, bytes);
      expect(await read(await store.getChunk(U1, B1, 0))).toEqual(bytes);
      expect(await read(await store.getChunk(U1, B1, 0, { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
      expect(await read(await store.getChunk(U1, B1, 0, { start: 299_999, end: 299_999 }))).toEqual(bytes.subarray(299_999));
      expect(await store.getChunk(U1, B1, 1)).toBeNull();
      expect(await store.getChunk(U1, B2, 0)).toBeNull();
    });

    it('lists stored chunks with their sizes, by index', async () => {
      const store = await setup();
      expect(await store.listChunks(U1, B1)).toEqual([]);
      await put(store, U1, B1, 10, new Uint8Array(5));
      await put(store, U1, B1, 2, new Uint8Array(7));
      await put(store, U1, B1, 0, new Uint8Array(0));
      expect(await store.listChunks(U1, B1)).toEqual([
        { index: 0, size: 0 },
        { index: 2, size: 7 },
        { index: 10, size: 5 },
      ]);
    });

    it('putting a chunk twice is harmless; a second version replaces the first whole', async () => {
      const store = await setup();
      const a = new Uint8Array(randomBytes(1000));
      const b = new Uint8Array(randomBytes(1000));
      await put(store, U1, B1, 0, a);
      await put(store, U1, B1, 0, a);
      expect(await read(await store.getChunk(U1, B1, 0))).toEqual(a);
      await put(store, U1, B1, 0, b);
      expect(await read(await store.getChunk(U1, B1, 0))).toEqual(b);
      expect(await store.listChunks(U1, B1)).toEqual([{ index: 0, size: 1000 }]);
    });

    it('refuses bytes of another hash, a short or a long body, and keeps nothing of them', async () => {
      const store = await setup();
      const good = new Uint8Array(randomBytes(2000));
      const other = new Uint8Array(randomBytes(2000));
      await expect(store.putChunk(U1, B1, 0, streamOf(other), { size: 2000, sha256: sha(good) })).rejects.toMatchObject({ reason: 'sha256' });
      await expect(store.putChunk(U1, B1, 0, streamOf(good.subarray(0, 1999)), { size: 2000, sha256: sha(good) })).rejects.toBeInstanceOf(ChunkMismatchError);
      const long = new Uint8Array(randomBytes(5000));
      await expect(store.putChunk(U1, B1, 0, streamOf(long, 1000), { size: 2000, sha256: sha(long) })).rejects.toMatchObject({ reason: 'size', tooLarge: true });
      expect(await store.listChunks(U1, B1)).toEqual([]);
      // A refused re-send leaves the chunk already stored as it was.
      await put(store, U1, B1, 0, good);
      await expect(store.putChunk(U1, B1, 0, streamOf(other), { size: 2000, sha256: sha(good) })).rejects.toBeInstanceOf(ChunkMismatchError);
      expect(await read(await store.getChunk(U1, B1, 0))).toEqual(good);
    });

    it('a body that fails mid-stream keeps nothing', async () => {
      const store = await setup();
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1000));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(store.putChunk(U1, B1, 0, failing, { size: 5000, sha256: sha(new Uint8Array(5000)) })).rejects.toThrow();
      expect(await store.listChunks(U1, B1)).toEqual([]);
    });

    it('deletes one chunk, one blob, or everything of one user, and nothing of anyone else', async () => {
      const store = await setup();
      const bytes = new Uint8Array([1, 2, 3]);
      await put(store, U1, B1, 0, bytes);
      await put(store, U1, B1, 1, bytes);
      await put(store, U1, B2, 0, bytes);
      await put(store, U2, B1, 0, bytes);
      await store.deleteChunk(U1, B1, 1);
      expect((await store.listChunks(U1, B1)).map((c) => c.index)).toEqual([0]);
      await store.deleteBlob(U1, B1);
      expect(await store.listChunks(U1, B1)).toEqual([]);
      expect(await store.listChunks(U1, B2)).toHaveLength(1);
      await store.deleteUser(U1);
      expect(await store.listChunks(U1, B2)).toEqual([]);
      expect(await read(await store.getChunk(U2, B1, 0))).toEqual(bytes);
      await store.deleteBlob(U1, B1); // absent: no error
      await store.deleteUser('nobody-at-all');
    });

    it('users are separate: the same blob id of two users are two blobs', async () => {
      const store = await setup();
      await put(store, U1, B1, 0, new Uint8Array([1]));
      await put(store, U2, B1, 0, new Uint8Array([2, 2]));
      expect(await read(await store.getChunk(U1, B1, 0))).toEqual(new Uint8Array([1]));
      expect(await store.listChunks(U2, B1)).toEqual([{ index: 0, size: 2 }]);
    });

    it('refuses ids that could leave the store (path or key traversal)', async () => {
      const store = await setup();
      await expect(put(store, '..', B1, 0, new Uint8Array(1))).rejects.toThrow();
      await expect(put(store, U1, '../../etc', 0, new Uint8Array(1))).rejects.toThrow();
      await expect(store.getChunk(U1, 'a/b', 0)).rejects.toThrow();
      await expect(store.deleteUser('.')).rejects.toThrow();
    });

    it('many chunks uploaded at once all land', async () => {
      const store = await setup();
      const chunks = Array.from({ length: 8 }, () => new Uint8Array(randomBytes(50_000)));
      await Promise.all(chunks.map((c, i) => put(store, U1, B1, i, c)));
      expect((await store.listChunks(U1, B1)).map((c) => c.size)).toEqual(chunks.map(() => 50_000));
      for (const [i, c] of chunks.entries()) expect(await read(await store.getChunk(U1, B1, i))).toEqual(c);
    });
  });
}
