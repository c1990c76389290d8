/**
 * The check an upload passes before it is complete (shared/files/README.md
 * `POST /api/blobs/:blobId/complete`): every chunk is stored, with the size its index must have.
 * That is all the server can know. The file's key, type and hash stay on the device (sealed in the
 * record, SECURITY.md): the server never decrypts a chunk, so it cannot check the content, and the
 * content's type is checked by content on the device that adds the file (web/files/add.ts) and
 * again on the device that opens it. Each chunk's bytes were already checked against the hash the
 * device sent with it (`PUT …/chunks/:i`, x-chunk-sha256), so transit damage never reaches here.
 */
import { CHUNK_OVERHEAD, plainChunkBytes } from '../../shared/files/crypto';
import type { Issue } from '../http/errors';
import type { BlobStore } from './blob-store';
import type { BlobRow } from './model';

export type Verdict =
  | { ok: true }
  /** `badChunks`: delete these so they are sent again. */
  | { ok: false; status: 400 | 409; error: string; issues: Issue[]; badChunks?: number[] };

/** Checks the stored chunks of `blob` as above; never throws for a bad upload, only for storage failures. */
export async function verifyUpload(store: BlobStore, blob: BlobRow): Promise<Verdict> {
  const stored = new Map((await store.listChunks(blob.user_id, blob.blob_id)).map((c) => [c.index, c.size] as const));
  const missing: number[] = [];
  const wrongSize: number[] = [];
  for (let i = 0; i < blob.chunk_count; i++) {
    const size = stored.get(i);
    if (size === undefined) missing.push(i);
    else if (size !== plainChunkBytes(blob.size, blob.chunk_size, i) + CHUNK_OVERHEAD) wrongSize.push(i);
  }
  if (missing.length > 0) {
    const list = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
    return { ok: false, status: 409, error: `The upload is not finished: ${missing.length} chunk(s) missing (${list})`, issues: [{ path: 'chunks', message: `Missing chunks: ${list}` }] };
  }
  if (wrongSize.length > 0) {
    return { ok: false, status: 400, error: 'Some chunks have the wrong size: send them again', issues: wrongSize.map((i) => ({ path: `chunks.${i}`, message: 'Wrong size' })), badChunks: wrongSize };
  }
  return { ok: true };
}
