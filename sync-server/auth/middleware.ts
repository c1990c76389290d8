/**
 * `requireSession(deps, services)`: Hono middleware that admits a request only with a valid session cookie,
 * and sets `c.var.userId` and `c.var.sessionId`. Otherwise 401 `{ error: 'Not signed in' }`.
 * A signed-in device without a valid device cookie gets one (auth/device-cookie.ts), so devices
 * signed in before device cookies existed are trusted at their next sign-in too.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiHttpError } from '../http/errors';
import type { Services } from '../services';
import { ensureDeviceCookie } from './device-cookie';
import { verifySessionCookie } from './session';

export function requireSession(deps: AppDeps, services: Pick<Services, 'accounts'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = verifySessionCookie(c, deps, services.accounts);
    if (!session) throw new ApiHttpError(401, 'Not signed in');
    c.set('userId', session.userId);
    c.set('sessionId', session.id);
    ensureDeviceCookie(c, deps, session.userId);
    await next();
  };
}
