/**
 * Accounts and sessions (SPEC.md §7; DESIGN.md §3): register, login, logout, and — beyond
 * SPEC.md — password change, account deletion, and the password entered again before a
 * sensitive action (accounts/reauth.ts).
 * - Login answers the same 401 for an unknown user and a wrong password, after the same scrypt
 *   work (OWASP ASVS 6.3.8).
 * - Login and register are rate limited per IP and per username; windows expire, so nobody can
 *   lock another person out for good (ASVS 6.3.1). Login attempts from a device that signed in
 *   to the account before are counted in that device's own bucket (device cookies,
 *   accounts/login-throttle.ts), so a stranger's guesses never throttle the owner's devices.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  changePasswordSchema,
  confirmPasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
} from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { issueDeviceCookie, currentSecretCheck, type CheckCurrentSecret, createLoginThrottle, requireSession, requireRecentAuth, assertProven, provenByPastDevice, dummyHash, clearSessionCookie, startSession, verifySessionCookie } from './index';
import { isUsernameTaken } from './store/account-store';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { akReplaced, findAccount, keysJson, proofHashOf, refuseKdfSwitch, refuseReplacedAk } from '../keys';
import { FIELD_CLASSES } from '../../shared/crypto/fields';
import type { KdfParams } from '../../shared/crypto/kdf';
import type { StoredKeyring } from '../../shared/crypto/keys';
import { changeKeyedPasswordSchema, confirmLoginSecretSchema, jsonBodySchema, loginSecretSchema, registerWithKeysSchema } from '../../shared/schema/keys';
import type { RateLimiterFactory } from '../http/rate-limit';
import type { BlobService } from '../blobs';
import type { KeyStore } from '../keys';
import type { RecordService } from '../records';
import type { ReleaseService } from '../release';
import type { Hasher } from './hasher';
import type { SessionDeps } from './session-deps';
import { userJson } from './user-json';

const INVALID_LOGIN = 'Invalid username or password';
const TAKEN = 'That username is already taken';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const USE_KEYS = 'This account signs in without sending its password. Please update the app and sign in again.';
/** A registration with a password and no keys (Config.allowKeylessRegistration off): every new account is sealed from birth. */
export const KEYS_REQUIRED = 'A new account is made with keys: this app is out of date. Please reload it and sign up again.';
const has = (raw: unknown, field: string) => typeof raw === 'object' && raw !== null && field in raw;

/**
 * A registration with keys carries the profile's plain fields only (shared/crypto/fields.ts):
 * a sealed one (the last name) sent in plaintext is refused, 422 naming it, before anything is
 * stored — the device writes it sealed after registering (SECURITY.md, "Sealed from the server").
 */
function refuseSealedProfileFields(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const classes: Record<string, string> = FIELD_CLASSES.profile;
  const field = Object.keys(raw).find((k) => Object.hasOwn(classes, k) && classes[k] !== 'plain');
  if (!field) return;
  const message = 'This field is sealed: the app writes it on the device, never in the registration';
  throw new ApiHttpError(422, message, [{ path: field, message }]);
}

/** `checkCurrentSecret`: the current password's check, shared with the rotation route (accounts/current-secret.ts; createApp makes one). */
/**
 * What the account routes use (app.ts passes its Services): the account store, the owner's records
 * and keys (the user object, account deletion), the password hasher, rate limiters, the release
 * (a sign-in is a check-in; deletion forgets the account) and the files (deletion).
 */
export interface AccountRouteDeps extends SessionDeps {
  records: RecordService;
  keys: KeyStore;
  hasher: Hasher;
  rateLimiters: RateLimiterFactory;
  release: ReleaseService;
  blobs: BlobService;
}

