/**
 * Files on the release pages (issue #17 "Release and deletion"; DESIGN.md §8–9; "The server never
 * decrypts anything"): after release a recipient plays or downloads their message's recording and
 * a trustee downloads documents by access level. The token checks are the caller's
 * (release/public-routes.ts). The server sends the STORED ciphertext as it is (Range over the
 * stored bytes, so a page can fetch chunk by chunk) and never opens it: the release page decrypts
 * with the key it was given (web/release/, shared/files/crypto.ts).
 *
 * Always `application/octet-stream`, an attachment, nosniff and a sandboxing CSP: nothing served
 * here can run on our origin.
 */
import type { Context } from 'hono';
import { createRateLimiter } from '../http/rate-limit';
import type { FileRef } from '../../shared/files/ref';
import { ALLOWED_MIME_TYPES } from '../../shared/files/types';
import { ciphertextRange, primed } from './chunks';
import { BLOB_HEADERS, contentDisposition, rangedResponse } from './http';
import type { BlobService } from './service';

/** What a release page needs to fetch and open a record's file. */
export interface ReleasedFile {
  /** The file's type if an accepted kind (found by content on the owner's device, or at upload for older files); else application/octet-stream. */
  type: string;
  chunkCount: number;
  encryptedSize: number;
  /** Plaintext bytes as stored: the file's size padded to its bucket (issue 39), or its exact size for a blob stored before. */
  storedSize: number;
}

/** The stored row of `ownerId`'s complete blob for `ref` (one read), or null when it is not available (not uploaded yet, deleted). */
async function completeBlob(blobs: BlobService, ownerId: string, ref: FileRef | null | undefined) {
  const row = ref ? await blobs.meta.get(ownerId, ref.blobId) : null;
  return row && row.state === 'complete' ? row : null;
}

/** A complete blob of `ownerId` for `ref`, as a release page sees it, or null when it is not available (not uploaded yet, deleted). */
export async function releasedFile(blobs: BlobService, ownerId: string, ref: FileRef | null | undefined): Promise<ReleasedFile | null> {
  const row = await completeBlob(blobs, ownerId, ref);
  if (!row || !ref) return null;
  // Blobs completed before sealing carry the type the server found then; since then the server
  // learns none (verify.ts), and the type is the record's, found by content on the owner's device
  // (web/files/add.ts). Only accepted kinds show inline, in their own player; the rest downloads.
  const claimed = row.mime_type ?? ref.mimeType;
  const type = claimed && ALLOWED_MIME_TYPES.has(claimed) ? claimed : 'application/octet-stream';
  return { type, chunkCount: row.chunk_count, encryptedSize: row.encrypted_size, storedSize: row.size };
}

/**
 * Answers the stored ciphertext of `ref` (a file of `ownerId`'s record) with 200/206/416, or null
 * when there is no complete blob of that owner (the caller answers its 404). Nothing is decrypted
 * and the record's key is never read. `charge(bytes)` is told each piece's bytes as it is sent
 * (the caller's byte budget), so a page that stops after a few chunks pays only for those.
 */
export async function serveStoredFile(
  c: Context,
  blobs: BlobService,
  ownerId: string,
  ref: FileRef | null | undefined,
  charge: (bytes: number) => void = () => {},
): Promise<Response | null> {
  const row = await completeBlob(blobs, ownerId, ref); // read once per request
  if (!row) return null;
  return rangedResponse(
    c,
    row.encrypted_size,
    'application/octet-stream',
    async (range) => primed(charged(ciphertextRange(blobs.store, row, range), charge)),
    { ...BLOB_HEADERS, 'Content-Disposition': contentDisposition('attachment', `${row.blob_id}.bin`) },
  );
}

/** The pieces of `source`, telling `charge` each one's length as it is handed on. */
async function* charged(source: AsyncIterable<Uint8Array>, charge: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const piece of source) {
    charge(piece.byteLength);
    yield piece;
  }
}

/**
 * A byte budget for release downloads, `bytesPerMinute` per key (an address): calling it with a
 * key refuses (429 ApiHttpError, Retry-After) once the key has used its minute's budget, and
 * returns the `charge` to pass to serveStoredFile. Downloads started together all pass that check;
 * `charge` throws past twice the budget, so the ones still sending break off (a player resumes
 * with Range later). `now` in ms; `message` is the 429's words.
 */
export function createDownloadBudget(
  bytesPerMinute: number,
  now: () => number,
  message = 'Too many file bytes downloaded in a short time. Please wait a minute and try again.',
): (key: string) => (bytes: number) => void {
  const soft = createRateLimiter({ limit: bytesPerMinute, windowMs: 60_000, now, message });
  const hard = createRateLimiter({ limit: 2 * bytesPerMinute, windowMs: 60_000, now });
  return (key) => {
    soft.check(key);
    return (bytes) => {
      soft.charge(key, bytes);
      hard.hit(key, bytes);
    };
  };
}
