/**
 * Where the release escrow and the release key's check value are kept, one shape for both
 * engines: SQLite's here, PostgreSQL's in db/pg/pg-escrow-store.ts; both pass
 * escrow-store.contract.ts. The store holds only what escrow.ts sealed: it never sees a key.
 */
import type { Db } from '../db/sqlite';

export interface EscrowRow {
  /** JSON `{ v: 1, keys: { <kid>: "w1.…" } }`, each message's key (`msg:<id>~<v>`) wrapped under the escrow subkey. */
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
  /**
   * Removes from every account's escrow each key that is not a message's (`msg:<id>~<v>`,
   * shared/release/released-keys.ts): devices before the gate also deposited the `owner`, `plan`,
   * `docs` and `index` keys, which the escrow no longer keeps (SECURITY.md "Release escrow"). Keeps
   * `updatedAt`; resolves how many accounts' escrows changed. escrow.ts runs it at every start,
   * before any escrow is read. SQLite then checkpoints its WAL (TRUNCATE), so no copy of a removed
   * wrap stays in the WAL; on PostgreSQL the dead row versions are the operator's to VACUUM.
   */
  keepMessageKeysOnly(): Promise<number>;
}

/**
 * SQLite: rewrites only rows holding a key id not starting `msg:` (every stored id passed parseKid,
 * so the prefix is releasedKid's rule); `json()` keeps the object an object inside json_object.
 */
const SQLITE_KEEP_MESSAGE_KEYS = `
  UPDATE release_escrow SET
    keys = json_object('v', json_extract(keys, '$.v'), 'keys',
      json(COALESCE((SELECT json_group_object(key, value) FROM json_each(release_escrow.keys, '$.keys') WHERE substr(key, 1, 4) = 'msg:'), '{}'))),
    key_count = (SELECT count(*) FROM json_each(release_escrow.keys, '$.keys') WHERE substr(key, 1, 4) = 'msg:')
  WHERE EXISTS (SELECT 1 FROM json_each(release_escrow.keys, '$.keys') WHERE substr(key, 1, 4) <> 'msg:')`;

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
    keepMessageKeys: db.prepare(SQLITE_KEEP_MESSAGE_KEYS),
  };
  return {
    readCheck: async () => q.readCheck.get()?.value ?? null,
    writeCheck: async (value, at) => void q.writeCheck.run(value, at),
    put: async (userId, r) => q.put.run(userId, r.keys, r.keyCount, r.updatedAt, userId).changes > 0,
    get: async (userId) => {
      const r = q.get.get(userId);
      return r ? { keys: r.keys, keyCount: r.key_count, updatedAt: r.updated_at } : null;
    },
    keepMessageKeysOnly: async () => {
      const changed = q.keepMessageKeys.run().changes;
      if (changed > 0) db.pragma('wal_checkpoint(TRUNCATE)'); // secure_delete zeroed the old row in the file; no copy stays in the WAL
      return changed;
    },
  };
}
