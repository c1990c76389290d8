/**
 * The current password checked inside a sensitive request's own body (SECURITY.md "Sessions" and
 * "Replacing the account key"; OWASP ASVS 6.2.3 / 6.3.1): a signed-in session alone (a device
 * picked up, a stolen cookie) must not change the password or replace the account key. Used by
 * `POST /api/auth/password` (accounts/auth-routes.ts) and `POST /api/keys/rotate` (keys/rotate-route.ts),
 * which share ONE limiter and one bucket per account, so guesses through either route count
 * against the same window.
 */
import type { UserRow } from './store/sqlite-account-store';
import { ApiHttpError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limit';
import type { Hasher } from './hasher';
import type { SessionDeps } from './session-deps';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const INCORRECT = 'Current password is incorrect';

/**
 * Checks the account's current secret (`secret`: the login secret of an account with keys, the
 * password of a legacy one). Returns the account's row. Throws 429 past 10 tries per account in
 * 15 min (the `auth-username` limiter, bucket `password:<userId>`), and 400 naming `path` when the
 * secret is wrong or the account is gone.
 */
export type CheckCurrentSecret = (userId: string, secret: string, path: string) => Promise<UserRow>;

/** The check over `services` (accounts, rate limiters and the hasher); make it once per app and pass it to each route that needs it. */
export function currentSecretCheck(services: SessionDeps & { rateLimiters: RateLimiterFactory; hasher: Hasher }): CheckCurrentSecret {
  const perAccount = services.rateLimiters({ name: 'auth-username', limit: 10, windowMs: 15 * 60_000, message: TOO_MANY });
  return async (userId, secret, path) => {
    await perAccount.hit(`password:${userId}`);
    const row = await services.accounts.findById(userId);
    if (!row || !(await services.hasher.verify(secret, row.password_hash))) throw new ApiHttpError(400, INCORRECT, [{ path, message: INCORRECT }]);
    return row;
  };
}
