/**
 * Sessions (DESIGN.md §3; OWASP ASVS 7.x): a row in SQLite, referenced by a signed JWT
 * (accounts/signed-token.ts: HS256 only; issuer, audience and expiry verified) in an HttpOnly, SameSite=Lax cookie —
 * `Secure` with the `__Host-` prefix behind HTTPS, where only that name is read (accounts/cookies.ts).
 * Logout and password change delete rows, so the old cookie stops working at once.
 * Sliding sessions (SECURITY.md "Sessions"): a device stays signed in until it has not been used
 * for SESSION_IDLE_MS (a year). Each use slides the row's expiry, and once it has moved by more
 * than a day the token and its cookie are issued again with the new expiry, so a person who opens
 * the app rarely is never locked out of their own plan. Sensitive actions ask for the password
 * again instead (accounts/reauth.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import type { MaybePromise } from '../db/maybe-promise';
import type { AnyAccountStore } from './store/account-store';
import type { SessionRecord } from './store/sqlite-account-store';
import { clearCookie, readCookie, writeCookie } from './cookies';
import { clearSessionHint, setSessionHint } from './session-hint';
import { signToken, verifyToken } from './signed-token';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends after this long without use (ms); every use slides its expiry this far ahead. */
export const SESSION_IDLE_MS = 365 * DAY_MS;
/** The lifetime of a session cookie and its token, from its (re)issue (ms): the idle limit, as it slides. */
export const SESSION_ABSOLUTE_MS = SESSION_IDLE_MS;
const TOUCH_EVERY_MS = 60 * 1000;
/** The token and cookie are issued again once the row's expiry has slid this far past the token's. */
const REISSUE_AFTER_MS = DAY_MS;
const AUDIENCE = 'afterword-web';
const COOKIE = 'afterword_session';

export interface SessionRow {
  id: string;
  userId: string;
  /** When the password was last entered in this session (ms): sign-in or accounts/reauth.ts. */
  authenticatedAt: number;
  /**
   * True for a session made by a password reset until a device proves it holds AK: it cannot
   * change trustees, recipients' addresses or release settings (accounts/unproven.ts).
   */
  unproven: boolean;
}

/**
 * Creates a session row for `userId` and sets its cookie (a new token at each sign-in).
 * `opts.unproven` marks a session made by a password reset (accounts/password-reset-routes.ts).
 */
export async function startSession(c: Context, deps: AppDeps, accounts: AnyAccountStore, userId: string, opts: { unproven?: boolean } = {}): Promise<string> {
  const now = deps.now();
  const id = randomBytes(32).toString('base64url');
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  await accounts.createSession({ id, user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt, authenticated_at: now, unproven: opts.unproven ? 1 : 0 });
  issueSessionCookie(c, deps, userId, id, expiresAt, now);
  return id;
}

/** Sets the cookie of session `id` (a token expiring at `expiresAt`) and its hint. */
function issueSessionCookie(c: Context, deps: AppDeps, userId: string, id: string, expiresAt: number, now: number): void {
  const token = signToken(deps, AUDIENCE, { sub: userId, jti: id }, expiresAt);
  writeCookie(c, deps, COOKIE, token, expiresAt - now);
  setSessionHint(c, deps, expiresAt - now); // after the session cookie: clients read the first Set-Cookie
}

/** Clears the session cookie and its hint (accounts/session-hint.ts). */
export function clearSessionCookie(c: Context, deps: AppDeps): void {
  clearCookie(c, deps, COOKIE);
  clearSessionHint(c, deps);
}

/**
 * Returns the live session named by the request's cookie, or null when the cookie is missing
 * (over HTTPS only the `__Host-` name counts), tampered, signed with another algorithm, expired,
 * idle too long, or its row was revoked. A live session's expiry slides (at most one write a
 * minute), and its cookie is issued again when the expiry has moved by more than a day.
 * Answers at once (no promise) when the store did and nothing was written (issue 41: every async
 * step is a turn of the microtask queue on every signed-in request); await it in any case.
 */
export function verifySessionCookie(c: Context, deps: AppDeps, accounts: AnyAccountStore): MaybePromise<SessionRow | null> {
  const token = readCookie(c, deps, COOKIE);
  if (!token) return null;
  const claims = verifyToken(deps, AUDIENCE, token);
  if (!claims) return null;
  const row = accounts.findSession(claims.jti);
  return row instanceof Promise ? row.then((r) => liveSession(c, deps, accounts, claims, r)) : liveSession(c, deps, accounts, claims, row);
}

/** verifySessionCookie's judgement of the session `row` its token's `claims` name. */
function liveSession(c: Context, deps: AppDeps, accounts: AnyAccountStore, claims: { sub: string; exp: number }, row: SessionRecord | null): MaybePromise<SessionRow | null> {
  const now = deps.now();
  if (!row || row.user_id !== claims.sub || row.expires_at <= now || now - row.last_seen_at > SESSION_IDLE_MS) {
    return row ? Promise.resolve(accounts.deleteSession(row.id)).then(() => null) : null;
  }
  const session = { id: row.id, userId: row.user_id, authenticatedAt: row.authenticated_at, unproven: row.unproven === 1 };
  if (now - row.last_seen_at <= TOUCH_EVERY_MS) return session;
  const expiresAt = now + SESSION_IDLE_MS;
  return Promise.resolve(accounts.touchSession(row.id, now, expiresAt)).then(() => {
    if (expiresAt - claims.exp * 1000 > REISSUE_AFTER_MS) issueSessionCookie(c, deps, row.user_id, row.id, expiresAt, now);
    return session;
  });
}

const VERIFIED = 'verifiedSession' as never;

/**
 * verifySessionCookie once per request: the first call's answer (the live session or null) is kept
 * on the request, so the account frame, the per-account write queue (app.ts) and requireSession read
 * the session row once between them. A kept answer is returned at once (no promise).
 */
export function verifySessionOnce(c: Context, deps: AppDeps, accounts: AnyAccountStore): MaybePromise<SessionRow | null> {
  const kept = c.get(VERIFIED) as SessionRow | null | undefined;
  if (kept !== undefined) return kept;
  const session = verifySessionCookie(c, deps, accounts);
  if (!(session instanceof Promise)) {
    c.set(VERIFIED, session as never);
    return session;
  }
  return session.then((s) => {
    c.set(VERIFIED, s as never);
    return s;
  });
}

/**
 * Forgets what verifySessionOnce kept for this request, so its next call reads the session row
 * again: for a request that waited (the per-account queue) while its session may have ended.
 */
export function forgetVerifiedSession(c: Context): void {
  c.set(VERIFIED, undefined as never);
}

/**
 * Deletes session rows past their absolute expiry or idle for longer than SESSION_IDLE_MS
 * (OWASP ASVS 7.3.1, 7.3.2). Such sessions are already refused; this keeps the table from
 * growing. Returns how many rows went. Run periodically by main.ts.
 */
export async function purgeExpiredSessions(deps: AppDeps, accounts: AnyAccountStore): Promise<number> {
  const now = deps.now();
  return accounts.purgeSessions(now, now - SESSION_IDLE_MS);
}
