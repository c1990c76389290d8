/**
 * The owner's file endpoints (issue #17; the table in shared/files/README.md): session + CSRF
 * like every /api write, 404 for any blob id that is not the session account's. Chunk uploads
 * stream to the store (never buffered), are exempt from the 1 MB body limit of /api (their own
 * limit is the size their index must have, chunkSize + 28 at most) and are counted by bytes
 * (`fileBytesPerMinute`), not as writes; at most 4 stream at once per account. Completing
 * counts the file's bytes too (it decrypts them all). Every answer carries nosniff and a sandboxing CSP;
 * bytes go out as attachments.
 */
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CHUNK_OVERHEAD, plainChunkBytes } from '../../shared/files/crypto';
import { blobIdSchema, fileRefSchema } from '../../shared/files/ref';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, type AnyAccountStore } from '../accounts';
import { ApiHttpError } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import type { RecordService } from '../records';
import type { BlobService } from './service';
import { ciphertextRange } from './chunks';
import { contentDisposition, rangedResponse, setBlobHeaders, webStreamOf } from './http';

/** `PUT /api/blobs/:blobId/chunks/:index`: the one route whose body is raw bytes. */
const CHUNK_UPLOAD = /^\/api\/blobs\/[^/]+\/chunks\/[^/]+$/;
/** True for a chunk upload (app.ts exempts it from the JSON body limit and CSRF's JSON rule). */
export const isChunkUpload = (method: string, path: string) => method === 'PUT' && CHUNK_UPLOAD.test(path);

/**
 * Largest chunk an upload may declare (bytes): completing, release pages and exports hold one
 * chunk (and its plaintext) in memory per request, so a 64 MiB chunk times many parallel requests
 * could exhaust the server's memory. Devices send FILE_CHUNK_BYTES (4 MiB).
 */
export const MAX_UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024;

const startSchema = z
  .object({
    blobId: blobIdSchema,
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    chunkSize: fileRefSchema.shape.chunkSize.check(z.lte(MAX_UPLOAD_CHUNK_BYTES)),
    chunkCount: z.number().int().min(1),
    encryptedSize: z.number().int().min(0),
  })
  .strict();
/**
 * `complete` takes nothing: the file's key, type and hash stay on the device (verify.ts). An app
 * from before sealing still sends them: it is told to update (426), and nothing of it is kept.
 */
const completeSchema = z.object({}).catchall(z.unknown());
const PRE_SEALING_FIELDS = ['key', 'mimeType', 'sha256'];
const OUT_OF_DATE = 'This version of the app is out of date. Reload the page to update it, then try again.';
const indexSchema = z.coerce.number().int().min(0).max(1_000_000);
/** Chunk uploads one account may have streaming at once (more: 429, Retry-After 1). */
const CHUNKS_IN_FLIGHT = 4;
const shaSchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be the hex SHA-256 of the body').transform((h) => h.toLowerCase());

/**
 * What the file routes read of the server's services (app.ts passes its whole `Services`): the
 * sessions (accounts/'s middleware), the files and the record service's per-account throttle.
 */
export interface BlobRouteServices {
  accounts: AnyAccountStore;
  blobs: BlobService;
  records: Pick<RecordService, 'throttle'>;
}

