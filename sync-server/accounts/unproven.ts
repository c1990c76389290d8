/**
 * "A reset cannot steer the release" (SECURITY.md "Password reset"; issue 40 item 3): a session made
 * by a password reset link is unproven (accounts/session.ts `unproven`) until its device proves it holds
 * the account key AK. Whoever reads the owner's mailbox can reset the password, but not AK; so until
 * the proof the session is READ-ONLY: ONE middleware on `/api/*` (readOnlyUntilProof, mounted in
 * app.ts after the account frame) refuses every write of an unproven session with 403
 * PROOF_REQUIRED, whatever the route, except the commented allow-list UNPROVEN_MAY_WRITE (the
 * proof and what the way back needs). A sync push is on that list because a pull writes nothing:
 * the route rejects each change it carries with the same reason and the record's state
 * (refuseUnprovenChange; shared/sync/README.md rule 11), so the device rolls it back visibly.
 *
 * An account made before keys has no AK to prove, and keys made after the reset prove nothing
 * (keys/proof-route.ts). Its proof is a browser it signed in on BEFORE the reset, with the password
 * the reset replaced (review M3): that browser's device cookie (accounts/device-cookie.ts, HttpOnly),
 * which the mailbox's reader does not hold. The reset keeps that password's tag (unprovenStateAt);
 * a reset or sign-in from such a browser proves the account (provenByPastDevice).
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import type { AppDeps, AppEnv } from '../app-env';
import { endpointOf } from '../http/account-frame';
import { ApiHttpError } from '../http/errors';
import { isPublicRoute, routeKey } from '../http/public-routes';
import type { SessionDeps } from './session-deps';
import { passwordTag, readDeviceCookie } from './device-cookie';
import { verifySessionOnce } from './session';

/**
 * The writes an unproven session may still make (`METHOD /pattern`, as in Hono's route table; the
 * route-enumeration test `accounts/unproven-read-only.test.ts` calls every other write and checks each
 * is refused, and that each entry here still exists). Each says why it cannot steer the release.
 */
export const UNPROVEN_MAY_WRITE: ReadonlyMap<string, string> = new Map([
  ['POST /api/keys/proof', 'the proof itself (keys/proof-route.ts): it ends the unproven state'],
  ['POST /api/sync', 'a pull writes nothing; the route rejects every change a push carries (refuseUnprovenChange)'],
  [
    'POST /api/auth/confirm-password',
    "the password entered again: it moves only this session's sign-in time (accounts/reauth.ts), which reads such as the export ask for",
  ],
  [
    'POST /api/keys/setup',
    'an account from before keys signs in by making them (web/features/keys/sign-in.ts setupKeys); keys made after the reset prove nothing (keys/proof-route.ts), so the session stays read-only',
  ],
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The sync push's refusal for an unproven session (records/service.ts RefuseChange): every change, PROOF_REQUIRED. */
export const refuseUnprovenChange = (): string => PROOF_REQUIRED;

const refusal = () => new ApiHttpError(403, PROOF_REQUIRED, [{ path: 'session', message: PROOF_REQUIRED }]);

/** True when the request's session (after requireSession) was made by a reset and not yet proven. */
export async function isUnproven(c: Context, deps: AppDeps, services: SessionDeps): Promise<boolean> {
  return (await verifySessionOnce(c, deps, services.accounts))?.unproven === true;
}

/** Throws 403 PROOF_REQUIRED when the request's session is unproven. */
export async function assertProven(c: Context, deps: AppDeps, services: SessionDeps): Promise<void> {
  if (await isUnproven(c, deps, services)) throw refusal();
}

/**
 * Middleware after requireSession: 403 PROOF_REQUIRED for an unproven session. For the release
 * settings, and for the keys that open the words or the release (the recovery kit's wrap, the
 * keyring, the escrow): a reset must not let the mailbox's reader replace what the owner's
 * recovery code or the release opens with (keys/routes.ts, escrow/routes.ts).
 */
export function requireProven(deps: AppDeps, services: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertProven(c, deps, services);
    await next();
  };
}

/**
 * The read-only gate (see the module comment): after the account frame (a refused write still
 * counts against the account's budgets), before the per-account write queue. Public routes and
 * requests without a live session pass untouched (their routes answer them); reads pass; any other
 * write of an unproven session not in UNPROVEN_MAY_WRITE answers 403 PROOF_REQUIRED before its
 * route runs or its body is read.
 */
export function readOnlyUntilProof(deps: AppDeps, services: SessionDeps): MiddlewareHandler<AppEnv> {
  const gate = async (c: Context<AppEnv>, next: Next) => {
    const route = endpointOf(c);
    if (!route || isPublicRoute(route.method, route.path) || UNPROVEN_MAY_WRITE.has(routeKey(route.method, route.path))) return next();
    if ((await verifySessionOnce(c, deps, services.accounts))?.unproven) throw refusal();
    await next();
  };
  // A read passes without an async frame of its own (issue 41: it runs on every request).
  return (c, next) => (READS.has(c.req.method) ? next() : gate(c, next));
}

/**
 * What a reset of `account` keeps (accounts/password-reset-routes.ts): the earliest unproven time (a second
 * reset never moves it past keys made after the first, which would then "prove" it), and the
 * device-cookie tag of the password before the first unproven reset, for an account that had no
 * keys then (null for one with keys: it proves with AK).
 */
export async function unprovenStateAt(
  accounts: Pick<SessionDeps['accounts'], 'unprovenSince' | 'unprovenTag'>,
  account: { id: string; password_hash: string },
  hasKeys: boolean,
  now: number,
): Promise<{ since: number; tag: string | null }> {
  const since = await accounts.unprovenSince(account.id);
  if (since !== null) return { since, tag: await accounts.unprovenTag(account.id) };
  return { since: now, tag: hasKeys ? null : passwordTag(account.password_hash) };
}

/**
 * True when the request carries a device cookie of `userId` issued under the password `tag` names
 * (see the module comment): the browser signed in on this account before its unproven reset.
 */
export function provenByPastDevice(c: Context, deps: AppDeps, userId: string, tag: string | null): boolean {
  const device = readDeviceCookie(c, deps);
  return tag !== null && device !== null && device.userId === userId && device.passwordTag === tag;
}
