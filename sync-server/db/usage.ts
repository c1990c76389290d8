/**
 * What one account holds in the record store, for the per-account limits (shared/limits.ts):
 * live records per collection and the bytes of every stored record, tombstones included, plus the
 * bytes of its release activity log (kind and text of each line: SECURITY.md "Limits",
 * `activityRows` and `accountBytes`).
 */
import { COLLECTIONS, type CollectionName } from '../../shared/schema';
import type { Db } from './sqlite';

export interface AccountUsage {
  /** Live (not tombstoned) records per collection. */
  live: Record<CollectionName, number>;
  /** Bytes of all stored record states of the account (UTF-8 JSON) and of its activity log. */
  bytes: number;
}

/** The bytes of one account's activity log (`$1`/`?`: the account id); the log is trimmed to `activityRows`, so this reads a bounded number of rows. */
export const ACTIVITY_BYTES_SQL = 'SELECT COALESCE(SUM(octet_length(kind) + octet_length(text)), 0) AS bytes FROM release_activity WHERE user_id = ';

/** Reads an account's usage with two indexed queries over its own rows (cost: its row count, not its bytes). */
export function createUsageReader(db: Db): (userId: string) => AccountUsage {
  const query = db.prepare<[string], { collection: string; live: number; bytes: number }>(
    `SELECT collection, SUM(deleted = 0) AS live, SUM(octet_length(state)) AS bytes
       FROM records WHERE user_id = ? GROUP BY collection`,
  );
  const activity = db.prepare<[string], { bytes: number }>(`${ACTIVITY_BYTES_SQL}?`);
  return (userId) => {
    const live = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;
    let bytes = activity.get(userId)?.bytes ?? 0;
    for (const r of query.all(userId)) {
      if ((COLLECTIONS as readonly string[]).includes(r.collection)) live[r.collection as CollectionName] = r.live;
      bytes += r.bytes;
    }
    return { live, bytes };
  };
}