export function authRoutes(deps: AppDeps, services: AccountRouteDeps, checkCurrentSecret: CheckCurrentSecret = currentSecretCheck(services)): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  const perIp = s.rateLimiters({ name: 'auth-ip', limit: 30, windowMs: 10 * 60_000, message: TOO_MANY });
  const perUsername = s.rateLimiters({ name: 'auth-username', limit: 10, windowMs: 15 * 60_000, message: TOO_MANY });
  const loginThrottle = createLoginThrottle(deps, TOO_MANY, s.rateLimiters);
  const cost = deps.config.passwordCost;
  const unknownUserHash = dummyHash(cost); // made now, not at the first unknown-user login (same work on both paths)

  app.post('/api/auth/register', async (c) => {
    // With keys (shared/crypto/README.md "Keys") the password never comes: the login secret does.
    const raw = await readJson(c, jsonBodySchema);
    const legacy = has(raw, 'password') ? parseWith(registerSchema, raw) : null;
    // An account without keys would be unsealed (SECURITY.md "Accounts made before keys"): only a
    // test server that makes such accounts on purpose takes it.
    if (legacy && !deps.config.allowKeylessRegistration) throw new ApiHttpError(422, KEYS_REQUIRED, [{ path: 'keys', message: KEYS_REQUIRED }]);
    if (!legacy) refuseSealedProfileFields(raw);
    const keyed = legacy ? null : parseWith(registerWithKeysSchema, raw);
    const body = (legacy ?? keyed)!;
    await perIp.hit(`register:${clientIp(c, deps)}`);
    await perUsername.hit(`register:${body.username.toLowerCase()}`);
    if (await s.accounts.findByUsername(body.username)) {
      throw new ApiHttpError(409, TAKEN, [{ path: 'username', message: TAKEN }]);
    }
    if (keyed && (await s.accounts.findById(keyed.id))) throw new ApiHttpError(409, 'Please try again', [{ path: 'id', message: 'This id is taken' }]);
    const id = keyed ? keyed.id : randomUUID();
    const secret = keyed ? keyed.loginSecret : legacy!.password;
    const row = { id, username: body.username, password_hash: await s.hasher.hash(secret, cost), created_at: new Date(deps.now()).toISOString() };
    try {
      await s.accounts.createUser(row);
    } catch (err) {
      if (isUsernameTaken(err)) throw new ApiHttpError(409, TAKEN, [{ path: 'username', message: TAKEN }]);
      throw err;
    }
    try {
      // With keys the device writes the whole profile record into its own database right after
      // (its sealed fields sealed by sync): the server writes none of it here.
      if (legacy) await s.records.write(id, 'profile', id, { firstName: legacy.firstName, lastName: legacy.lastName, email: legacy.email, values: [], profileCompletion: 0 });
      if (keyed) {
        const k = keyed.keys;
        const keys = { kdf: keyed.kdf as KdfParams, akVersion: k.akVersion, akPassword: k.akPassword, akRecovery: k.akRecovery, keyring: k.keyring as StoredKeyring, proofHash: await proofHashOf(k.proof) };
        await s.keys.create(id, keys, deps.now());
        await s.keys.setSealedAt(id, deps.now()); // sealed from birth: the server refuses plaintext in sealed fields from now on
      }
    } catch (err) {
      await s.accounts.deleteUser(id); // no account without its profile (its records go with it)
      throw err;
    }
    await startSession(c, deps, s.accounts, id);
    issueDeviceCookie(c, deps, id, row.password_hash);
    await s.release.checkIn(id); // the release state starts here (check-ins off; the yearly review counts from now)
    const user = await userJson(s, row);
    // With keys, the stored keys as login and GET /api/keys answer them (sealedAt set): the device keeps them at once.
    const stored = keyed ? await s.keys.get(id) : null;
    return c.json(keyed ? { ...user, firstName: keyed.firstName, email: keyed.email, keys: stored ? keysJson(stored) : null } : user, 201);
  });

  app.post('/api/auth/login', async (c) => {
    // { identifier, loginSecret } for an account with keys; { username, password } once more for a legacy one.
    const raw = await readJson(c, jsonBodySchema);
    const keyed = has(raw, 'loginSecret') ? parseWith(loginSecretSchema, raw) : null;
    const legacy = keyed ? null : parseWith(loginSchema, raw);
    const name = keyed ? keyed.identifier : legacy!.username;
    await perIp.hit(`login:${clientIp(c, deps)}`);
    const row = keyed ? await findAccount(s, name) : await s.accounts.findByUsername(name);
    const bucket = await loginThrottle.attempt(c, row?.username ?? name, row ?? undefined);
    const keys = row ? await s.keys.get(row.id) : null;
    // A password sent for an account with keys is never checked (its hash is of the login secret)
    // and is answered exactly as an unknown name, after the same work: a distinct answer would tell
    // anyone which names have accounts (issue 29 "The KDF": accounts are not to be enumerated).
    const passwordForKeys = legacy !== null && keys !== null;
    const ok = await s.hasher.verify(keyed ? keyed.loginSecret : legacy!.password, (passwordForKeys ? null : row?.password_hash) ?? (await unknownUserHash));
    if (!row || !ok || passwordForKeys) throw new ApiHttpError(401, INVALID_LOGIN);
    await loginThrottle.succeeded(bucket);
    // The session cookie first: clients read the first Set-Cookie. After an unproven reset, a new
    // sign-in is unproven too (accounts/unproven.ts): the password alone is what a reset handed over.
    let unproven = (await s.accounts.unprovenSince(row.id)) !== null;
    // An account made before keys proves itself by a browser it signed in on before the reset (accounts/unproven.ts).
    if (unproven && provenByPastDevice(c, deps, row.id, await s.accounts.unprovenTag(row.id))) {
      await s.accounts.setUnprovenSince(row.id, null);
      unproven = false;
    }
    await startSession(c, deps, s.accounts, row.id, { unproven });
    issueDeviceCookie(c, deps, row.id, row.password_hash);
    // A sign-in is a check-in (DESIGN.md §8), but not one with the password a reset handed over:
    // until the proof that is what the mailbox's reader holds (accounts/unproven.ts).
    if (!unproven) await services.release.checkIn(row.id);
    return c.json({ ...(await userJson(s, row)), keys: keys ? keysJson(keys) : null });
  });

  app.post('/api/auth/logout', async (c) => {
    const session = await verifySessionCookie(c, deps, s.accounts);
    if (session) await s.accounts.deleteSession(session.id);
    clearSessionCookie(c, deps);
    return c.json({ ok: true });
  });

  app.post('/api/auth/password', requireSession(deps, services), async (c) => {
    // With keys: the login secrets and AK re-wrapped under the new password (new KDF salt), in one transaction (keys/key-store.ts).
    const raw = await readJson(c, jsonBodySchema);
    const keyed = has(raw, 'loginSecret') ? parseWith(changeKeyedPasswordSchema, raw) : null;
    const legacy = keyed ? null : parseWith(changePasswordSchema, raw);
    const keys = await s.keys.get(c.var.userId);
    if (legacy && keys) throw new ApiHttpError(400, USE_KEYS, [{ path: 'currentPassword', message: USE_KEYS }]);
    if (keyed && !keys) throw new ApiHttpError(400, 'Set up this account\'s keys first', [{ path: 'loginSecret', message: 'This account has no keys yet' }]);
    if (keyed) await assertProven(c, deps, services); // AK's password wrap: only a device that proved it holds AK (accounts/unproven.ts)
    if (keyed && keys) refuseKdfSwitch(keyed.kdf as KdfParams, keys.kdf.alg); // the account's algorithm, never switched (issue 29 "The KDF")
    // AK's wrap for a version the account no longer has would open nothing at the next sign-in (SECURITY.md "Replacing the account key").
    if (keyed && keys) refuseReplacedAk(keyed.akVersion, keys);
    const row = await checkCurrentSecret(c.var.userId, keyed ? keyed.currentLoginSecret : legacy!.currentPassword, keyed ? 'currentLoginSecret' : 'currentPassword');
    const hash = await s.hasher.hash(keyed ? keyed.loginSecret : legacy!.newPassword, cost);
    // Compare-and-set on the AK version: a rotation committed while the secrets were hashed wins (409), nothing changes.
    if (keyed && !(await s.keys.setPassword(row.id, keyed.kdf as KdfParams, keyed.akPassword, hash, deps.now(), keyed.akVersion ?? 1))) throw akReplaced((await s.keys.get(row.id))!);
    else await s.accounts.setPasswordHash(row.id, hash);
    await s.accounts.deleteOtherSessions(row.id, c.var.sessionId);
    issueDeviceCookie(c, deps, row.id, hash); // every older device cookie stops counting as trusted (accounts/device-cookie.ts)
    return c.json({ ok: true });
  });

  /**
   * The password entered again by the signed-in account: `{ password }` for a legacy account,
   * `{ loginSecret }` for one with keys (which refuses a password). Rate limited per account under
   * `bucket`; 400 naming the field when wrong. Returns the account's row.
   */
  async function checkSecretAgain(c: Context<AppEnv>, legacySchema: typeof confirmPasswordSchema, bucket: string) {
    const raw = await readJson(c, jsonBodySchema);
    const keyed = has(raw, 'loginSecret') ? parseWith(confirmLoginSecretSchema, raw) : null;
    const legacy = keyed ? null : parseWith(legacySchema, raw);
    await perUsername.hit(`${bucket}:${c.var.userId}`);
    const row = await s.accounts.findById(c.var.userId);
    if (legacy && row && (await s.keys.get(row.id))) throw new ApiHttpError(400, USE_KEYS, [{ path: 'password', message: USE_KEYS }]);
    const path = keyed ? 'loginSecret' : 'password';
    if (!row || !(await s.hasher.verify(keyed ? keyed.loginSecret : legacy!.password, row.password_hash))) {
      throw new ApiHttpError(400, 'Password is incorrect', [{ path, message: 'Password is incorrect' }]);
    }
    return row;
  }

  app.post('/api/auth/confirm-password', requireSession(deps, services), async (c) => {
    const row = await checkSecretAgain(c, confirmPasswordSchema, 'confirm');
    await s.accounts.reauthenticateSession(c.var.sessionId, deps.now());
    return c.json({ ok: true });
  });

  /** 200 when the password was entered recently enough for a sensitive action, else 403 REAUTH_REQUIRED: the app asks before exporting from the device. */
  app.get('/api/auth/recent', requireSession(deps, services), requireRecentAuth(deps, services), (c) => c.json({ ok: true }));

  app.post('/api/auth/delete-account', requireSession(deps, services), async (c) => {
    const row = await checkSecretAgain(c, deleteAccountSchema, 'delete');
    await s.blobs.lifetime.deleteAccount(row.id); // every file (issue #17)…
    await s.accounts.deleteUser(row.id); // …its rows go with the account (ON DELETE CASCADE)
    await s.blobs.lifetime.deleteAccount(row.id); // and a chunk that landed meanwhile
    s.release.forgetAccount(row.id); // no trace left in the WAL or the outbox folder (issue #16)
    clearSessionCookie(c, deps);
    return c.json({ ok: true });
  });

  return app;
}
