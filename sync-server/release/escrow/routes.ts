/**
 * The release escrow's routes (escrow.ts; SECURITY.md "Release escrow"), behind a session:
 *
 *   PUT /api/release/escrow  { keys: { <kid>: <32 bytes base64url> } }  → { keyCount, updatedAt }
 *       The ONE route that shows scope keys to the server, and only messages' keys (any other is
 *       refused, 400 naming it: a trustee's level opens only with their kit, shared/release/
 *       released-keys.ts): they are wrapped under the release key before anything is stored, and never logged. A deposit replaces the account's escrow; a
 *       session made by a password reset may deposit only once its device proved it holds AK.
 *   DELETE /api/release/escrow  → { deleted }  (the owner's device asks: it knows k trustee kits were
 *       handed over and the server still answered `ended: false`, issue 39 "No back door"; a proven
 *       session only, counted with the deposits)
 *   GET /api/release/escrow  → { keyCount, updatedAt, kids, ended }  (what is deposited, never a key;
 *       `ended`: k trustee kits were handed over and the escrow was deleted: PUT is then refused, 409)
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { fromB64url } from '../../../shared/crypto/bytes';
import { parseKid } from '../../../shared/crypto/kid';
import { releasedKid } from '../../../shared/release/released-keys';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireSession, requireProven } from '../../accounts';
import { readJson } from '../../http/validate';
import { ApiHttpError } from '../../http/errors';
import type { ReleaseRouteServices } from '../route-services';

/**
 * The most keys one deposit may hold: each message's scope, with room
 * for rotated versions (shared/crypto/kid.ts), from the account's message limit (shared/limits.ts).
 */
export const maxEscrowKeys = (recordsPerCollection: number) => 2 * recordsPerCollection + 64;

/**
 * Deposits one account may make in an hour. A device deposits when its keyring changes (a new
 * message's key); each deposit wraps every key it holds, so deposits are counted, not only the
 * account frame's writes (SECURITY.md "Limits").
 */
export const ESCROW_DEPOSITS_PER_HOUR = 30;

const rawKey = z.string().refine((s) => fromB64url(s)?.length === 32, 'must be a 256-bit key, base64url');

export function escrowRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'accounts' | 'rateLimiters' | 'release' | 'keys' | 'escrow'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const max = maxEscrowKeys(deps.config.limits.recordsPerCollection);
  const body = z.object({
    keys: z
      .record(z.string().refine((k) => parseKid(k) !== null, 'is not a key id (<scope>~<version>)'), rawKey)
      .refine((keys) => Object.keys(keys).length <= max, `holds at most ${max} keys`),
  });
  const ended = () => new ApiHttpError(409, "The escrow has ended: your trustees' kits hold the release now", [{ path: 'keys', message: 'are no longer kept by the server' }]);
  const deposits = services.rateLimiters({ name: 'escrow-deposit', limit: ESCROW_DEPOSITS_PER_HOUR, windowMs: 60 * 60_000, message: 'Too many key deposits. Please wait a while and try again.' });
  app.put('/api/release/escrow', requireSession(deps, services), requireProven(deps, services), async (c) => {
    const { keys } = await readJson(c, body);
    const userId = c.var.userId;
    // "The escrow ends" once k trustee kits are handed over (kits/): never deposited again.
    if (await services.release.store.kitEscrowEnded(userId)) throw ended();
    // Only the account's own keys (kids of its keyring): nothing else for a release to hand out.
    const account = await services.keys.get(userId);
    if (!account) throw new ApiHttpError(409, 'This account has no keys yet');
    const foreign = Object.keys(keys).filter((kid) => !(kid in account.keyring.keys));
    if (foreign.length) throw new ApiHttpError(400, 'Some keys are not this account\'s', foreign.map((kid) => ({ path: `keys.${kid}`, message: 'is not a key of this account\'s keyring' })));
    // Only messages' keys: a trustee's level opens only with their kit, never from the escrow
    // (shared/release/released-keys.ts; issue "Release through trustees' key shares", "The escrow ends").
    const kept = Object.keys(keys).filter((kid) => !releasedKid(kid));
    if (kept.length) throw new ApiHttpError(400, 'Only your messages\' keys are left with the server', kept.map((kid) => ({ path: `keys.${kid}`, message: 'is not a message\'s key: it opens only with trustee kits' })));
    await deposits.hit(`escrow:${userId}`);
    if (!(await services.escrow.deposit(userId, new Map(Object.entries(keys).map(([kid, b]) => [kid, fromB64url(b)!]))))) throw ended();
    const s = await services.escrow.status(userId);
    return c.json({ keyCount: s!.keyCount, updatedAt: new Date(s!.updatedAt).toISOString() });
  });
  app.delete('/api/release/escrow', requireSession(deps, services), requireProven(deps, services), async (c) => {
    const userId = c.var.userId;
    await deposits.hit(`escrow:${userId}`);
    return c.json({ deleted: await services.escrow.remove(userId) });
  });
  app.get('/api/release/escrow', requireSession(deps, services), async (c) => {
    const s = await services.escrow.status(c.var.userId);
    const ended = await services.release.store.kitEscrowEnded(c.var.userId);
    return c.json(s ? { keyCount: s.keyCount, updatedAt: new Date(s.updatedAt).toISOString(), kids: s.kids, ended } : { keyCount: 0, updatedAt: null, kids: [], ended });
  });
  return app;
}
