/**
 * The routes of "share now" (docs/sharing.md; issue 43):
 *
 *   POST /api/shares                 (owner) { shareId, itemKind: document | plan-section | task-list | trustee | letter, itemId, ownerKid, ownerWrap, label } → 201 ShareJson
 *   GET  /api/shares?itemId=…        (owner) → { shares: ShareJson[] }
 *   PUT  /api/shares/:id/copy        (owner) { after, copy } → 204 | 409 { revision } (a newer copy) | 410 (stopped)
 *   POST /api/shares/:id/stop        (owner) {} → 204
 *   GET  /api/shared/:token          (public: the viewer's page) → SharedCopyJson | 404 | 410
 *   GET  /api/shared/:token/files/:fileId (public: the shared document's file) → its STORED ciphertext (Range) | 404
 *
 * Owner bodies are strict zod objects (400 `{ error, issues }` naming the field) behind a session,
 * CSRF and the account's budgets (app.ts); writes need a proven session (accounts/unproven.ts: a
 * password reset must not start sharing). Every owner route answers only the caller's own shares
 * (another account's share is the same 404 as none). The viewer's route takes the share id as its
 * token: it is rate limited per IP like the release links and per share (SHARE_VIEWS_PER_10_MIN),
 * and its answer is charged to no account: a viewer never spends the owner's own read budget
 * (http/token-budgets.ts OWN_BOUND_TOKEN_ROUTES; review F5). No route takes or returns a share key.
 * The file route serves only the file the shared item's record names now, only while the share is
 * live; anything else is one and the same 404 (docs/sharing.md "The file of a shared document"). Its
 * bytes are bounded per address, per share (SHARE_FILE_SHARE_FACTOR) and per owner across all their
 * shares (limits.sharedFileBytesPerMinute), its requests per address and per share (review M2), never
 * the owner's own budget.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { SHARE_ID_RE, SHARE_SEALED_RE } from '../../shared/crypto/share-copy';
import type { FileRef } from '../../shared/files/ref';
import { isShareItemId, SHARE_KINDS } from '../../shared/share-items';
import type { AnyAccountStore } from '../accounts';
import { requireProven, requireSession } from '../accounts';
import type { AppDeps, AppEnv } from '../app-env';
import { createDownloadBudget, serveStoredFile, type BlobService } from '../blobs';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limit';
import { parseWith, readJson } from '../http/validate';
import { MAX_COPY_CHARS, type ShareService } from './service';

/** Requests per IP in 10 minutes on the viewer's route, as the release links (release/public-routes.ts). */
export const SHARE_REQUESTS_PER_10_MIN = 120;
/**
 * Reads of one share's link in 10 minutes from one address (review F5; security review 20 #4): the
 * viewer's page fetches once per opening, so a family never meets it, and one address re-reading a
 * leaked link keeps only itself out, not the link's real viewer. None of it spends the owner's own
 * read budget (a leaked link cannot keep the owner from reading).
 */
export const SHARE_VIEWS_PER_10_MIN = 60;
/**
 * Reads of one share's link in 10 minutes, all addresses together: a bound on the bytes one link
 * costs the server (each answer is at most one sealed copy, MAX_COPY_CHARS, and its sealed name),
 * far above what a family's devices read.
 */
export const SHARE_VIEWS_ALL_PER_10_MIN = 1_000;
/** The 429's words when one link was read past SHARE_VIEWS_PER_10_MIN. */
export const SHARE_VIEWS_TEXT = 'This shared item was opened many times in a short while. Please wait a few minutes and try again.';
/**
 * Requests per IP in 10 minutes on the file route: the viewer's page fetches a file chunk by chunk
 * (4 MiB each), so a file of the largest size (MAX_FILE_BYTES) opens several times over within it.
 */
export const SHARE_FILE_REQUESTS_PER_10_MIN = 600;
/**
 * Bytes of one shared file all addresses together may fetch per minute, in units of one address's
 * budget (`fileBytesPerMinute`): a leaked link costs the server a bounded amount, and a family's
 * devices never meet it.
 */
export const SHARE_FILE_SHARE_FACTOR = 8;
/**
 * Requests to one share's file from all addresses together in 10 minutes (review M2), as the view
 * route's SHARE_VIEWS_ALL_PER_10_MIN: a file of the largest size (125 chunks) opens several times over.
 */
export const SHARE_FILE_REQUESTS_ALL_PER_10_MIN = 1_000;
/** The 429's words when a shared file was fetched past its bytes. */
export const SHARE_FILE_TEXT = 'This file was downloaded many times in a short while. Please wait a minute and try again.';
/** The file route's one refusal, for every file it does not serve (a made-up share, another file, a stopped share). */
const NO_FILE = () => new ApiHttpError(404, 'Not found', []);
const FILE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** An item id: a record's id, a plan section's or a task category's name (shared/share-items.ts). */
const ITEM_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const wrapped = z.string().regex(/^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/, 'must be a wrapped key (w1.<nonce>.<ciphertext>)');
const sealed = (max: number) => z.string().max(max, `must be at most ${max} characters`).regex(SHARE_SEALED_RE, 'must be sealed on your device (s1.<nonce>.<ciphertext>)');

