/**
 * What one account holds on PostgreSQL, for the per-account limits (shared/limits.ts): the
 * counterpart of usage.ts (live records per collection, bytes of every stored state,
 * tombstones included), over the account's own rows.
 */
import type pg from 'pg';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import { sideBytesSql, type AccountUsage } from './usage';
import type { Queryable } from '../../db/pg/pg-tx';

/**
 * Reads an account's usage as every push keeps it on the account's row (migration 008; one
 * primary-key read over `pool`), counted afresh when a push did not keep it (isCurrent), plus the
 * bytes of its activity log (`withActivity`). An unknown account holds nothing.
 */
export function createPgUsageReader(pool: pg.Pool): (userId: string) => Promise<AccountUsage> {
  return async (userId) => {
    const { rows } = await pool.query<KeptUsage>(`SELECT ${KEPT_USAGE} FROM users WHERE id = $1`, [userId]);
    if (!rows[0]) return { live: noneLive(), bytes: 0 };
    return withActivity(pool, userId, isCurrent(rows[0]) ? keptUsage(rows[0]) : await readPgUsage(pool, userId));
  };
}

/**
 * `usage` (records only, as kept on the account's row) with the bytes of the account's activity
 * log, keyring and escrow added (usage.ts sideBytesSql), read through `db`: what
 * `accountBytes` counts (SECURITY.md "Limits"). The kept columns stay records only; the log is
 * trimmed on its own (`activityRows`).
 */
export async function withActivity(db: Queryable, userId: string, usage: AccountUsage): Promise<AccountUsage> {
  const { rows } = await db.query<{ bytes: string }>(sideBytesSql('$1'), [userId]);
  return { live: usage.live, bytes: usage.bytes + Number(rows[0]?.bytes ?? 0) };
}

/** The columns of `users` that KeptUsage reads. */
export const KEPT_USAGE = 'sync_seq, usage_seq, usage_bytes, usage_live';

/** The usage columns of a `users` row (BIGINT arrives as text). */
export interface KeptUsage {
  sync_seq: string | number;
  usage_seq: string | number;
  usage_bytes: string | number;
  usage_live: Record<string, number>;
}

/** Whether the kept usage counts every push (a server older than migration 008 moves sync_seq only). */
export const isCurrent = (row: KeptUsage): boolean => Number(row.usage_seq) === Number(row.sync_seq);

const noneLive = () => Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;

/** The AccountUsage of a `users` row's usage columns. */
export function keptUsage(row: KeptUsage): AccountUsage {
  const live = noneLive();
  for (const c of COLLECTIONS) live[c] = Number(row.usage_live[c] ?? 0);
  return { live, bytes: Number(row.usage_bytes) };
}

/**
 * `usage` after a push wrote `written` over `before` (the stored state JSON of each written
 * record before the push, absent when new): bytes as PostgreSQL's octet_length (UTF-8), live
 * counts moved by records created, deleted or restored.
 */
export function usageAfter(
  usage: AccountUsage,
  written: readonly { collection: CollectionName; state: string; deleted: boolean; before: { state: string; deleted: boolean } | undefined }[],
): AccountUsage {
  const live = { ...usage.live };
  let bytes = usage.bytes;
  for (const w of written) {
    bytes += Buffer.byteLength(w.state, 'utf8') - (w.before ? Buffer.byteLength(w.before.state, 'utf8') : 0);
    live[w.collection] += (w.deleted ? 0 : 1) - (w.before && !w.before.deleted ? 1 : 0);
  }
  return { live, bytes };
}

/**
 * `userId`'s usage counted from its stored rows through `db` (a pool, or a connection inside a
 * transaction): the reference the kept usage must always equal (pg-record-store.test.ts).
 */
export async function readPgUsage(db: Queryable, userId: string): Promise<AccountUsage> {
  const { rows } = await db.query<{ collection: string; live: number; bytes: string }>(
    `SELECT collection, COUNT(*) FILTER (WHERE NOT deleted)::int AS live, SUM(octet_length(state))::bigint AS bytes
       FROM records WHERE user_id = $1 GROUP BY collection`,
    [userId],
  );
  const live = noneLive();
  let bytes = 0;
  for (const r of rows) {
    if ((COLLECTIONS as readonly string[]).includes(r.collection)) live[r.collection as CollectionName] = r.live;
    bytes += Number(r.bytes);
  }
  return { live, bytes };
}
