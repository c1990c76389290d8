/**
 * A file on a release page, opened in the browser (DESIGN.md §8; shared/files/crypto.ts has the
 * chunk format): its stored ciphertext is fetched chunk by chunk with Range from its
 * token-checked endpoint and each chunk is decrypted here with the file's key; the server never
 * decrypts. Shown inline only as audio, video, a raster image or a PDF (from a blob: URL, under the
 * release pages' CSP); anything else is offered as a download.
 *
 * The whole file is held as a Blob: used for documents and images, and for recordings only where
 * the streaming worker (sw.ts) cannot be had.
 */
import { CHUNK_OVERHEAD, DecryptError, decryptChunk, importFileKey, plainChunkBytes } from '../../shared/files/crypto';
import type { PageFile } from '../../shared/release/pages';
import { t } from './words';

/** Thrown when the file cannot be fetched or opened; its message is for the person. */
export class FileOpenError extends Error {}

/** What the page may show inline for a detected type (SECURITY.md: never SVG or HTML). */
export function inlineKind(type: string): 'audio' | 'video' | 'image' | 'pdf' | null {
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (/^image\/(png|jpeg|gif|webp|avif)$/.test(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

/**
 * The plaintext of `file` as a Blob of its detected type. `onProgress(done, total)` after each
 * chunk. Throws FileOpenError ("not available", "too many downloads", "damaged").
 */
export async function openFile(file: PageFile, onProgress: (done: number, total: number) => void = () => {}): Promise<Blob> {
  let key: CryptoKey;
  try {
    key = await importFileKey(file.key);
  } catch {
    throw new FileOpenError(t('releasePage.file.keyMissing'));
  }
  const stride = file.chunkSize + CHUNK_OVERHEAD;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < file.chunkCount; i++) {
    const length = plainChunkBytes(file.storedSize, file.chunkSize, i) + CHUNK_OVERHEAD;
    const res = await fetch(file.url, { headers: { Range: `bytes=${i * stride}-${i * stride + length - 1}` }, credentials: 'same-origin' });
    if (res.status === 429) throw new FileOpenError(t('releasePage.file.tooMany'));
    if (!res.ok) throw new FileOpenError(t('releasePage.file.gone'));
    const stored = new Uint8Array(await res.arrayBuffer());
    try {
      parts.push((await decryptChunk(key, file.blobId, i, file.chunkCount, stored)) as Uint8Array<ArrayBuffer>);
    } catch (err) {
      if (err instanceof DecryptError) throw new FileOpenError(t('releasePage.file.damaged'));
      throw err;
    }
    onProgress(i + 1, file.chunkCount);
  }
  // A padded file (issue 39) ends in zeros up to its bucket: the page shows only the file's own bytes.
  return new Blob(parts, { type: file.type }).slice(0, file.size, file.type);
}
