/**
 * A forgotten password (SECURITY.md "Password reset"; issue "Forgotten password, for real"):
 *   POST /api/auth/forgot-password { email }: always the same answer, whether or not the address
 *        is an account's; only an account whose VERIFIED owner address (release/owner-email.ts) it
 *        is gets an e-mail, queued after the answer (accounts/reset-mail.ts), sent by the outbox
 *        through the configured mailer, counted in the `reset` e-mail quota (email-quotas.ts).
 *        The link is `${PUBLIC_URL}/reset-password#<token>`: minted at send time (outbox.ts), the
 *        token in the fragment (no log or Referer sees it), stored only as its hash, single use,
 *        30 minutes (tokens.ts), a newer one revokes the older. Rate limited per address and per IP.
 *   POST /api/auth/reset-password/check { token }: whether the link is live, without using it up,
 *        and `{ userId, kdf, kdfAlg }`: the account (so the device judges the answer against its own
 *        pin for it, web/features/auth/reset-credential.ts), its KDF parameters and algorithm, or
 *        null for an account without keys (`kdfAlg` kept for apps installed before `kdf`).
 *   POST /api/auth/reset-password { token, loginSecret, kdf } (an account with keys: the new login
 *        hash and KDF, and AK's wrap under the forgotten password set to NULL) or
 *        { token, password } (an account made before keys): consumes the token (once, even when two
 *        requests race), sets the new password, ends EVERY session of the account, and signs this
 *        browser in with an UNPROVEN session (accounts/unproven.ts: it cannot steer the release until
 *        its device proves it holds AK). Not a check-in: a reset proves a mailbox, not a life.
 */
import { Hono } from 'hono';
import { checkKdfParams, type KdfParams } from '../../shared/crypto/kdf';
import { RESET_LINK_INVALID, forgotPasswordSchema, resetCheckSchema, resetPasswordSchema, type ResetPasswordInput } from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { issueDeviceCookie, provenByPastDevice, unprovenStateAt, startSession } from './index';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { resolveToken, serverWord, type ReleaseService } from '../release';
import { refuseKdfSwitch } from '../keys';
import type { RateLimiterFactory } from '../http/rate-limit';
import type { KeyStore } from '../keys';
import type { RecordService } from '../records';
import type { Hasher } from './hasher';
import type { ResetMail } from './reset-mail';
import type { SessionDeps } from './session-deps';
import { userJson } from './user-json';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
export { RESET_LINK_INVALID };

const NEEDS_SECRET = 'This account signs in with keys: send loginSecret and kdf, not the password.';
const NEEDS_PASSWORD = 'Choose a new password.';

/**
 * An account with keys: the login secret to hash and the new KDF parameters, checked against the
 * floor (shared/crypto checkKdfParams) and of the account's own algorithm (never switched by a
 * device, issue "The KDF"). Throws 400 naming the field.
 */
function keyedCredential(body: ResetPasswordInput, alg: KdfParams['alg']): { secret: string; kdf: KdfParams } {
  if (body.password !== undefined || !body.loginSecret) throw new ApiHttpError(400, NEEDS_SECRET, [{ path: 'loginSecret', message: NEEDS_SECRET }]);
  let kdf: KdfParams;
  try {
    kdf = checkKdfParams(body.kdf);
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Invalid KDF parameters';
    throw new ApiHttpError(400, message, [{ path: 'kdf', message }]);
  }
  refuseKdfSwitch(kdf, alg);
  return { secret: body.loginSecret, kdf };
}

/** An account made before keys: the new password itself (scrypt, accounts/password.ts). */
function legacyCredential(body: ResetPasswordInput): { secret: string; kdf?: undefined } {
  if (body.password === undefined || body.loginSecret !== undefined || body.kdf !== undefined) {
    throw new ApiHttpError(400, NEEDS_PASSWORD, [{ path: 'password', message: NEEDS_PASSWORD }]);
  }
  return { secret: body.password };
}

/** The reset routes (mounted by app.ts beside the sign-in routes). */
/** What the password reset uses (app.ts passes its Services): accounts, keys and records (the user object), the hasher, rate limiters, the reset e-mails and the release (the reset's token and the owner's verified address). */
export interface PasswordResetRouteDeps extends SessionDeps {
  records: RecordService;
  keys: KeyStore;
  hasher: Hasher;
  rateLimiters: RateLimiterFactory;
  resetMail: ResetMail;
  release: ReleaseService;
}

