/**
 * The zod schema of a `POST /api/sync` request body (rules 9–14 of shared/sync/README.md), which
 * the server parses with (sync-server/records/sync-routes.ts). Apart from ./protocol.ts so that a
 * device's sync engine runs without zod (issue 41).
 */
import { z } from '../schema/z';
import { DEFAULT_PULL_LIMIT, MAX_PUSH_CHANGES } from './protocol';

/** Request body. `changes` are validated one by one (rule 10), so the envelope keeps them unknown. */
export const syncRequestSchema = z.strictObject({
  protocol: z.number().check(z.int()),
  cursor: z.number().check(z.int(), z.gte(0)),
  changes: z.array(z.unknown()).check(z.maxLength(MAX_PUSH_CHANGES)),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(DEFAULT_PULL_LIMIT))),
  /** The account whose outbox this is (rule 15): a mismatch with the session is refused. */
  account: z.optional(z.string().check(z.maxLength(64))),
});
