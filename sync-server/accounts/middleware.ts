/**
 * `requireSession(deps, services)`: Hono middleware that admits a request only with a valid session cookie,
 * and sets `c.var.userId` and `c.var.sessionId`. Otherwise 401 `{ error: 'Not signed in' }`.
 * A signed-in device without a valid device cookie gets one (accounts/device-cookie.ts), so devices
 * signed in before device cookies existed are trusted at their next sign-in too.
 * The session hint (accounts/session-hint.ts) follows the session: cleared with a 401 when the request
 * still carries one, set when a valid session lacks it (sessions started before the hint existed).
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiHttpError } from '../http/errors';
import type { SessionDeps } from './session-deps';
import { ensureDeviceCookie } from './device-cookie';
import { SESSION_ABSOLUTE_MS, forgetVerifiedSession, verifySessionOnce, type SessionRow } from './session';
import { clearSessionHint, hasSessionHint, setSessionHint } from './session-hint';

/**
 * 401 'Not signed in' unless the request's session is live, clearing the session hint when the
 * request carries one (or `clearHint`: this response may have set it).
 */
async function admit(c: Context<AppEnv>, deps: AppDeps, accounts: SessionDeps['accounts'], clearHint = false) {
  return admitted(c, deps, await verifySessionOnce(c, deps, accounts), clearHint);
}

/** admit's judgement of `session` (the request's, or null). */
function admitted(c: Context<AppEnv>, deps: AppDeps, session: SessionRow | null, clearHint = false): SessionRow {
  if (!session) {
    if (clearHint || hasSessionHint(c, deps)) clearSessionHint(c, deps);
    throw new ApiHttpError(401, 'Not signed in');
  }
  return session;
}

/**
 * For a request admitted by requireSession that then waited (oneAtATimePerAccount's
 * `afterWaiting`): reads its session again and answers 401 'Not signed in' if it was signed out or
 * revoked meanwhile, so a request that waited its turn writes nothing on a session that ended while
 * it waited. (A body still arriving when the session ends is like any request in flight at sign-out.)
 */
export function sessionStillLive(deps: AppDeps, services: SessionDeps): (c: Context<AppEnv>) => Promise<void> {
  return async (c) => {
    forgetVerifiedSession(c);
    await admit(c, deps, services.accounts, true); // requireSession may have set the hint on this response
  };
}

export function requireSession(deps: AppDeps, services: SessionDeps): MiddlewareHandler<AppEnv> {
  const signedIn = (c: Context<AppEnv>, next: Next, s: SessionRow | null) => {
    const session = admitted(c, deps, s);
    if (!hasSessionHint(c, deps)) setSessionHint(c, deps, SESSION_ABSOLUTE_MS);
    c.set('userId', session.userId);
    c.set('sessionId', session.id);
    const device = ensureDeviceCookie(c, deps, session.userId, async () => (await services.accounts.findById(session.userId))?.password_hash);
    return device ? device.then(next) : next();
  };
  // The session was read by the account frame before (verifySessionOnce): a signed-in request goes
  // on to its route without an async step of its own (issue 41: every one is a turn of the
  // microtask queue on every signed-in request).
  return (c, next) => {
    const session = verifySessionOnce(c, deps, services.accounts);
    return session instanceof Promise ? session.then((s) => signedIn(c, next, s)) : signedIn(c, next, session);
  };
}
