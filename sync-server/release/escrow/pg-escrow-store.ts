/**
 * The release escrow on PostgreSQL: AsyncEscrowStore (escrow/escrow-store.ts) over a `pg` Pool,
 * with SQLite's semantics (escrow/escrow-store.contract.ts). The release key itself is never
 * stored in the database (escrow/release-key.ts).
 */
import type pg from 'pg';
import { messageKeysOnly, OTHER_KEYS_FILTER, type AsyncEscrowStore } from './escrow-store';

/** The escrow store over `pool` (migrations of db/pg/ applied). */
export function createPgEscrowStore(pool: pg.Pool): AsyncEscrowStore {
  return {
    async readCheck() {
      const r = await pool.query<{ value: string }>('SELECT value FROM release_key_check WHERE id = 1');
      return r.rows[0]?.value ?? null;
    },
    async writeCheck(value, at) {
      await pool.query('INSERT INTO release_key_check (id, value, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [value, at]);
    },
    async put(userId, row) {
      const r = await pool.query(
        `INSERT INTO release_escrow (user_id, keys, key_count, updated_at)
         SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM kit_generations WHERE user_id = $1 AND live_at IS NOT NULL)
         ON CONFLICT (user_id) DO UPDATE SET keys = excluded.keys, key_count = excluded.key_count, updated_at = excluded.updated_at`,
        [userId, row.keys, row.keyCount, row.updatedAt],
      );
      return (r.rowCount ?? 0) > 0;
    },
    async get(userId) {
      const r = await pool.query<{ keys: string; key_count: number; updated_at: string }>('SELECT keys, key_count, updated_at FROM release_escrow WHERE user_id = $1', [userId]);
      const row = r.rows[0];
      return row ? { keys: row.keys, keyCount: row.key_count, updatedAt: Number(row.updated_at) } : null;
    },
    async remove(userId) {
      return ((await pool.query('DELETE FROM release_escrow WHERE user_id = $1', [userId])).rowCount ?? 0) > 0;
    },
    async keepMessageKeysOnly() {
      // As SQLite's (escrow-store.ts): the rows a text search finds, each compare-and-set on what was read.
      const rows = await pool.query<{ user_id: string; keys: string }>(`SELECT user_id, keys FROM release_escrow WHERE ${OTHER_KEYS_FILTER}`);
      let changed = 0;
      for (const row of rows.rows) {
        const kept = messageKeysOnly(row.keys);
        if (kept) changed += (await pool.query('UPDATE release_escrow SET keys = $1, key_count = $2 WHERE user_id = $3 AND keys = $4', [kept.keys, kept.keyCount, row.user_id, row.keys])).rowCount ?? 0;
      }
      return changed;
    },
  };
}
