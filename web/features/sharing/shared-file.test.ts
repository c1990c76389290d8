/**
 * The viewer's page reading a shared file (shared-file.ts; review L1): a server that answers with
 * more bytes than the file holds, or says so in Content-Length, cannot make the tab hold them:
 * reading stops one piece past the file's bytes and the file is refused as not the shared one.
 */
import { describe, expect, it } from 'vitest';
import { encryptedSize, generateBlobId, generateFileKey, paddedFileSize } from '../../../shared/files/crypto';
import type { SharedFile } from '../../../shared/share-copy-view';
import { FILE_NOT_OPENED_TEXT, openSharedFile, SharedFileError } from './shared-file';
import type { ViewerFetch } from './viewer';

const CHUNK = 4096;
const file: SharedFile = { blobId: generateBlobId(), name: 'Will.pdf', size: 100, mimeType: 'application/pdf', sha256: '0'.repeat(64), key: generateFileKey(), chunkSize: CHUNK };
const total = encryptedSize(paddedFileSize(file.size), CHUNK);
const PIECE = 64 * 1024;
const ENDLESS = 256 * 1024 * 1024; // what the lying server would send: far more than one chunk

/** A fetch answering every Range with a body of `ENDLESS` bytes made as read; `pulled()` counts what was read of it. */
function lyingFetch(headers: Record<string, string> = {}) {
  let pulled = 0;
  const fetchFn: ViewerFetch = async () => {
    let left = ENDLESS;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        const piece = new Uint8Array(Math.min(PIECE, left));
        left -= piece.length;
        pulled += piece.length;
        controller.enqueue(piece);
      },
    });
    return new Response(body, { status: 206, headers: { 'content-range': `bytes 0-${total - 1}/${total}`, ...headers } });
  };
  return { fetchFn, pulled: () => pulled };
}

describe("the viewer's page reads no more than a shared file's bytes", () => {
  it('a body longer than the file is cut off after one piece past it, and the file is refused in words', async () => {
    const lie = lyingFetch();
    const err = await openSharedFile(lie.fetchFn, 'share', file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SharedFileError);
    expect((err as SharedFileError).message).toBe(FILE_NOT_OPENED_TEXT);
    expect((err as SharedFileError).damaged).toBe(true);
    expect(lie.pulled()).toBeLessThanOrEqual(total + 2 * PIECE);
  });

  it('a Content-Length other than the file\'s is refused before its body is read', async () => {
    const lie = lyingFetch({ 'content-length': String(ENDLESS) });
    const err = await openSharedFile(lie.fetchFn, 'share', file).catch((e: unknown) => e);
    expect((err as SharedFileError).damaged).toBe(true);
    expect(lie.pulled()).toBeLessThanOrEqual(2 * PIECE); // a stream may pull ahead a piece or two, never the body
  });
});
