/**
 * The routes of messages' delivery choices (kits/message-keys.ts; README.md "Trustee kits"):
 *
 *   PUT /api/kits/messages/:messageId   (owner) { generation, mode: 'server'|'trustee', kid, gate?, wrap?, handovers?: [{ trusteeId, wrap, to? }] } → 204
 *   PUT /api/kits/messages              (owner) { choices: [{ messageId, choice }] } (1 … 100) → { saved, refused: [{ messageId, generation, status, error }] }
 *                                       the same, many at once: a device binding hundreds of messages to new kits
 *                                       stays far inside the account's writes per minute (shared/limits.ts)
 *   GET /api/kits/messages              (owner) → { messages: [{ messageId, mode, kid, generations, trustees }] }
 *   GET /api/kit/:token/handovers       (public, the kit token is the capability) → { messages: HandoverJson[] }, after the release only
 *
 * Owner bodies are strict zod objects (4xx `{ error, issues }` naming the field) behind a session,
 * CSRF and the account's budgets (app.ts) and a proven session (accounts/unproven.ts: a reset must not
 * steer where a message's key goes). `server` takes exactly a gate and a wrap; `trustee` takes
 * only handovers (one trustee, and optionally a backup): a hand-delivered message's key can never
 * be sent together with a gate the server holds. The owner routes are mounted before
 * kits/owner-routes.ts (whose `/api/kits/:generation/blobs` would match `/api/kits/messages/blobs`).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { fromB64url } from '../../../shared/crypto/bytes';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireSession, requireProven } from '../../accounts';
import { clientIp } from '../../http/client-ip';
import { ApiHttpError } from '../../http/errors';
import { readJson } from '../../http/validate';
import type { ReleaseRouteServices } from '../route-services';
import { KIT_REQUESTS_PER_10_MIN } from './public-routes';

/** A w1 wrapped 32-byte key (shared/crypto/wrap.ts): nonce 16 characters, ciphertext and tag 64. */
const wrapped = z.string().regex(/^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/, 'must be a wrapped key (w1.<nonce>.<ciphertext>)');
const gate = z
  .string()
  .max(44)
  .refine((s) => fromB64url(s)?.length === 32, 'must be a 256-bit gate secret, base64url');
/** A message id (shared/crypto/kid.ts: a message scope's id). */
const MESSAGE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** The body of `PUT /api/kits/messages/:messageId` (exported for the tests). */
export const messageChoiceSchema = z
  .strictObject({
    generation: z.number().int().min(1).max(0xffff),
    mode: z.enum(['server', 'trustee']),
    kid: z.string().max(80),
    /** Compare-and-set: the mode the device read (null: no choice stored); a background re-wrap sends it (sync rule 28's spirit). */
    ifMode: z.enum(['server', 'trustee']).nullable().optional(),
    gate: gate.optional(),
    wrap: wrapped.optional(),
    handovers: z
      .array(z.strictObject({ trusteeId: z.string().min(1).max(100), wrap: wrapped, to: z.string().min(3).max(320).optional() }))
      .min(1)
      .max(2)
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'server') {
      if (b.gate === undefined) ctx.addIssue({ code: 'custom', path: ['gate'], message: 'is needed when the server delivers the message' });
      if (b.wrap === undefined) ctx.addIssue({ code: 'custom', path: ['wrap'], message: 'is needed when the server delivers the message' });
      if (b.handovers !== undefined) ctx.addIssue({ code: 'custom', path: ['handovers'], message: 'must be left out when the server delivers the message' });
    } else {
      if (b.handovers === undefined) ctx.addIssue({ code: 'custom', path: ['handovers'], message: 'must name the trustee who hands the message over' });
      if (b.gate !== undefined) ctx.addIssue({ code: 'custom', path: ['gate'], message: 'must be left out: the server never holds a way to open a hand-delivered message' });
      if (b.wrap !== undefined) ctx.addIssue({ code: 'custom', path: ['wrap'], message: 'must be left out: the server never holds a way to open a hand-delivered message' });
      if (b.handovers?.length === 2 && b.handovers[0]!.trusteeId === b.handovers[1]!.trusteeId) ctx.addIssue({ code: 'custom', path: ['handovers', 1, 'trusteeId'], message: 'must be another trustee than the first' });
    }
  });

/** The most choices one batch carries (each is one message's wraps for one generation). */
export const MESSAGE_CHOICES_PER_BATCH = 100;
const batchSchema = z.strictObject({
  choices: z
    .array(z.strictObject({ messageId: z.string().regex(MESSAGE_ID_RE, 'must be a message id'), choice: messageChoiceSchema }))
    .min(1)
    .max(MESSAGE_CHOICES_PER_BATCH),
});

/** The owner's routes (mount before kitOwnerRoutes). */
export function messageKeyOwnerRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'accounts' | 'records' | 'messageKeys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { messageKeys } = services;
  app.use('/api/kits/messages', requireSession(deps, services));
  app.use('/api/kits/messages/*', requireSession(deps, services));
  app.get('/api/kits/messages', async (c) => c.json(await messageKeys.list(c.var.userId)));
  app.put('/api/kits/messages', requireProven(deps, services), async (c) => {
    const { choices } = await readJson(c, batchSchema);
    let saved = 0;
    const refused: Array<{ messageId: string; generation: number; status: number; error: string }> = [];
    for (const { messageId, choice } of choices) {
      try {
        await messageKeys.put(c.var.userId, messageId, choice);
        saved += 1;
      } catch (err) {
        // One message deleted or re-keyed meanwhile does not undo the others (each is stored on its own).
        if (!(err instanceof ApiHttpError) || err.status >= 500) throw err;
        refused.push({ messageId, generation: choice.generation, status: err.status, error: err.message });
      }
    }
    // Each item is a write of its own (a seal and its rows): the account frame counted the request as one.
    await services.records.throttle.writes.charge(c.var.userId, choices.length - 1);
    return c.json({ saved, refused });
  });
  app.put('/api/kits/messages/:messageId', requireProven(deps, services), async (c) => {
    const messageId = c.req.param('messageId');
    const body = await readJson(c, messageChoiceSchema);
    if (!MESSAGE_ID_RE.test(messageId)) return c.json({ error: 'No such message', issues: [{ path: 'messageId', message: 'is not a message id' }] }, 404);
    await messageKeys.put(c.var.userId, messageId, body);
    return c.body(null, 204);
  });
  return app;
}

/** The kit page's route (no session; rate limited per IP as the other kit routes). */
export function messageKeyPublicRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'rateLimiters' | 'kits' | 'messageKeys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = services.rateLimiters({ name: 'kit-link', limit: KIT_REQUESTS_PER_10_MIN, windowMs: 10 * 60_000 });
  app.get('/api/kit/:token/handovers', async (c) => {
    await limiter.hit(`kit-link:${clientIp(c, deps)}`);
    return c.json(await services.messageKeys.handovers(services.kits, c.req.param('token')));
  });
  return app;
}
