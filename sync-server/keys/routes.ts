/**
 * The key routes (shared/crypto/README.md "Keys"; contract: /api/auth/prelogin, /api/keys…).
 * The server only ever sees wrapped keys, KDF parameters and the login secret's scrypt hash:
 * never the password, AK or a scope key.
 * - prelogin answers the same shape for known and unknown names (fake-salt.ts), rate limited
 *   like login; a legacy account (no keys yet) gets `{ kdf: null }`.
 * - A keyring is written by compare-and-set and may only grow: dropping a kid would make the
 *   history it sealed unreadable. It stays under the account's AK version: only a rotation
 *   (rotate-route.ts) moves it to a new AK, with AK's wraps, in one transaction.
 * - After a reset, AK's password wrap comes back only from a device that proved it holds AK
 *   (accounts/unproven.ts), only while there is none, and only for the KDF parameters the server
 *   holds (a wrap under another salt would not open at sign-in).
 * - Setup (legacy account) needs a recent password (accounts/reauth.ts) and creates the row by
 *   compare-and-set: of two devices at once one wins, the other gets 409 with the winner's keys.
 */
import { Hono } from 'hono';
import type { StoredKeyring } from '../../shared/crypto/keys';
import { passwordWrapSchema, preloginSchema, putKeyringSchema, recoveryConfirmedSchema, recoverySchema, setupKeysSchema } from '../../shared/schema/keys';
import type { AppDeps, AppEnv } from '../app-env';
import { fakeKdfParams, requireSession, requireRecentAuth, requireProven } from '../accounts';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { KeyRouteServices } from './route-services';
import { akReplaced, findAccount, keysJson, proofHashOf, refuseReplacedAk } from './answers';
import type { AccountKeys } from './key-store';


const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const NO_KEYS = 'This account has no keys yet';
/** The kit being confirmed is no longer the stored one (a newer kit was made on another device meanwhile). */
export const KIT_REPLACED = 'A newer recovery kit was made on another device meanwhile: this code no longer opens your words. Keep the newest kit, or make a new one in Settings.';

/** True when `next` keeps every kid of `prev` and no older AK version (a keyring only grows; a device re-wraps each save). */
export function keyringGrowsFrom(prev: StoredKeyring, next: StoredKeyring): boolean {
  return next.ak >= prev.ak && Object.keys(prev.keys).every((kid) => kid in next.keys);
}

