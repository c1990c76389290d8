/**
 * The filesystem BlobStore (blob-store.ts): chunk `i` of blob `b` of user `u` is the file
 * `<root>/<u>/<b>/<i>` (root = DATA_DIR/blobs). A chunk is streamed to `<root>/.tmp/<random>`
 * while its length and SHA-256 are checked, flushed to disk (fsync), and renamed into place,
 * so a crash (SIGKILL) leaves either the whole chunk or none of it; a leftover temporary file
 * is removed by `sweepTemporary`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSegment, ChunkMismatchError, type BlobStore, type StoredChunk } from './blob-store';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** A BlobStore keeping chunks as files under `root` (created when missing). */
export function createFsBlobStore(root: string): BlobStore {
  const tmpDir = join(root, '.tmp');
  const blobDir = (userId: string, blobId: string) => {
    assertSegment('user id', userId);
    assertSegment('blob id', blobId);
    return join(root, userId, blobId);
  };
  const chunkPath = (userId: string, blobId: string, index: number) => {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('Invalid chunk index for the blob store');
    return join(blobDir(userId, blobId), String(index));
  };

  return {
    async putChunk(userId, blobId, index, body, expect) {
      const dest = chunkPath(userId, blobId, index);
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let bytes = 0;
      const check = new Transform({
        transform(data: Buffer, _enc, done) {
          bytes += data.length;
          if (bytes > expect.size) {
            done(new ChunkMismatchError(`This chunk is larger than ${expect.size} bytes`, 'size', true));
            return;
          }
          hash.update(data);
          done(null, data);
        },
      });
      // Created before the pipeline starts: a stream opening its own file could still have that
      // open() queued when a failed pipeline rejects, and removing the file before the open()
      // created it left it behind (a busy machine did, now and then). The stream closes the handle.
      const handle = await open(tmp, 'wx');
      try {
        await pipeline(body, check, handle.createWriteStream());
        if (bytes !== expect.size) throw new ChunkMismatchError(`This chunk has ${bytes} bytes, ${expect.size} expected`, 'size');
        if (hash.digest('hex') !== expect.sha256) throw new ChunkMismatchError('This chunk does not match its x-chunk-sha256', 'sha256');
        const file = await open(tmp, 'r+');
        try {
          await file.sync(); // on disk before it is acknowledged (a power cut keeps it too)
        } finally {
          await file.close();
        }
        await mkdir(blobDir(userId, blobId), { recursive: true });
        await rename(tmp, dest);
      } catch (err) {
        await handle.close().catch(() => undefined); // closed by the stream already, or closed now
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async getChunk(userId, blobId, index, range) {
      const path = chunkPath(userId, blobId, index);
      try {
        const handle = await open(path, 'r');
        return handle.createReadStream({ start: range?.start, end: range?.end }); // closes the handle at its end
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async listChunks(userId, blobId) {
      const dir = blobDir(userId, blobId);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
      const out: StoredChunk[] = [];
      for (const name of names) {
        if (!/^(0|[1-9]\d{0,9})$/.test(name)) continue;
        try {
          out.push({ index: Number(name), size: (await stat(join(dir, name))).size });
        } catch (err) {
          if (!isMissing(err)) throw err; // deleted meanwhile
        }
      }
      return out.sort((a, b) => a.index - b.index);
    },

    async deleteChunk(userId, blobId, index) {
      await rm(chunkPath(userId, blobId, index), { force: true });
    },

    async deleteBlob(userId, blobId) {
      await rm(blobDir(userId, blobId), { recursive: true, force: true });
    },

    async deleteUser(userId) {
      assertSegment('user id', userId);
      await rm(join(root, userId), { recursive: true, force: true });
    },

    async sweepTemporary(olderThanMs) {
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      const before = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names) {
        const path = join(tmpDir, name);
        try {
          if ((await stat(path)).mtimeMs <= before) {
            await rm(path, { force: true });
            removed += 1;
          }
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
      return removed;
    },
  };
}
