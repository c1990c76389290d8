/**
 * The release escrow on PostgreSQL: AsyncEscrowStore (escrow/escrow-store.ts) over a `pg` Pool,
 * with SQLite's semantics (escrow/escrow-store.contract.ts). The release key itself is never
 * stored in the database (escrow/release-key.ts).
 */
import type pg from 'pg';
import type { AsyncEscrowStore } from '../../escrow/escrow-store';

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
    async keepMessageKeysOnly() {
      // As SQLite's (escrow-store.ts): only rows holding a key id not starting `msg:` are rewritten.
      const r = await pool.query(
        `UPDATE release_escrow e SET
           keys = jsonb_build_object('v', e.keys::jsonb -> 'v', 'keys',
             COALESCE((SELECT jsonb_object_agg(k, w) FROM jsonb_each(e.keys::jsonb -> 'keys') AS t(k, w) WHERE left(k, 4) = 'msg:'), '{}'::jsonb))::text,
           key_count = (SELECT count(*) FROM jsonb_each(e.keys::jsonb -> 'keys') AS t(k, w) WHERE left(k, 4) = 'msg:')
         WHERE EXISTS (SELECT 1 FROM jsonb_each(e.keys::jsonb -> 'keys') AS t(k, w) WHERE left(k, 4) <> 'msg:')`,
      );
      return r.rowCount ?? 0;
    },
  };
}