export function keyRoutes(deps: AppDeps, services: Pick<KeyRouteServices, 'accounts' | 'rateLimiters' | 'hasher' | 'keys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  const perIp = s.rateLimiters({ name: 'auth-ip', limit: 30, windowMs: 10 * 60_000, message: TOO_MANY });
  const session = requireSession(deps, services);
  const recent = requireRecentAuth(deps, services);
  const proven = requireProven(deps, services); // after a reset, only a device that proved it holds AK

  app.post('/api/auth/prelogin', async (c) => {
    const { identifier } = await readJson(c, preloginSchema);
    await perIp.hit(`login:${clientIp(c, deps)}`);
    const row = await findAccount(s, identifier);
    const keys = row ? await s.keys.get(row.id) : null;
    if (row && !keys) return c.json({ kdf: null });
    return c.json({ kdf: keys ? keys.kdf : fakeKdfParams(deps.config.sessionSecret, identifier) });
  });

  app.get('/api/keys', session, async (c) => {
    const keys = await s.keys.get(c.var.userId);
    if (!keys) throw new ApiHttpError(404, NO_KEYS);
    return c.json(keysJson(keys));
  });

  app.put('/api/keys/keyring', session, proven, async (c) => {
    const body = await readJson(c, putKeyringSchema);
    const keyring = body.keyring as StoredKeyring;
    const cur = await s.keys.get(c.var.userId);
    if (!cur) throw new ApiHttpError(404, NO_KEYS);
    if (cur.keyringRev !== body.rev) return c.json({ error: 'The keyring changed meanwhile', current: keysJson(cur) }, 409);
    if (keyring.ak !== cur.akVersion) {
      // Only a rotation (rotate-route.ts) moves the keyring to another AK, with AK's wraps in the same step.
      const message = `The keyring must be wrapped under account key version ${cur.akVersion}`;
      throw new ApiHttpError(400, message, [{ path: 'keyring.ak', message }]);
    }
    if (!keyringGrowsFrom(cur.keyring, keyring)) {
      throw new ApiHttpError(400, 'A keyring may only gain keys', [{ path: 'keyring', message: 'A keyring may only gain keys' }]);
    }
    if (!(await s.keys.putKeyring(c.var.userId, body.rev, keyring, deps.now()))) {
      return c.json({ error: 'The keyring changed meanwhile', current: keysJson((await s.keys.get(c.var.userId))!) }, 409);
    }
    return c.json({ keyringRev: body.rev + 1 });
  });

  app.post('/api/keys/setup', session, recent, async (c) => {
    const body = await readJson(c, setupKeysSchema);
    const { keys } = body;
    // The cheap refusal before the costly work (issue 40): an account that has keys is answered
    // without hashing. Two setups racing past this check still meet the store's compare-and-set.
    const had = await s.keys.get(c.var.userId);
    if (had) return c.json({ error: 'This account already has keys', current: keysJson(had) }, 409);
    const created = await s.keys.create(
      c.var.userId,
      {
        kdf: body.kdf as AccountKeys['kdf'],
        akVersion: keys.akVersion,
        akPassword: keys.akPassword,
        akRecovery: keys.akRecovery,
        keyring: keys.keyring as StoredKeyring,
        proofHash: await proofHashOf(keys.proof),
      },
      deps.now(),
      await s.hasher.hash(body.loginSecret, deps.config.passwordCost),
    );
    const now = (await s.keys.get(c.var.userId))!;
    if (!created) return c.json({ error: 'This account already has keys', current: keysJson(now) }, 409);
    return c.json(keysJson(now), 201);
  });

  app.post('/api/keys/recovery', session, proven, recent, async (c) => {
    const { akRecovery, akVersion } = await readJson(c, recoverySchema);
    const keys = await s.keys.get(c.var.userId);
    if (!keys) throw new ApiHttpError(404, NO_KEYS);
    refuseReplacedAk(akVersion, keys);
    // Compare-and-set on the version too: a rotation committed since the check above wins.
    if (!(await s.keys.setRecovery(c.var.userId, akRecovery, deps.now(), akVersion ?? 1))) throw akReplaced((await s.keys.get(c.var.userId))!);
    return c.json({ ok: true });
  });

  app.put('/api/keys/password-wrap', session, proven, async (c) => {
    const body = await readJson(c, passwordWrapSchema);
    const keys = await s.keys.get(c.var.userId);
    if (!keys) throw new ApiHttpError(404, NO_KEYS);
    const stale = JSON.stringify(body.kdf) !== JSON.stringify(keys.kdf);
    if (stale || !(await s.keys.restorePasswordWrap(c.var.userId, body.akPassword, deps.now()))) {
      return c.json({ error: stale ? 'The password changed meanwhile' : 'Your password already opens your keys', current: keysJson((await s.keys.get(c.var.userId))!) }, 409);
    }
    return c.json({ ok: true });
  });

  // Kept: the kit whose wrap the person's code opened, not one made meanwhile on another device (SECURITY.md "Recovery").
  app.post('/api/keys/recovery/confirmed', session, async (c) => {
    const { akRecovery } = await readJson(c, recoveryConfirmedSchema);
    if (!(await s.keys.confirmRecovery(c.var.userId, deps.now(), akRecovery)) && akRecovery !== undefined) {
      const keys = await s.keys.get(c.var.userId);
      return c.json({ error: KIT_REPLACED, ...(keys ? { current: keysJson(keys) } : {}) }, 409);
    }
    return c.json({ ok: true });
  });

  // What Settings' "Recovery kit" card shows; 200 also for an account without keys (no failed request on a screen).
  app.get('/api/keys/recovery/state', session, async (c) => {
    const keys = await s.keys.get(c.var.userId);
    if (!keys) return c.json({ hasKeys: false, createdAt: null, confirmedAt: null, locked: false });
    return c.json({ hasKeys: true, createdAt: keys.recoveryCreatedAt, confirmedAt: keys.recoveryConfirmedAt, locked: keys.akPassword === null });
  });

  app.get('/api/keys/recovery', session, async (c) => {
    const keys = await s.keys.get(c.var.userId);
    if (!keys?.akRecovery) throw new ApiHttpError(404, 'No recovery kit was made');
    return c.json({ akVersion: keys.akVersion, akRecovery: keys.akRecovery });
  });

  return app;
}
