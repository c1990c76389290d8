/**
 * Messages' delivery choices and wrapped keys on PostgreSQL: AsyncMessageKeyStore
 * (kits/message-key-store.ts) over a `pg` Pool, with SQLite's semantics (migration 018).
 */
import type pg from 'pg';
import type { AsyncMessageKeyStore, MessageKeyRow } from './message-key-store';

type PgRow = Omit<MessageKeyRow, 'updated_at'> & { updated_at: string };
const row = (r: PgRow): MessageKeyRow => ({ ...r, updated_at: Number(r.updated_at) });

/** The store over `pool` (migrations of db/pg/ applied). */
export function createPgMessageKeyStore(pool: pg.Pool): AsyncMessageKeyStore {
  return {
    async list(userId) {
      return (await pool.query<PgRow>('SELECT * FROM message_keys WHERE user_id = $1 ORDER BY message_id, generation', [userId])).rows.map(row);
    },
    async ofMessage(userId, messageId) {
      return (await pool.query<PgRow>('SELECT * FROM message_keys WHERE user_id = $1 AND message_id = $2 ORDER BY generation', [userId, messageId])).rows.map(row);
    },
    async put(r, drop) {
      // One statement: the drop and the upsert are atomic together.
      await pool.query(
        `WITH dropped AS (DELETE FROM message_keys WHERE user_id = $1 AND message_id = $2 AND generation = ANY($11::int[]))
         INSERT INTO message_keys (user_id, message_id, generation, mode, kid, gate_wrap, wrap, handovers, link_wrap, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id, message_id, generation) DO UPDATE SET mode = excluded.mode, kid = excluded.kid, gate_wrap = excluded.gate_wrap,
           wrap = excluded.wrap, handovers = excluded.handovers, link_wrap = excluded.link_wrap, updated_at = excluded.updated_at`,
        [r.user_id, r.message_id, r.generation, r.mode, r.kid, r.gate_wrap, r.wrap, r.handovers, r.link_wrap, r.updated_at, [...drop]],
      );
    },
    async setLink(userId, messageId, generation, linkWrap, previous) {
      const r = await pool.query('UPDATE message_keys SET link_wrap = $1 WHERE user_id = $2 AND message_id = $3 AND generation = $4 AND link_wrap IS NOT DISTINCT FROM $5', [
        linkWrap,
        userId,
        messageId,
        generation,
        previous,
      ]);
      return (r.rowCount ?? 0) > 0;
    },
  };
}
