/**
 * Shares on PostgreSQL: AsyncShareStore (share-store.ts) over a `pg` Pool, with SQLite's
 * semantics (pg migration 023).
 */
import type pg from 'pg';
import { withTransaction } from '../../db/pg/pool';
import { OPENING_GAP_MS, SHARE_OPENINGS } from './openings-sql';
import { STOP_COLUMNS, type AsyncShareStore, type ShareRow } from './share-store';

const TIMES = ['created_at', 'updated_at', 'opened_at', 'stopped_at'] as const;
type PgRow = Omit<ShareRow, (typeof TIMES)[number]> & Record<(typeof TIMES)[number], string | null>;
const row = (r: PgRow): ShareRow => ({
  ...r,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
  opened_at: r.opened_at === null ? null : Number(r.opened_at),
  stopped_at: r.stopped_at === null ? null : Number(r.stopped_at),
});

/** The store over `pool` (migrations of db/pg/ applied). */
export function createPgShareStore(pool: pg.Pool): AsyncShareStore {
  return {
    async insert(r) {
      const res = await pool.query(
        `INSERT INTO shares (id, user_id, item_kind, item_id, phase, revision, owner_kid, owner_wrap, label, copy, created_at, updated_at, opened_at, stopped_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
        [r.id, r.user_id, r.item_kind, r.item_id, r.phase, r.revision, r.owner_kid, r.owner_wrap, r.label, r.copy, r.created_at, r.updated_at, r.opened_at, r.stopped_at],
      );
      return (res.rowCount ?? 0) > 0;
    },
    async get(id) {
      const r = (await pool.query<PgRow>('SELECT * FROM shares WHERE id = $1', [id])).rows[0];
      return r && row(r);
    },
    async list(userId, itemId) {
      const res =
        itemId === undefined
          ? await pool.query<PgRow>('SELECT * FROM shares WHERE user_id = $1 ORDER BY created_at DESC, id', [userId])
          : await pool.query<PgRow>('SELECT * FROM shares WHERE user_id = $1 AND item_id = $2 ORDER BY created_at DESC, id', [userId, itemId]);
      return res.rows.map(row);
    },
    async countLive(userId) {
      return Number((await pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM shares WHERE user_id = $1 AND phase <> 'stopped'", [userId])).rows[0]!.n);
    },
    async publish(userId, id, after, revision, copy, now) {
      const res = await pool.query("UPDATE shares SET phase = 'active', revision = $1, copy = $2, updated_at = $3 WHERE user_id = $4 AND id = $5 AND phase <> 'stopped' AND revision = $6", [
        revision,
        copy,
        now,
        userId,
        id,
        after,
      ]);
      return (res.rowCount ?? 0) > 0;
    },
    async stop(userId, id, now) {
      const res = await pool.query(`UPDATE shares SET ${STOP_COLUMNS}, updated_at = $1, stopped_at = $1 WHERE user_id = $2 AND id = $3 AND phase <> 'stopped'`, [now, userId, id]);
      return (res.rowCount ?? 0) > 0;
    },
    async opened(id, now) {
      // Openings of one share take turns: the UPDATE holds the share's row until the transaction
      // ends, and the INSERT, a statement of its own, reads with a snapshot taken after the turn
      // before committed, so two GETs at once within the minute make one opening (in one statement
      // the second read the openings as they were before the first's).
      await withTransaction(pool, async (db) => {
        const touched = await db.query("UPDATE shares SET opened_at = $1 WHERE id = $2 AND phase = 'active'", [now, id]);
        if ((touched.rowCount ?? 0) === 0) return; // not active: no opening
        const added = await db.query(SHARE_OPENINGS.add('$2', '$1::bigint', '$3::bigint'), [now, id, OPENING_GAP_MS]);
        if ((added.rowCount ?? 0) > 0) await db.query(SHARE_OPENINGS.prune('$1'), [id]);
      });
    },
    async openings(userId) {
      return (await pool.query<{ share_id: string; opened_at: string }>(SHARE_OPENINGS.ofOwner('$1'), [userId])).rows.map((r) => ({ share_id: r.share_id, opened_at: Number(r.opened_at) }));
    },
    async pruneStopped(userId, keep) {
      await pool.query(
        `DELETE FROM shares WHERE user_id = $1 AND phase = 'stopped' AND id NOT IN
           (SELECT id FROM shares WHERE user_id = $1 AND phase = 'stopped' ORDER BY stopped_at DESC, id LIMIT $2)`,
        [userId, keep],
      );
    },
  };
}