/** The body of `POST /api/shares` (exported for the tests). */
export const newShareSchema = z.strictObject({
  shareId: z.string().regex(SHARE_ID_RE, 'must be 128 random bits, base64url'),
  itemKind: z.enum(SHARE_KINDS),
  itemId: z.string().regex(ITEM_ID_RE, 'must be an item id'),
  ownerKid: z.string().regex(/^docs~[1-9][0-9]{0,5}$/, 'must be a key id of your documents (docs~<version>)'),
  ownerWrap: wrapped,
  label: sealed(2048),
}).refine((b) => isShareItemId(b.itemKind, b.itemId), { path: ['itemId'], message: 'is not an item of this kind (a plan section or task category is named as the app names it)' });
const copySchema = z.strictObject({ after: z.number().int().min(0).max(2 ** 31 - 2), copy: sealed(MAX_COPY_CHARS) });
const stopSchema = z.strictObject({});
const listQuery = z.strictObject({ itemId: z.string().regex(ITEM_ID_RE, 'must be an item id').optional() });

export interface SharingRouteServices {
  accounts: AnyAccountStore;
  blobs: BlobService;
  rateLimiters: RateLimiterFactory;
  sharing: ShareService;
}

/** The owner's routes and the viewer's. */
export function sharingRoutes(deps: AppDeps, services: SharingRouteServices): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sharing } = services;
  app.use('/api/shares', requireSession(deps, services));
  app.use('/api/shares/*', requireSession(deps, services));
  app.post('/api/shares', requireProven(deps, services), async (c) => c.json(await sharing.create(c.var.userId, await readJson(c, newShareSchema)), 201));
  app.get('/api/shares', async (c) => {
    const { itemId } = parseWith(listQuery, c.req.query());
    return c.json({ shares: await sharing.list(c.var.userId, itemId) });
  });
  app.put('/api/shares/:id/copy', requireProven(deps, services), async (c) => {
    const { after, copy } = await readJson(c, copySchema);
    await sharing.publish(c.var.userId, c.req.param('id'), after, copy);
    return c.body(null, 204);
  });
  app.post('/api/shares/:id/stop', async (c) => {
    await readJson(c, stopSchema);
    await sharing.stop(c.var.userId, c.req.param('id'));
    return c.body(null, 204);
  });

  const perAddress = services.rateLimiters({ name: 'share-link', limit: SHARE_REQUESTS_PER_10_MIN, windowMs: 10 * 60_000 });
  const perShare = services.rateLimiters({ name: 'share-views', limit: SHARE_VIEWS_PER_10_MIN, windowMs: 10 * 60_000, message: SHARE_VIEWS_TEXT });
  const perShareAll = services.rateLimiters({ name: 'share-views-all', limit: SHARE_VIEWS_ALL_PER_10_MIN, windowMs: 10 * 60_000, message: SHARE_VIEWS_TEXT });
  app.get('/api/shared/:token', async (c) => {
    const ip = clientIp(c, deps);
    await perAddress.hit(`share-link:${ip}`);
    // Counted per share only once it exists, so made-up ids leave no windows behind.
    return c.json(
      await sharing.view(c.req.param('token'), async (shareId) => {
        await perShare.hit(`${shareId}:${ip}`);
        await perShareAll.hit(shareId);
      }),
    );
  });

  const filesPerAddress = services.rateLimiters({ name: 'share-file', limit: SHARE_FILE_REQUESTS_PER_10_MIN, windowMs: 10 * 60_000 });
  const { fileBytesPerMinute } = deps.config.limits;
  const bytesPerAddress = createDownloadBudget(fileBytesPerMinute, deps.now, SHARE_FILE_TEXT);
  const bytesPerShare = createDownloadBudget(SHARE_FILE_SHARE_FACTOR * fileBytesPerMinute, deps.now, SHARE_FILE_TEXT);
  const bytesPerOwner = createDownloadBudget(deps.config.limits.sharedFileBytesPerMinute, deps.now, SHARE_FILE_TEXT);
  const filesPerShare = services.rateLimiters({ name: 'share-file-all', limit: SHARE_FILE_REQUESTS_ALL_PER_10_MIN, windowMs: 10 * 60_000, message: SHARE_FILE_TEXT });
  app.get('/api/shared/:token/files/:fileId', async (c) => {
    const ip = clientIp(c, deps);
    await filesPerAddress.hit(`share-file:${ip}`);
    const fileId = c.req.param('fileId');
    const covered = FILE_ID_RE.test(fileId) ? await sharing.coveredFile(c.req.param('token'), fileId) : null;
    if (!covered) throw NO_FILE();
    // Counted per share only once it is covered, so made-up ids leave no windows behind.
    await filesPerShare.hit(`share-file-all:${covered.shareId}`);
    const charges = [bytesPerAddress(`share-bytes:${ip}`), bytesPerShare(`share-bytes-all:${covered.shareId}`), bytesPerOwner(`share-bytes-owner:${covered.ownerId}`)];
    const res = await serveStoredFile(c, services.blobs, covered.ownerId, { blobId: fileId } as FileRef, (bytes) => {
      for (const charge of charges) charge(bytes);
    });
    if (!res) throw NO_FILE(); // not uploaded yet (or its blob gone): the same 404
    return res;
  });
  return app;
}