export function passwordResetRoutes(deps: AppDeps, services: PasswordResetRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  const { release } = s;
  const perIp = s.rateLimiters({ name: 'reset-ip', limit: 10, windowMs: 10 * 60_000, message: TOO_MANY });
  const perAddress = s.rateLimiters({ name: 'reset-address', limit: 3, windowMs: 60 * 60_000, message: TOO_MANY });
  const linksPerIp = s.rateLimiters({ name: 'reset-link-ip', limit: 30, windowMs: 10 * 60_000, message: TOO_MANY });

  app.post('/api/auth/forgot-password', async (c) => {
    const body = await readJson(c, forgotPasswordSchema);
    const addr = body.email.toLowerCase();
    await perIp.hit(`forgot:${clientIp(c, deps)}`);
    await perAddress.hit(`forgot:${addr}`); // the same limit for an address no account has: no answer tells them apart
    s.resetMail.ask(addr); // not awaited: a known address answers as fast as an unknown one (accounts/reset-mail.ts)
    return c.json({ ok: true });
  });

  /** The live token row of `token` whose address is still the account's verified one, or null. */
  const liveToken = async (token: string, now: number) => {
    const tok = await resolveToken(release.store, token, 'reset', now);
    // Sent to an address that is no longer the account's verified one: it resets nothing.
    if (!tok || !tok.addr || (await release.ownerAddress(tok.user_id))?.toLowerCase() !== tok.addr) return null;
    return tok;
  };
  const invalid = () => new ApiHttpError(400, RESET_LINK_INVALID, [{ path: 'token', message: RESET_LINK_INVALID }]);

  /**
   * Whether the link is live (without using it up), and which credential its account takes:
   * `{ userId, kdf, kdfAlg }`, the account's id and KDF (fixed per account: the device derives the
   * new password with the same algorithm and costs and a fresh salt), or null for an account without keys.
   */
  app.post('/api/auth/reset-password/check', async (c) => {
    const body = await readJson(c, resetCheckSchema);
    await linksPerIp.hit(`reset:${clientIp(c, deps)}`);
    const tok = await liveToken(body.token, deps.now());
    if (!tok) throw invalid();
    const keys = await s.keys.get(tok.user_id);
    return c.json({ userId: tok.user_id, kdf: keys?.kdf ?? null, kdfAlg: keys?.kdf.alg ?? null });
  });

  app.post('/api/auth/reset-password', async (c) => {
    const body = await readJson(c, resetPasswordSchema);
    await linksPerIp.hit(`reset:${clientIp(c, deps)}`);
    const now = deps.now();
    const tok = await liveToken(body.token, now);
    if (!tok) throw invalid();
    const keys = await s.keys.get(tok.user_id);
    const credential = keys ? keyedCredential(body, keys.kdf.alg) : legacyCredential(body);
    const row = await s.accounts.findById(tok.user_id);
    // Consumed once: of two requests racing with one link, only the one whose revoke changed the row goes on.
    if (!row || !(await release.store.revokeToken(tok.hash, now))) throw invalid();
    // Read before anything changes: the unproven state as it stands, and whether this browser proves it (accounts/unproven.ts).
    const unproven = await unprovenStateAt(s.accounts, row, keys !== null, now);
    const pastDevice = provenByPastDevice(c, deps, row.id, unproven.tag);
    const hash = await s.hasher.hash(credential.secret, deps.config.passwordCost);
    if (credential.kdf) {
      // The new login hash and KDF in one transaction; AK's wrap under the forgotten password is
      // dropped (NULL): the words open again with the recovery code or a signed-in device.
      await s.keys.setPassword(row.id, credential.kdf, null, hash, now);
    } else {
      await s.accounts.setPasswordHash(row.id, hash);
    }
    await s.accounts.deleteOtherSessions(row.id, ''); // every session of the account ends
    // Every new session waits for the proof too (accounts/unproven.ts), unless this browser signed in on
    // the account (made before keys) with the password the reset replaced.
    await s.accounts.setUnprovenSince(row.id, pastDevice ? null : unproven.since, unproven.tag);
    await startSession(c, deps, s.accounts, row.id, { unproven: !pastDevice });
    issueDeviceCookie(c, deps, row.id, hash); // older device cookies stop counting as trusted (accounts/device-cookie.ts)
    await release.isolated(row.id, 'noting a password reset', (tx) =>
      tx.addActivity(row.id, now, 'password-reset', serverWord('serverWords.activity.passwordReset')),
    );
    return c.json(await userJson(s, row));
  });

  return app;
}
