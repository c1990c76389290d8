/**
 * Keys and the password the server never sees (SECURITY.md "Sealed from the server";
 * shared/crypto/README.md "Keys", "KDF"). A device derives 64 bytes from the password (kdf.ts):
 * one half, the login secret, is sent in place of the password and scrypted as passwords were
 * (auth/password.ts); the other half unwraps the account key AK, which the server holds only
 * wrapped. Routes:
 *
 *   POST /api/auth/prelogin { identifier }     → { kdf }: the account's parameters; deterministic
 *        fake ones for an unknown name (auth/fake-salt.ts); `null` for an account made before keys
 *        (it signs in with its password once more, then sets keys up).
 *   GET  /api/keys                             → the account's key material (wraps, keyring, rev)
 *   PUT  /api/keys/keyring { rev, keyring }    → compare-and-set; 409 with the current one
 *   POST /api/keys/setup { loginSecret, kdf, keys }  (password entered recently) → keys for an
 *        account made before them, by compare-and-set (two devices: one AK, the other gets 409 and it)
 *   POST /api/keys/password { currentLoginSecret, loginSecret, kdf, akPassword } → AK re-wrapped
 *   POST /api/keys/recovery { akRecovery } (password entered recently) → a new kit; the old stops
 *   POST /api/keys/recovery/confirmed          → the person showed they kept it
 *   GET  /api/keys/recovery                    → the recovery wrap, for a device unlocking with the code
 *
 * Registration and login with keys are in auth routes (routes/auth.ts calls `keyedAuth`).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { fakeKdfParams } from '../auth/fake-salt';
import { requireSession } from '../auth/middleware';
import { requireRecentAuth } from '../auth/reauth';
import { hashPassword, verifyPassword } from '../auth/password';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import type { AccountKeys, NewAccountKeys } from './key-store';
import { findSignInAccount, newKeysOf } from './keyed-auth';
import { keyedPasswordSchema, preloginSchema, putKeyringSchema, recoverySchema, setupSchema } from './schemas';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** The key material a signed-in device reads (never the proof hash). */
export function keysJson(k: AccountKeys) {
  return {
    kdf: k.kdf,
    akVersion: k.akVersion,
    akPassword: k.akPassword,
    keyring: k.keyring,
    keyringRev: k.keyringRev,
    recovery: { createdAt: iso(k.recoveryCreatedAt), confirmedAt: iso(k.recoveryConfirmedAt) },
    sealed: k.sealedAt !== null,
  };
}
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every kid of `before` is still in `after` (history and kept versions must go on opening). */
const keepsEveryKey = (before: AccountKeys['keyring'], after: AccountKeys['keyring']) => Object.keys(before.keys).every((kid) => kid in after.keys);

export function keyRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { keys, accounts } = services;
  const perIp = services.rateLimiters({ name: 'auth-ip', limit: 30, windowMs: 10 * 60_000, message: TOO_MANY });
  const perAccount = services.rateLimiters({ name: 'keys-account', limit: 20, windowMs: 15 * 60_000, message: TOO_MANY });
  const mine = async (userId: string) => {
    const k = await keys.get(userId);
    if (!k) throw new ApiHttpError(404, 'This account has no keys yet');
    return k;
  };

  app.post('/api/auth/prelogin', async (c) => {
    const { identifier } = await readJson(c, preloginSchema);
    await perIp.hit(`prelogin:${clientIp(c, deps)}`);
    const row = await findSignInAccount(accounts, identifier);
    const k = row ? await keys.get(row.id) : null;
    // An unknown name gets parameters as real-looking and as stable as a known one's.
    if (!row) return c.json({ kdf: fakeKdfParams(deps.config.sessionSecret, identifier) });
    return c.json({ kdf: k ? k.kdf : null });
  });

  app.get('/api/keys', requireSession(deps, services), async (c) => c.json(keysJson(await mine(c.var.userId))));

  app.put('/api/keys/keyring', requireSession(deps, services), async (c) => {
    const body = await readJson(c, putKeyringSchema);
    const current = await mine(c.var.userId);
    if (!keepsEveryKey(current.keyring, body.keyring)) throw new ApiHttpError(400, 'A keyring may add keys, never drop one', [{ path: 'keyring', message: 'Drops a key' }]);
    if (body.keyring.ak !== current.akVersion) throw new ApiHttpError(400, 'The keyring must be wrapped under the current account key', [{ path: 'keyring.ak', message: 'Not the current account key' }]);
    if (!(await keys.putKeyring(c.var.userId, body.rev, body.keyring, deps.now()))) {
      return c.json({ error: 'The keyring changed on another device', current: keysJson(await mine(c.var.userId)) }, 409);
    }
    return c.json(keysJson(await mine(c.var.userId)));
  });

  app.post('/api/keys/setup', requireSession(deps, services), requireRecentAuth(deps, services), async (c) => {
    const body = await readJson(c, setupSchema);
    await perAccount.hit(`setup:${c.var.userId}`);
    const hash = await hashPassword(body.loginSecret, deps.config.passwordCost);
    const created = await keys.create(c.var.userId, await newKeysOf(body.keys, body.kdf), deps.now(), hash);
    if (!created) return c.json({ error: 'This account already has keys (made on another device)', current: keysJson(await mine(c.var.userId)) }, 409);
    return c.json(keysJson(await mine(c.var.userId)), 201);
  });

  app.post('/api/keys/password', requireSession(deps, services), async (c) => {
    const body = await readJson(c, keyedPasswordSchema);
    await perAccount.hit(`password:${c.var.userId}`);
    await mine(c.var.userId);
    const row = await accounts.findById(c.var.userId);
    if (!row || !(await verifyPassword(body.currentLoginSecret, row.password_hash))) {
      throw new ApiHttpError(400, 'Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    }
    await keys.setPassword(row.id, body.kdf, body.akPassword, await hashPassword(body.loginSecret, deps.config.passwordCost), deps.now());
    await accounts.deleteOtherSessions(row.id, c.var.sessionId);
    return c.json({ ok: true });
  });

  app.post('/api/keys/recovery', requireSession(deps, services), requireRecentAuth(deps, services), async (c) => {
    const body = await readJson(c, recoverySchema);
    await mine(c.var.userId);
    await keys.setRecovery(c.var.userId, body.akRecovery, deps.now());
    return c.json(keysJson(await mine(c.var.userId)));
  });

  app.post('/api/keys/recovery/confirmed', requireSession(deps, services), async (c) => {
    await keys.confirmRecovery(c.var.userId, deps.now());
    return c.json(keysJson(await mine(c.var.userId)));
  });

  app.get('/api/keys/recovery', requireSession(deps, services), async (c) => {
    const k = await mine(c.var.userId);
    if (!k.akRecovery) throw new ApiHttpError(404, 'This account has no recovery kit');
    return c.json({ akVersion: k.akVersion, akRecovery: k.akRecovery });
  });

  return app;
}
