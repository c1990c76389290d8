/**
 * The release pages' own service worker (scope /r/, built to /r/sw.js as a classic script by
 * scripts/release-pages.ts; issue "Sealed from the server": "stream video through a service
 * worker scoped to those pages that decrypts chunks for Range requests"). It answers only
 * `/r/stream/<id>` (and `/r/stream/<id>/download`): a player's Range request is served by fetching
 * just the stored ciphertext chunks that cover it from the file's token-checked endpoint, decrypting
 * them here and handing on the bytes asked for, one chunk at a time, so a long video never sits
 * whole in memory and seeking fetches a few chunks. Everything else goes to the network untouched.
 *
 * The page registers each file (its PageFile, key included) by message; the worker keeps them
 * in memory only. A worker that was stopped and restarted asks the page again (`need`).
 */
/// <reference lib="webworker" />
import { CHUNK_OVERHEAD, decryptChunk, importFileKey, plainChunkBytes } from '../../shared/files/crypto';
import { parseRange } from '../../shared/files/range';
import type { PageFile } from '../../shared/release/pages';

declare const self: ServiceWorkerGlobalScope;

const files = new Map<string, { file: PageFile; key: Promise<CryptoKey> }>();
const STREAM = /^\/r\/stream\/([A-Za-z0-9_-]{1,64})(\/download)?$/;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('message', (e) => {
  const data = e.data as { type?: string; id?: string; file?: PageFile } | null;
  if (data?.type === 'register' && data.id && data.file) {
    files.set(data.id, { file: data.file, key: importFileKey(data.file.key) });
    e.ports[0]?.postMessage('ok');
  }
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  const m = url.origin === self.location.origin ? STREAM.exec(url.pathname) : null;
  if (m) e.respondWith(answer(e, m[1]!, Boolean(m[2])));
});

/** The registered file `id`, asking the page that made the request when this worker has forgotten it. */
async function fileOf(e: FetchEvent, id: string) {
  const known = files.get(id);
  if (known) return known;
  const client = await self.clients.get(e.clientId);
  if (!client) return null;
  const channel = new MessageChannel();
  const reply = new Promise<PageFile | null>((resolve) => {
    channel.port1.onmessage = (m) => resolve((m.data as PageFile | null) ?? null);
    setTimeout(() => resolve(null), 5000);
  });
  client.postMessage({ type: 'need', id }, [channel.port2]);
  const file = await reply;
  if (!file) return null;
  const entry = { file, key: importFileKey(file.key) };
  files.set(id, entry);
  return entry;
}

/** 200/206/416 over the PLAINTEXT of file `id`, decrypted chunk by chunk as the player reads. */
async function answer(e: FetchEvent, id: string, download: boolean): Promise<Response> {
  const entry = await fileOf(e, id);
  if (!entry) return new Response('This file is no longer open on this page. Reload the page.', { status: 404 });
  const { file } = entry;
  const range = download ? null : parseRange(e.request.headers.get('range') ?? undefined, file.size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${file.size}` } });
  const r = range ?? { start: 0, end: file.size - 1 };
  const headers: Record<string, string> = {
    'Content-Type': download ? 'application/octet-stream' : file.type,
    'Accept-Ranges': 'bytes',
    'Content-Length': String(Math.max(0, r.end - r.start + 1)),
    'X-Content-Type-Options': 'nosniff',
  };
  if (range) headers['Content-Range'] = `bytes ${r.start}-${r.end}/${file.size}`;
  if (download) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`;
  if (file.size === 0) return new Response(null, { status: 200, headers });
  const key = await entry.key;
  const first = Math.floor(r.start / file.chunkSize);
  const last = Math.min(file.chunkCount - 1, Math.floor(r.end / file.chunkSize));
  let i = first;
  const stride = file.chunkSize + CHUNK_OVERHEAD;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i > last) return controller.close();
      const length = plainChunkBytes(file.storedSize, file.chunkSize, i) + CHUNK_OVERHEAD; // the stored layout; the range ends within `size`
      const res = await fetch(file.url, { headers: { Range: `bytes=${i * stride}-${i * stride + length - 1}` }, credentials: 'same-origin' });
      if (!res.ok) return controller.error(new Error(`The file could not be fetched (HTTP ${res.status})`));
      const plain = await decryptChunk(key, file.blobId, i, file.chunkCount, new Uint8Array(await res.arrayBuffer()));
      const base = i * file.chunkSize;
      controller.enqueue(plain.subarray(Math.max(r.start, base) - base, Math.min(r.end, base + plain.length - 1) - base + 1));
      i += 1;
    },
  });
  return new Response(body, { status: range ? 206 : 200, headers });
}
