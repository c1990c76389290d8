/**
 * "A reset cannot steer the release" (SECURITY.md "Password reset"): a session made by a password
 * reset link is unproven (auth/session.ts `unproven`) until its device proves it holds the account
 * key AK. Whoever reads the owner's mailbox can reset the password, but not AK; so until the proof,
 * the session cannot add, remove or re-address trustees or change their access level, cannot set a
 * message's recipient address, and cannot change the release settings. REST answers 403
 * PROOF_REQUIRED; a sync push rejects the change with the same reason and the record's state
 * (shared/sync/README.md rule 11), so the device rolls it back visibly and drops no other edit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import type { Change } from '../../shared/sync';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiHttpError } from '../http/errors';
import type { Services } from '../services';
import { verifySessionOnce } from './session';

/** True when writing `fields` (names; null for a delete) of a record of `collection` can steer the release. */
export function steersRelease(collection: string, fields: readonly string[] | null): boolean {
  if (collection === 'trustees') return true; // add, delete, e-mail, access level: every trustee write
  if (collection === 'messages') return fields !== null && fields.includes('recipientEmail');
  return false;
}

/** The sync push's refusal for an unproven session (records.ts RefuseChange): PROOF_REQUIRED for a change that steers the release. */
export const refuseUnprovenChange = (change: Change): string | null =>
  steersRelease(change.collection, Object.keys(change.fields)) ? PROOF_REQUIRED : null;

const refusal = () => new ApiHttpError(403, PROOF_REQUIRED, [{ path: 'session', message: PROOF_REQUIRED }]);

/** True when the request's session (after requireSession) was made by a reset and not yet proven. */
export async function isUnproven(c: Context, deps: AppDeps, services: Pick<Services, 'accounts'>): Promise<boolean> {
  return (await verifySessionOnce(c, deps, services.accounts))?.unproven === true;
}

/**
 * Throws 403 PROOF_REQUIRED when the request's session is unproven and writing `fields` of
 * `collection` (null: deleting the record) steers the release. For REST writes (routes/collections.ts).
 */
export async function assertMaySteer(
  c: Context,
  deps: AppDeps,
  services: Pick<Services, 'accounts'>,
  collection: string,
  fields: readonly string[] | null,
): Promise<void> {
  if (steersRelease(collection, fields) && (await isUnproven(c, deps, services))) throw refusal();
}

/** Throws 403 PROOF_REQUIRED when the request's session is unproven. */
export async function assertProven(c: Context, deps: AppDeps, services: Pick<Services, 'accounts'>): Promise<void> {
  if (await isUnproven(c, deps, services)) throw refusal();
}

/**
 * Middleware after requireSession: 403 PROOF_REQUIRED for an unproven session. For the release
 * settings, and for the keys that open the words or the release (the recovery kit's wrap, the
 * keyring, the escrow): a reset must not let the mailbox's reader replace what the owner's
 * recovery code or the release opens with (keys/routes.ts, escrow/routes.ts).
 */
export function requireProven(deps: AppDeps, services: Pick<Services, 'accounts'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertProven(c, deps, services);
    await next();
  };
}
