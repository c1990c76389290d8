/**
 * What one account holds on PostgreSQL, for the per-account limits (shared/limits.ts): the
 * counterpart of ../usage.ts (live records per collection, bytes of every stored state,
 * tombstones included), over the account's own rows.
 */
import type pg from 'pg';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import type { AccountUsage } from '../usage';
import type { Queryable } from './pg-tx';

/** Reads an account's usage with one indexed query over `pool` (migrations of db/pg/ applied). */
export function createPgUsageReader(pool: pg.Pool): (userId: string) => Promise<AccountUsage> {
  return (userId) => readPgUsage(pool, userId);
}

/** `userId`'s usage read through `db` (a pool, or a connection inside a transaction). */
export async function readPgUsage(db: Queryable, userId: string): Promise<AccountUsage> {
  const { rows } = await db.query<{ collection: string; live: number; bytes: string }>(
    `SELECT collection, COUNT(*) FILTER (WHERE NOT deleted)::int AS live, SUM(octet_length(state))::bigint AS bytes
       FROM records WHERE user_id = $1 GROUP BY collection`,
    [userId],
  );
  const live = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;
  let bytes = 0;
  for (const r of rows) {
    if ((COLLECTIONS as readonly string[]).includes(r.collection)) live[r.collection as CollectionName] = r.live;
    bytes += Number(r.bytes);
  }
  return { live, bytes };
}
