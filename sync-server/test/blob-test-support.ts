/**
 * Test support for files (imported only by *.test.ts and bench/): encrypts a file the way the
 * browser does (shared/files/crypto.ts) and drives the upload protocol of shared/files/README.md
 * against any `fetch`-like caller (the in-process app or a real server over HTTP).
 */
import { createHash } from 'node:crypto';
import { chunkCount, encryptChunk, encryptedSize, FILE_CHUNK_BYTES, generateBlobId, generateFileKey, importFileKey, paddedFileSize } from '../../shared/files/crypto';

export interface EncryptedFile {
  blobId: string;
  key: string;
  size: number;
  /** Plaintext bytes stored: `size`, or its bucket when made `padded` (issue 39). */
  storedSize: number;
  chunkSize: number;
  sha256: string;
  mimeType: string;
  chunks: Uint8Array[];
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Encrypts `plain` in chunks of `chunkSize` with a fresh key and blob id: with `padded`, as the
 * device does since issue 39 (zeros up to `paddedFileSize`, web/files/upload.ts); without, as
 * devices stored files before (exact size), which must keep working.
 */
export async function encryptFile(plain: Uint8Array, mimeType: string, chunkSize = FILE_CHUNK_BYTES, opts: { padded?: boolean } = {}): Promise<EncryptedFile> {
  const blobId = generateBlobId();
  const key = generateFileKey();
  const k = await importFileKey(key);
  const storedSize = opts.padded ? paddedFileSize(plain.length) : plain.length;
  const stored = new Uint8Array(storedSize);
  stored.set(plain);
  const count = chunkCount(storedSize, chunkSize);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < count; i++) chunks.push(await encryptChunk(k, blobId, i, count, stored.subarray(i * chunkSize, (i + 1) * chunkSize)));
  return { blobId, key, size: plain.length, storedSize, chunkSize, sha256: sha256Hex(plain), mimeType, chunks };
}

/** The `file` field a record holds for `f` (shared/files/ref.ts). */
export const fileRefOf = (f: EncryptedFile, name: string) => ({
  blobId: f.blobId,
  name,
  size: f.size,
  mimeType: f.mimeType,
  sha256: f.sha256,
  key: f.key,
  chunkSize: f.chunkSize,
});

/** `POST /api/blobs` body for `f`. */
export const declarationOf = (f: EncryptedFile) => ({
  blobId: f.blobId,
  size: f.storedSize,
  chunkSize: f.chunkSize,
  chunkCount: f.chunks.length,
  encryptedSize: encryptedSize(f.storedSize, f.chunkSize),
});

/** A request as the device makes it: `(method, path, body?, headers?)` → Response. */
export type Caller = (method: string, path: string, body?: BodyInit | object, headers?: Record<string, string>) => Promise<Response>;

/** A Caller over real HTTP to the server at `baseUrl`, signed in with `cookie` (`name=value`): objects go as JSON, bytes as they are. */
export function fetchCaller(baseUrl: string, cookie: string): Caller {
  return (method, path, body, headers = {}) => {
    const json = body !== undefined && !(body instanceof Uint8Array);
    return fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), Cookie: cookie, ...headers },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as BodyInit),
    });
  };
}

/** Sends chunk `i` of `f` (optionally other bytes). */
export const putChunk = (call: Caller, f: EncryptedFile, i: number, bytes = f.chunks[i]!) =>
  call('PUT', `/api/blobs/${f.blobId}/chunks/${i}`, bytes as BodyInit, { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(bytes) });

/** `POST …/complete` (an empty body: the key, type and hash stay on the device, shared/files/README.md). */
export const completeUpload = (call: Caller, f: Pick<EncryptedFile, 'blobId'>) => call('POST', `/api/blobs/${f.blobId}/complete`, {});

/** The whole protocol; throws with the answer when a step fails. Returns the complete answer. */
export async function uploadFile(call: Caller, f: EncryptedFile): Promise<Response> {
  const start = await call('POST', '/api/blobs', declarationOf(f));
  if (start.status !== 201 && start.status !== 200) throw new Error(`POST /api/blobs: ${start.status} ${await start.text()}`);
  for (let i = 0; i < f.chunks.length; i++) {
    const res = await putChunk(call, f, i);
    if (res.status !== 204) throw new Error(`PUT chunk ${i}: ${res.status} ${await res.text()}`);
  }
  return completeUpload(call, f);
}

/** A small real PDF whose text holds `marker`. */
export function pdfWith(marker: string, padTo = 0): Uint8Array {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\n`;
  const pad = Math.max(0, padTo - body.length - 6);
  return new TextEncoder().encode(`${body}${'%'.repeat(pad)}\n%%EOF`);
}

/** A caller over an in-process TestApp (sync-server/test-support.ts) as `cookie`. */
export function callerOf(t: { app: { request: (url: string, init: RequestInit) => Response | Promise<Response> } }, cookie: string): Caller {
  return async (method, path, body, headers = {}) => {
    const json = body !== undefined && !(body instanceof Uint8Array) && typeof body === 'object' && !(body instanceof ReadableStream);
    return t.app.request(`http://localhost${path}`, {
      method,
      headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), Cookie: cookie, ...headers },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as BodyInit),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}), // a streamed body (fetch requires it)
    } as RequestInit);
  };
}
