/**
 * Re-authentication for sensitive actions (SECURITY.md "Sessions"; OWASP ASVS 7.5.1): sessions
 * last a year of disuse (accounts/session.ts), so an action that could hurt the owner if someone else
 * picked up their device — exporting everything, changing the release settings — needs the
 * password entered in this session within the last REAUTH_WINDOW_MS. Otherwise 403
 * `{ error: REAUTH_REQUIRED, issues: [{ path: 'password' }] }`; the app asks for the password
 * (POST /api/auth/confirm-password, accounts/auth-routes.ts) and tries again. Password change and account
 * deletion carry the password in their own body, which is checked each time.
 */
import type { MiddlewareHandler } from 'hono';
import { REAUTH_REQUIRED } from '../../shared/schema/user';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiHttpError } from '../http/errors';
import type { SessionDeps } from './session-deps';
import { verifySessionOnce } from './session';

/** How long after the password was entered a sensitive action is allowed without asking again (ms). */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

/**
 * Middleware after requireSession: 403 REAUTH_REQUIRED unless the session's password was
 * entered at most REAUTH_WINDOW_MS ago.
 */
export function requireRecentAuth(deps: AppDeps, services: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await verifySessionOnce(c, deps, services.accounts);
    if (!session || deps.now() - session.authenticatedAt > REAUTH_WINDOW_MS) {
      throw new ApiHttpError(403, REAUTH_REQUIRED, [{ path: 'password', message: 'Enter your password again' }]);
    }
    await next();
  };
}
