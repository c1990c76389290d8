/**
 * The release escrow's routes (escrow.ts; SECURITY.md "Release escrow"), behind a session:
 *
 *   PUT /api/release/escrow  { keys: { <kid>: <32 bytes base64url> } }  → { keyCount, updatedAt }
 *       The ONE route that shows scope keys to the server: they are wrapped under the release key
 *       before anything is stored, and never logged. A deposit replaces the account's escrow; a
 *       session made by a password reset may deposit only once its device proved it holds AK.
 *   GET /api/release/escrow  → { keyCount, updatedAt, kids }  (what is deposited, never a key)
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { fromB64url } from '../../shared/crypto/bytes';
import { parseKid } from '../../shared/crypto/kid';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { requireProven } from '../auth/unproven';
import { readJson } from '../http/validate';
import type { Services } from '../services';

/**
 * The most keys one deposit may hold: each message's scope and the four fixed scopes, with room
 * for rotated versions (shared/crypto/kid.ts), from the account's message limit (shared/limits.ts).
 */
export const maxEscrowKeys = (recordsPerCollection: number) => 2 * recordsPerCollection + 64;

const rawKey = z.string().refine((s) => fromB64url(s)?.length === 32, 'must be a 256-bit key, base64url');

export function escrowRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const max = maxEscrowKeys(deps.config.limits.recordsPerCollection);
  const body = z.object({
    keys: z
      .record(z.string().refine((k) => parseKid(k) !== null, 'is not a key id (<scope>~<version>)'), rawKey)
      .refine((keys) => Object.keys(keys).length <= max, `holds at most ${max} keys`),
  });
  app.put('/api/release/escrow', requireSession(deps, services), requireProven(deps, services), async (c) => {
    const { keys } = await readJson(c, body);
    const userId = c.var.userId;
    await services.escrow.deposit(userId, new Map(Object.entries(keys).map(([kid, b]) => [kid, fromB64url(b)!])));
    const s = await services.escrow.status(userId);
    return c.json({ keyCount: s!.keyCount, updatedAt: new Date(s!.updatedAt).toISOString() });
  });
  app.get('/api/release/escrow', requireSession(deps, services), async (c) => {
    const s = await services.escrow.status(c.var.userId);
    return c.json(s ? { keyCount: s.keyCount, updatedAt: new Date(s.updatedAt).toISOString(), kids: s.kids } : { keyCount: 0, updatedAt: null, kids: [] });
  });
  return app;
}
