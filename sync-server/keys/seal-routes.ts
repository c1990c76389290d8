/**
 * The migration of an account made before keys (contract: `/api/keys/seal/...`; the device's half
 * is web/features/keys/migrate.ts). The device holds AK and the keyring; it seals every sealed
 * field at its stored HLC and sends the envelopes; the server only swaps them in by
 * compare-and-set (model/seal-merge.ts) and, at the end, drops the plaintext history and sets
 * `sealed_at`, after which sync refuses plaintext in sealed fields (rules 24–27).
 * - `POST /api/keys/seal/records { records }` → `{ sealed, already, stale, refused }`: stale
 *   fields moved since the device read them (seal them again at their new HLC); refused records
 *   would pass a limit of shared/limits.ts once sealed.
 * - `POST /api/keys/seal/finish` → `{ sealedAt }`, or 409 `{ error, left }` naming fields still plain.
 * Both need a session that proved it holds AK (accounts/unproven.ts), and an account whose release is
 * not under way: one in its waiting period or released finishes on today's form (409).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, requireProven } from '../accounts';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { sealedAccountOf } from '../records/index';
import type { KeyRouteServices } from './route-services';
import { sealRecordsSchema } from './model/seal-merge';
import type { SealStore } from './seal-store';

export const RELEASE_UNDER_WAY =
  "This account's release has begun, so its words stay in today's form until the release has finished; they are not end-to-end encrypted.";
export const NO_KEYS_TO_SEAL = 'This account has no keys yet: set them up first (POST /api/keys/setup)';

/** The seal routes over `seal` (services.seal). */
export function sealRoutes(deps: AppDeps, services: Pick<KeyRouteServices, 'accounts' | 'keys' | 'release'>, seal: SealStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = requireSession(deps, services);
  const proven = requireProven(deps, services);

  /** The account's sealing while it is being migrated; throws 409 when it cannot be. */
  const migrating = async (userId: string) => {
    const keys = await services.keys.get(userId);
    if (!keys) throw new ApiHttpError(409, NO_KEYS_TO_SEAL);
    const { phase } = await services.release.state(userId);
    if (phase !== 'active') throw new ApiHttpError(409, RELEASE_UNDER_WAY);
    return { keys, account: (await sealedAccountOf(async () => ({ keyring: keys.keyring, sealedAt: keys.sealedAt }), userId))! };
  };

  app.post('/api/keys/seal/records', session, proven, async (c) => {
    const { records } = await readJson(c, sealRecordsSchema);
    const { account } = await migrating(c.var.userId);
    try {
      // strict: a sealed field must carry an envelope here whatever the account's state.
      const outcome = await seal.sealRecords(c.var.userId, { ...account, strict: true }, records, deps.config.limits);
      return c.json(outcome);
    } catch (err) {
      const field = (err as { field?: unknown }).field;
      if (typeof field !== 'string') throw err;
      const reason = (err as Error).message;
      throw new ApiHttpError(422, reason, [{ path: `records.fields.${field}`, message: reason }]);
    }
  });

  app.post('/api/keys/seal/finish', session, proven, async (c) => {
    const { keys } = await migrating(c.var.userId);
    if (keys.sealedAt !== null) return c.json({ sealedAt: keys.sealedAt });
    const left = await seal.finish(c.var.userId, deps.now());
    if (left.length) {
      return c.json({ error: `Some words are not sealed yet (${left.length === 50 ? 'at least ' : ''}${left.length}): seal them and finish again`, left }, 409);
    }
    return c.json({ sealedAt: (await services.keys.get(c.var.userId))!.sealedAt });
  });

  return app;
}
