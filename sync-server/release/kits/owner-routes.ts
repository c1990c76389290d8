/**
 * The owner's trustee-kit routes (contract §2), behind a session (CSRF and the account's budgets as
 * every /api route: app.ts), bodies validated with zod (4xx `{ error, issues }` naming the field):
 *
 *   GET  /api/kits                       → { current, pending, escrowEnded } (shared/schema/kits.ts KitsState)
 *   POST /api/kits                       { generation, k, checkValue, ownerCopy, kits: [{ trusteeId, index, commitment, gate, blob }] }
 *                                        (at most one kit may be the executor kit, trusteeId `~executor`, with an empty blob)
 *                                        → 201 { generation, kits: [{ trusteeId, token }] }
 *   PUT  /api/kits/:generation/blobs     { blobs: { <trusteeId>: blob } } → 204
 *
 * The gate is the ONE secret of a kit the server is shown: it is sealed under the release key
 * before anything is stored (seal.ts) and never logged. Shares, Q and the trustees' t never come here.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { fromB64url } from '../../../shared/crypto/bytes';
import { checkTrusteeBlob, isExecutorKit } from '../../../shared/crypto/trustee-kit';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireSession, requireProven } from '../../accounts';
import { ApiHttpError } from '../../http/errors';
import { readJson } from '../../http/validate';
import { refuseReplacedAk } from '../../keys';
import type { ReleaseRouteServices } from '../route-services';

/** The most kits one generation may have: one per live trustee (shared/limits.ts `trustees`) and the executor kit. */
export const maxKits = (trustees: number) => Math.min(trustees + 1, 255);
/** Largest trustee blob (one wrapped key per scope of the trustee's level), and the owner's sealed copy (characters). */
export const KIT_BLOB_MAX = 64 * 1024;
export const OWNER_COPY_MAX = 256 * 1024;
/** Generations one account may make in a day (re-keying is rare; each makes n kits). */
export const KIT_GENERATIONS_PER_DAY = 20;

const b64Bytes = (min: number, max: number, what: string) =>
  z
    .string()
    .max(Math.ceil((max * 4) / 3) + 2)
    .refine((s) => {
      const b = fromB64url(s);
      return !!b && b.length >= min && b.length <= max;
    }, `must be ${what}, base64url`);
/** A trustee blob of trustee-kit.ts (its shape checked without a key: checkTrusteeBlob). */
const blob = z
  .string()
  .min(1)
  .max(KIT_BLOB_MAX)
  .refine((b) => {
    try {
      checkTrusteeBlob(b);
      return true;
    } catch {
      return false;
    }
  }, 'must be a sealed trustee blob');
const trusteeId = z.string().min(1).max(100);
/** Whether a blob (already checked by `blob`) holds any key. */
const opensSomething = (b: string) => {
  try {
    return checkTrusteeBlob(b).length > 0;
  } catch {
    return false;
  }
};

/** The body of `POST /api/kits` for an account of `limits` (exported for the tests). */
export function newGenerationSchema(trustees: number) {
  const max = maxKits(trustees);
  return z
    .strictObject({
      generation: z.number().int().min(1).max(0xffff),
      k: z.number().int().min(1).max(max),
      checkValue: z.string().max(200).regex(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{20,}$/, 'must be a check value (<nonce>.<ciphertext>, base64url)'),
      ownerCopy: z.string().min(1).max(OWNER_COPY_MAX),
      akVersion: z.number().int().min(1).optional(),
      kits: z
        .array(
          z.strictObject({
            trusteeId,
            index: z.number().int().min(1).max(max),
            commitment: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 commitment (64 lowercase hex digits)'),
            gate: b64Bytes(32, 32, 'a 256-bit gate secret'),
            blob,
          }),
        )
        .min(1)
        .max(max),
    })
    .superRefine((b, ctx) => {
      if (b.k > b.kits.length) ctx.addIssue({ code: 'custom', path: ['k'], message: `must be at most the number of kits (${b.kits.length})` });
      const seen = new Set<string>();
      b.kits.forEach((k, i) => {
        if (seen.has(k.trusteeId)) ctx.addIssue({ code: 'custom', path: ['kits', i, 'trusteeId'], message: 'has a kit already in this generation' });
        seen.add(k.trusteeId);
        // The executor kit is a share only (issue "Fewer than k kits"): its blob opens nothing.
        if (isExecutorKit(k.trusteeId) && opensSomething(k.blob)) ctx.addIssue({ code: 'custom', path: ['kits', i, 'blob'], message: 'must open nothing: the executor kit is a share only' });
      });
      if (b.kits.every((k) => isExecutorKit(k.trusteeId))) ctx.addIssue({ code: 'custom', path: ['kits'], message: 'must hold at least one trustee’s kit besides the executor kit' });
      const indices = b.kits.map((k) => k.index).sort((x, y) => x - y);
      if (indices.some((x, i) => x !== i + 1)) ctx.addIssue({ code: 'custom', path: ['kits'], message: 'indices must be 1 … n, each once' });
    });
}

export function kitOwnerRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'accounts' | 'rateLimiters' | 'kits' | 'keys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { kits } = services;
  const body = newGenerationSchema(deps.config.limits.trustees);
  const blobsBody = z.strictObject({
    blobs: z.record(trusteeId, blob).refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= maxKits(deps.config.limits.trustees), 'must name 1 to n trustees'),
  });
  const generations = services.rateLimiters({
    name: 'kit-generations',
    limit: KIT_GENERATIONS_PER_DAY,
    windowMs: 24 * 60 * 60_000,
    message: 'You have made kits many times today. Please wait a day and try again.',
  });
  app.use('/api/kits', requireSession(deps, services));
  app.use('/api/kits/*', requireSession(deps, services));

  app.get('/api/kits', async (c) => c.json(await kits.overview(c.var.userId)));

  app.post('/api/kits', requireProven(deps, services), async (c) => {
    const input = await readJson(c, body);
    // An owner copy sealed under a replaced AK would open on none of the owner's devices (SECURITY.md "Replacing the account key").
    const keys = await services.keys.get(c.var.userId);
    if (keys) refuseReplacedAk(input.akVersion, keys); // a body without akVersion (an older app) counts as version 1
    await generations.hit(`kits:${c.var.userId}`);
    return c.json(await kits.make(c.var.userId, input), 201);
  });

  app.put('/api/kits/:generation/blobs', requireProven(deps, services), async (c) => {
    const generation = Number(c.req.param('generation'));
    const { blobs } = await readJson(c, blobsBody);
    if (!Number.isSafeInteger(generation) || generation < 1) return c.json({ error: 'No such generation of kits', issues: [{ path: 'generation', message: 'must be a generation number' }] }, 404);
    await kits.putBlobs(c.var.userId, generation, blobs);
    return c.body(null, 204);
  });
  return app;
}
