/**
 * Files on the release pages (issue #17 "Release and deletion"; DESIGN.md §8–9): after release a
 * recipient plays or downloads their message's recording and a trustee downloads documents by
 * access level. The token checks are the caller's (release/public-routes.ts); this decrypts on
 * the fly with the record's `file.key`, chunk by chunk, honouring `Range` over the PLAINTEXT so
 * a video can seek (only the chunks a range covers are read and decrypted).
 *
 * The type served is the one detected by content when the upload completed, if it is an
 * accepted kind; anything else goes out as `application/octet-stream` and an attachment.
 * Always nosniff and a sandboxing CSP: a file can never run on our origin.
 */
import type { Context } from 'hono';
import { createRateLimiter } from '../http/rate-limit';
import { importFileKey } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import { ALLOWED_MIME_TYPES, detectFileType, SNIFF_BYTES } from '../../shared/files/types';
import type { BlobRow } from './blob-meta';
import { openPlaintextRange } from './chunks';
import { BLOB_HEADERS, contentDisposition, rangedResponse } from './http';
import type { BlobService } from './service';

/**
 * What a release page may show of a record's file: its served type, or null when it is not
 * available (not uploaded yet, deleted). Blobs completed before sealing carry the type found then;
 * since then the server learns no type at upload (verify.ts), so it is found here by content, from
 * the first bytes this page decrypts anyway, and an unknown kind goes out as an attachment.
 */
export async function releasedFileType(blobs: BlobService, ownerId: string, ref: FileRef | null | undefined): Promise<string | null> {
  if (!ref) return null;
  const row = await blobs.meta.get(ownerId, ref.blobId);
  if (!row || row.state !== 'complete') return null;
  const type = row.mime_type ?? (await sniffType(blobs, row, ref));
  return type && ALLOWED_MIME_TYPES.has(type) ? type : 'application/octet-stream';
}

/** The type of `ref`'s content by its first bytes (shared/files/types.ts), or null when they do not decrypt. */
async function sniffType(blobs: BlobService, row: BlobRow, ref: FileRef): Promise<string | null> {
  if (row.size === 0) return null;
  try {
    const body = await openPlaintextRange(blobs.store, row, await importFileKey(ref.key), { start: 0, end: Math.min(row.size, SNIFF_BYTES) - 1 });
    if (!body) return null;
    const parts: Uint8Array[] = [];
    for await (const piece of body) parts.push(piece);
    const verdict = await detectFileType(Buffer.concat(parts));
    return verdict.ok ? verdict.mimeType : null;
  } catch {
    return null;
  }
}

/**
 * Answers the plaintext of `ref` (a file of `ownerId`'s record) with 200/206/416, or null when it
 * cannot be served (the caller answers its 404): no complete blob of that owner, a key that is
 * not a key, or one that does not decrypt the blob (checked before any header is sent).
 * `disposition` is 'inline' to play, 'attachment' to download (forced for unknown types);
 * `charge(bytes)` is told each piece's bytes as it is sent (the caller's byte budget): a video
 * player asks `bytes=N-` and stops after a few chunks, so only what was sent counts.
 */
export async function servePlainFile(
  c: Context,
  blobs: BlobService,
  ownerId: string,
  ref: FileRef | null | undefined,
  disposition: 'inline' | 'attachment',
  charge: (bytes: number) => void = () => {},
): Promise<Response | null> {
  const type = await releasedFileType(blobs, ownerId, ref);
  if (!ref || !type) return null;
  const row = (await blobs.meta.get(ownerId, ref.blobId))!;
  let key: CryptoKey;
  try {
    key = await importFileKey(ref.key);
  } catch {
    return null;
  }
  const kind = type === 'application/octet-stream' ? 'attachment' : disposition;
  return rangedResponse(
    c,
    row.size,
    type,
    async (range) => {
      const body = await openPlaintextRange(blobs.store, row, key, range);
      return body && charged(body, charge);
    },
    { ...BLOB_HEADERS, 'Content-Disposition': contentDisposition(kind, ref.name) },
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
 * returns the `charge` to pass to servePlainFile. Downloads started together all pass that check;
 * `charge` throws past twice the budget, so the ones still sending break off (a player resumes
 * with Range later). `now` in ms.
 */
export function createDownloadBudget(bytesPerMinute: number, now: () => number): (key: string) => (bytes: number) => void {
  const soft = createRateLimiter({
    limit: bytesPerMinute,
    windowMs: 60_000,
    now,
    message: 'Too many file bytes downloaded in a short time. Please wait a minute and try again.',
  });
  const hard = createRateLimiter({ limit: 2 * bytesPerMinute, windowMs: 60_000, now });
  return (key) => {
    soft.check(key);
    return (bytes) => {
      soft.charge(key, bytes);
      hard.hit(key, bytes);
    };
  };
}
