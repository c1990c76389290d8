/**
 * `POST /api/keys/rotate` (SECURITY.md "Replacing the account key"; shared/crypto/rotation.ts):
 * a device replaces the account key AK. The server only stores wraps: AK under the password and
 * under the new recovery code, the keyring re-wrapped, the new proof hash, each live kit
 * generation's owner copy sealed again. It never reads a key.
 * - A proven session (accounts/unproven.ts: whoever reset the password cannot take the account's keys
 *   away) with the password entered recently (accounts/reauth.ts), AND the current login secret in the
 *   body (`loginSecret`), checked and rate limited as a password change (accounts/current-secret.ts):
 *   a signed-in session alone (a device picked up) could otherwise store junk wraps and lock the
 *   owner out of their words for good.
 * - Compare-and-set on what the device read (AK version, keyring revision, KDF parameters), in ONE
 *   transaction (KeyStore.rotate): of two devices at once one wins, the other gets 409 with the
 *   winner's keys; never a keyring half under one AK and half under another.
 * - Never loses a key: the new keyring holds exactly the stored keyring's kids, at version
 *   `fromAkVersion + 1`, else 400 naming the field (`keyring.keys.<kid>`, `keyring.ak`); an owner
 *   copy comes for exactly the live generations, else 409 naming `ownerCopies.<generation>` with
 *   the current keys (the kits changed since the device read them: it reads again and retries).
 * - `endOtherSessions` (a lost device) ends every other session of the account, as a password change does.
 */
import { Hono } from 'hono';
import type { KdfParams } from '../../shared/crypto/kdf';
import type { StoredKeyring } from '../../shared/crypto/keys';
import { rotateKeysSchema } from '../../shared/schema/keys';
import type { AppDeps, AppEnv } from '../app-env';
import { currentSecretCheck, type CheckCurrentSecret, requireSession, requireRecentAuth, requireProven } from '../accounts';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { KeyRouteServices } from './route-services';
import type { AccountKeys } from './key-store';
import { keysJson, proofHashOf } from './answers';

const CHANGED = 'Your keys changed on another device meanwhile';

/** 400 naming `path`. */
const refuse = (path: string, message: string) => new ApiHttpError(400, message, [{ path, message }]);

/** The first kid of `stored` missing from `next`, then the first kid `next` adds: a rotation re-wraps exactly the stored keys. */
function keyringDifference(stored: StoredKeyring, next: StoredKeyring): ApiHttpError | null {
  const missing = Object.keys(stored.keys).find((kid) => !Object.hasOwn(next.keys, kid));
  if (missing) return refuse(`keyring.keys.${missing}`, `The key ${missing} is missing: a new account key re-wraps every key`);
  const added = Object.keys(next.keys).find((kid) => !Object.hasOwn(stored.keys, kid));
  return added ? refuse(`keyring.keys.${added}`, `The key ${added} is not in the keyring: a new account key adds no key`) : null;
}

/** The rotation route (mounted by app.ts, which passes the password change's `checkCurrentSecret`). */
export function keyRotationRoutes(
  deps: AppDeps,
  services: Pick<KeyRouteServices, 'accounts' | 'rateLimiters' | 'hasher' | 'keys'>,
  checkCurrentSecret: CheckCurrentSecret = currentSecretCheck(services),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  const stale = (current: AccountKeys) => new ApiHttpError(409, CHANGED, undefined, undefined, { current: keysJson(current) });

  app.post('/api/keys/rotate', requireSession(deps, services), requireProven(deps, services), requireRecentAuth(deps, services), async (c) => {
    const body = await readJson(c, rotateKeysSchema);
    const userId = c.var.userId;
    const keyring = body.keyring as StoredKeyring;
    // The cheap refusals first (issue 40): no keys, a stale or malformed rotation are answered
    // before the current password is hashed. The store's compare-and-set still catches a change made
    // while it was (rotate's 'stale').
    const cur = await s.keys.get(userId);
    if (!cur) throw new ApiHttpError(404, 'This account has no keys yet');
    if (body.fromAkVersion !== cur.akVersion || body.rev !== cur.keyringRev || JSON.stringify(body.kdf) !== JSON.stringify(cur.kdf)) throw stale(cur);
    if (keyring.ak !== cur.akVersion + 1) throw refuse('keyring.ak', `The new keyring must be wrapped under account key version ${cur.akVersion + 1}`);
    const lost = keyringDifference(cur.keyring, keyring);
    if (lost) throw lost;
    await checkCurrentSecret(userId, body.loginSecret, 'loginSecret');
    const next = { akVersion: keyring.ak, akPassword: body.akPassword, akRecovery: body.akRecovery, keyring, proofHash: await proofHashOf(body.proof), ownerCopies: body.ownerCopies };
    const result = await s.keys.rotate(userId, { akVersion: cur.akVersion, keyringRev: cur.keyringRev, kdf: body.kdf as KdfParams }, next, deps.now());
    if (result === 'stale') throw stale((await s.keys.get(userId)) ?? cur);
    if (result !== 'ok') {
      const missing = result.ownerCopies.find((g) => !Object.hasOwn(body.ownerCopies, String(g)));
      const extra = Object.keys(body.ownerCopies).find((g) => !result.ownerCopies.includes(Number(g)));
      const path = `ownerCopies.${missing ?? extra}`;
      const message = missing ? `The owner copy of kit generation ${missing} is missing: every copy is sealed again` : `There is no kit generation ${extra} to seal again`;
      // The kits changed since the device read them (made or retired elsewhere): 409 with the keys, so it reads again and retries.
      throw new ApiHttpError(409, message, [{ path, message }], undefined, { current: keysJson((await s.keys.get(userId)) ?? cur) });
    }
    if (body.endOtherSessions) await s.accounts.deleteOtherSessions(userId, c.var.sessionId);
    return c.json(keysJson((await s.keys.get(userId))!));
  });
  return app;
}
