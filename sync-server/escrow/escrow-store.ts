/**
 * Where the release escrow and the release key's check value are kept, one shape for both
 * engines: SQLite's here, PostgreSQL's in db/pg/pg-escrow-store.ts; both pass
 * escrow-store.contract.ts. The store holds only what escrow.ts sealed: it never sees a key.
 */
import type { Db } from '../db/sqlite';

export interface EscrowRow {
  /** JSON `{ v: 1, keys: { <kid>: "w1.…" } }`, each scope key wrapped under the escrow subkey. */
  keys: string;
  keyCount: number;
  /** ms */
  updatedAt: number;
}

export interface AsyncEscrowStore {
  /** The release key's check value, or null before the first start. */
  readCheck(): Promise<string | null>;
  /** Stores the check value unless one is there already (two instances starting at once keep the first). */
  writeCheck(value: string, at: number): Promise<void>;
  /**
   * Replaces the account's escrow, unless the escrow has ended (trustee kits came into force:
   * db/kits.ts) — checked in the same statement, so a deposit racing the last handover never
   * brings it back. Resolves whether it was written.
   */
  put(userId: string, row: EscrowRow): Promise<boolean>;
  /** The account's escrow, or null when its devices have deposited none. */
  get(userId: string): Promise<EscrowRow | null>;
}

/** The SQLite escrow store over `db` (migration 015 applied). */
export function createSqliteEscrowStore(db: Db): AsyncEscrowStore {
  const q = {
    readCheck: db.prepare<[], { value: string }>('SELECT value FROM release_key_check WHERE id = 1'),
    writeCheck: db.prepare('INSERT INTO release_key_check (id, value, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING'),
    put: db.prepare(
      `INSERT INTO release_escrow (user_id, keys, key_count, updated_at)
       SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM kit_generations WHERE user_id = ? AND live_at IS NOT NULL)
       ON CONFLICT (user_id) DO UPDATE SET keys = excluded.keys, key_count = excluded.key_count, updated_at = excluded.updated_at`,
    ),
    get: db.prepare<[string], { keys: string; key_count: number; updated_at: number }>('SELECT keys, key_count, updated_at FROM release_escrow WHERE user_id = ?'),
  };
  return {
    readCheck: async () => q.readCheck.get()?.value ?? null,
    writeCheck: async (value, at) => void q.writeCheck.run(value, at),
    put: async (userId, r) => q.put.run(userId, r.keys, r.keyCount, r.updatedAt, userId).changes > 0,
    get: async (userId) => {
      const r = q.get.get(userId);
      return r ? { keys: r.keys, keyCount: r.key_count, updatedAt: r.updated_at } : null;
    },
  };
}
