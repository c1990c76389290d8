/**
 * What one account holds in the record store, for the per-account limits (shared/limits.ts):
 * live records per collection and the bytes of every stored record, tombstones included, plus the
 * bytes of what else it stores: its release activity log (kind and text of each line), its
 * keyring and its release escrow (SECURITY.md "Limits", `activityRows` and `accountBytes`).
 */
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import type { Db } from '../../db/sqlite';

export interface AccountUsage {
  /** Live (not tombstoned) records per collection. */
  live: Record<CollectionName, number>;
  /** Bytes of all stored record states of the account (UTF-8 JSON), of its activity log, keyring and escrow. */
  bytes: number;
}

/**
 * The bytes one account stores besides its records, as `bytes` (`p`: the account id's parameter,
 * `$1` or `?`, used three times): its activity log (trimmed to `activityRows`, so a bounded number
 * of rows), its keyring (one row, up to a request body: PUT /api/keys/keyring) and its release
 * escrow (one row). Each is counted in `accountBytes` like a record.
 */
export const sideBytesSql = (p: string): string =>
  `SELECT (SELECT COALESCE(SUM(octet_length(kind) + octet_length(text)), 0) FROM release_activity WHERE user_id = ${p})
        + (SELECT COALESCE(SUM(octet_length(keyring)), 0) FROM account_keys WHERE user_id = ${p})
        + (SELECT COALESCE(SUM(octet_length(keys)), 0) FROM release_escrow WHERE user_id = ${p}) AS bytes`;

/** Reads an account's usage with two indexed queries over its own rows (cost: its row count, not its bytes). */
export function createUsageReader(db: Db): (userId: string) => AccountUsage {
  const query = db.prepare<[string], { collection: string; live: number; bytes: number }>(
    `SELECT collection, SUM(deleted = 0) AS live, SUM(octet_length(state)) AS bytes
       FROM records WHERE user_id = ? GROUP BY collection`,
  );
  const side = db.prepare<[string, string, string], { bytes: number }>(sideBytesSql('?'));
  return (userId) => {
    const live = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;
    let bytes = side.get(userId, userId, userId)?.bytes ?? 0;
    for (const r of query.all(userId)) {
      if ((COLLECTIONS as readonly string[]).includes(r.collection)) live[r.collection as CollectionName] = r.live;
      bytes += r.bytes;
    }
    return { live, bytes };
  };
}
