/**
 * `POST /api/keys/proof { proof }` (contract.md "AK proof token"; SECURITY.md "Password reset"):
 * a device shows it holds the account key AK by sending akProofToken(AK, userId) (base64url, 32
 * bytes); the server compares its SHA-256 with the stored `proof_hash` in constant time. A match
 * marks this session proven (accounts/unproven.ts): after a password reset, it may change trustees,
 * recipients' addresses and release settings again. A wrong proof is a 400 naming `proof`;
 * 10 tries per session per 10 minutes, and at most 200 per account (issue 40: a reset's session
 * that spends its tries must not lock out the owner's device with the right proof; the account's
 * cap bounds the work of many sessions, since a 256-bit proof cannot be guessed anyway). An account without keys, or whose keys were made after the
 * reset, has nothing to prove with (409). A proof ends the account's unproven state.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { fromB64url } from '../../shared/crypto/bytes';
import { proofHash } from '../../shared/crypto/keys';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../accounts';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { KeyRouteServices } from './route-services';

const proofSchema = z.strictObject({ proof: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The proof must be 32 bytes of base64url')) });
const WRONG = 'This device could not prove it holds your keys.';

/** Proof tries per session per 10 minutes. */
export const PROOFS_PER_SESSION = 10;
/** Proof tries per account per 10 minutes, over all its sessions. */
export const PROOFS_PER_ACCOUNT = 200;

/** The proof route (mounted by app.ts). */
export function keyProofRoutes(deps: AppDeps, services: Pick<KeyRouteServices, 'accounts' | 'rateLimiters' | 'keys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const message = 'Too many attempts. Please wait a few minutes and try again.';
  const perSession = services.rateLimiters({ name: 'key-proof-session', limit: PROOFS_PER_SESSION, windowMs: 10 * 60_000, message });
  const perAccount = services.rateLimiters({ name: 'key-proof', limit: PROOFS_PER_ACCOUNT, windowMs: 10 * 60_000, message });

  app.post('/api/keys/proof', requireSession(deps, services), async (c) => {
    const { proof } = await readJson(c, proofSchema);
    const userId = c.var.userId;
    // The session's own tries first (keyed by a hash: a limiter's key is no session credential), then the account's cap.
    await perSession.hit(`proof:${createHash('sha256').update(c.var.sessionId).digest('base64url').slice(0, 22)}`);
    await perAccount.hit(`proof:${userId}`);
    const keys = await services.keys.get(userId);
    if (!keys) throw new ApiHttpError(409, 'This account has no keys yet.');
    // Keys made since the reset (an account from before keys, set up after it) prove nothing:
    // whoever did the reset could have made them. Only an AK older than the reset (or, without
    // one, than this session) counts.
    const session = await services.accounts.findSession(c.var.sessionId);
    const since = (await services.accounts.unprovenSince(userId)) ?? session?.created_at;
    if (!session || since === undefined || keys.createdAt > since) throw new ApiHttpError(409, 'This account\'s keys are newer than this sign-in, so they cannot prove it.');
    const token = fromB64url(proof);
    const got = Buffer.from(token ? await proofHash(token) : '', 'hex');
    const want = Buffer.from(keys.proofHash, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new ApiHttpError(400, WRONG, [{ path: 'proof', message: WRONG }]);
    await services.accounts.proveSession(c.var.sessionId);
    await services.accounts.setUnprovenSince(userId, null); // the account is proven: later sign-ins are too
    return c.json({ ok: true });
  });
  return app;
}