/** The routes above over `services.blobs`, throttled by the record service's per-account limits. */
export function blobRoutes(deps: AppDeps, services: BlobRouteServices): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { blobs, records } = services;
  const { throttle } = records;

  // One pattern each: Hono's `/api/blobs/*` also matches `/api/blobs`.
  for (const path of ['/api/blobs/*', '/api/files/*']) {
    app.use(path, async (c, next) => {
      await next();
      setBlobHeaders(c); // errors too: onError ran inside next()
    });
  }
  // Requests and writes count in the account frame (http/account-frame.ts); chunks by their bytes here.
  for (const path of ['/api/blobs/*', '/api/files/*']) app.use(path, requireSession(deps, services));
  const inFlight = new Map<string, number>(); // per account, this app's; in memory like the rate windows
  const blobIdOf = (c: Context) => parseWith(z.object({ blobId: blobIdSchema }), { blobId: c.req.param('blobId') }).blobId;
  const indexOf = (c: Context) => parseWith(z.object({ index: indexSchema }), { index: c.req.param('index') }).index;

  app.post('/api/blobs', async (c) => {
    const body = await readJson(c, startSchema);
    const { created, status } = await blobs.start(c.var.userId, body);
    return c.json({ blobId: status.blobId, received: status.received, complete: status.complete }, created ? 201 : 200);
  });

  app.get('/api/blobs/:blobId', async (c) => c.json(await blobs.status(c.var.userId, blobIdOf(c))));

  app.put('/api/blobs/:blobId/chunks/:index', async (c) => {
    // CSRF rule 3 for raw bodies (http/csrf.ts): a type no form can send, so cross-site needs a preflight we never grant.
    if (!/^application\/octet-stream\s*$/i.test(c.req.header('content-type') ?? '')) throw new ApiHttpError(415, 'Content-Type must be application/octet-stream');
    const blobId = blobIdOf(c);
    const index = indexOf(c);
    const sha256 = parseWith(z.object({ 'x-chunk-sha256': shaSchema }), { 'x-chunk-sha256': c.req.header('x-chunk-sha256') })['x-chunk-sha256'];
    const declared = c.req.header('content-length');
    const contentLength = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
    const userId = c.var.userId;
    const running = inFlight.get(userId) ?? 0;
    // Refused for the uploads already streaming before its bytes are counted: the retry pays them.
    if (running >= CHUNKS_IN_FLIGHT) throw new ApiHttpError(429, 'Too many uploads at once. Please wait and try again.', undefined, { 'Retry-After': '1' });
    inFlight.set(userId, running + 1); // before the first await: chunks arriving together see each other
    try {
      const row = await blobs.meta.get(userId, blobId);
      if (row && index < row.chunk_count) await throttle.fileBytes.hit(userId, plainChunkBytes(row.size, row.chunk_size, index) + CHUNK_OVERHEAD); // bytes, not writes (shared/limits.ts)
      const raw = c.req.raw.body;
      const body = raw ? Readable.fromWeb(raw as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
      // A client that resets mid-chunk errors `body` before the store's pipeline listens (it awaits a
      // mkdir first): without a listener that 'error' is an uncaught exception and stops the server.
      // The pipeline still sees the error (the stream is destroyed with it) and keeps nothing.
      let cutOff = false;
      body.on('error', () => {
        cutOff = true;
      });
      try {
        await blobs.putChunk(userId, blobId, index, body, sha256, contentLength);
      } catch (err) {
        // The client's doing, not the server's: a 400 to resend, never a logged 500.
        if (cutOff && !(err instanceof ApiHttpError)) throw new ApiHttpError(400, 'Invalid request: body: the chunk was cut off; send it again', [{ path: 'body', message: 'The chunk was cut off' }]);
        throw err;
      }
    } finally {
      const left = (inFlight.get(userId) ?? 1) - 1;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
    }
    return c.body(null, 204);
  });

  app.post('/api/blobs/:blobId/complete', async (c) => {
    const blobId = blobIdOf(c);
    const body = await readJson(c, completeSchema);
    if (PRE_SEALING_FIELDS.some((f) => f in body)) throw new ApiHttpError(426, OUT_OF_DATE);
    const extra = Object.keys(body);
    if (extra.length > 0) throw new ApiHttpError(400, `Invalid request: ${extra[0]}: Unknown field`, extra.map((path) => ({ path, message: 'Unknown field' })));
    await blobs.complete(c.var.userId, blobId);
    return c.json({ complete: true });
  });

  app.get('/api/blobs/:blobId/chunks/:index', async (c) => {
    const row = await blobs.readable(c.var.userId, blobIdOf(c));
    const index = indexOf(c);
    if (index >= row.chunk_count) throw new ApiHttpError(404, 'Not found');
    await throttle.fileBytes.hit(c.var.userId, plainChunkBytes(row.size, row.chunk_size, index) + CHUNK_OVERHEAD);
    const stream = await blobs.store.getChunk(row.user_id, row.blob_id, index);
    if (!stream) throw new ApiHttpError(404, 'Not found');
    c.header('Content-Type', 'application/octet-stream');
    c.header('Content-Disposition', contentDisposition('attachment', `${row.blob_id}.${index}.bin`));
    return c.body(webStreamOf(stream));
  });

  app.get('/api/blobs/:blobId/content', async (c) => {
    const row = await blobs.readable(c.var.userId, blobIdOf(c));
    await throttle.fileBytes.check(c.var.userId);
    const res = await rangedResponse(
      c,
      row.encrypted_size,
      'application/octet-stream',
      async (range) => {
        await throttle.fileBytes.charge(c.var.userId, range.end - range.start + 1);
        return ciphertextRange(blobs.store, row, range);
      },
      { 'Content-Disposition': contentDisposition('attachment', `${row.blob_id}.bin`) },
    );
    if (!res) throw new ApiHttpError(404, 'Not found'); // never: the ciphertext is always there to stream
    return res;
  });

  app.get('/api/files/usage', async (c) => c.json(await blobs.usage(c.var.userId)));
  return app;
}
