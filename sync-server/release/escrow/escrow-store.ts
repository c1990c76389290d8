/**
 * Where the release escrow and the release key's check value are kept, one shape for both
 * engines: SQLite's here, PostgreSQL's in release/escrow/pg-escrow-store.ts; both pass
 * escrow-store.contract.ts. The store holds only what escrow.ts sealed: it never sees a key.
 */
import { FIXED_SCOPES } from '../../../shared/crypto/kid';
import { releasedKid } from '../../../shared/release/released-keys';
import type { Db } from '../../db/sqlite';

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
   * release/kits/store/sqlite-kits.ts) — checked in the same statement, so a deposit racing the last handover never
   * brings it back. Resolves whether it was written.
   */
  put(userId: string, row: EscrowRow): Promise<boolean>;
  /** The account's escrow, or null when its devices have deposited none. */
  get(userId: string): Promise<EscrowRow | null>;
  /**
   * Deletes the account's escrow (its owner's device asked: it knows k trustee kits were handed
   * over, issue 39 "No back door"); resolves whether there was one. SQLite then checkpoints its
   * WAL (TRUNCATE), so no copy of the wraps stays in the WAL.
   */
  remove(userId: string): Promise<boolean>;
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
 * Rows that may hold a key other than a message's: a fixed scope's key id (`owner`, `plan`, `docs`,
 * `index`: shared/crypto/kid.ts) appears as a JSON key, right after a quote. A text search, so a
 * start parses no JSON but these rows' (a message id never follows a quote: `"msg:…`). LIKE, in
 * both engines: on SQLite it scanned 10,000 escrows of 50 keys as fast as json_each, and 3× faster
 * than instr.
 */
export const OTHER_KEYS_FILTER = FIXED_SCOPES.map((scope) => `keys LIKE '%"${scope}~%'`).join(' OR ');

/**
 * `json` (an EscrowRow's keys) with only messages' keys (shared/release/released-keys.ts), and
 * how many; null when it holds no other key, or is not an escrow the server wrote (left as it is:
 * it opens nothing anyway, escrow.ts throws on it).
 */
export function messageKeysOnly(json: string): { keys: string; keyCount: number } | null {
  let stored: { v: number; keys: Record<string, string> };
  try {
    stored = JSON.parse(json) as typeof stored;
  } catch {
    return null;
  }
  if (!stored || typeof stored.keys !== 'object' || stored.keys === null) return null;
  const kept = Object.entries(stored.keys).filter(([kid]) => releasedKid(kid));
  if (kept.length === Object.keys(stored.keys).length) return null;
  return { keys: JSON.stringify({ ...stored, keys: Object.fromEntries(kept) }), keyCount: kept.length };
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
    remove: db.prepare('DELETE FROM release_escrow WHERE user_id = ?'),
    withOtherKeys: db.prepare<[], { user_id: string; keys: string }>(`SELECT user_id, keys FROM release_escrow WHERE ${OTHER_KEYS_FILTER}`),
    // Compare-and-set on the row read: a deposit made meanwhile (messages' keys only) is kept.
    replaceKeys: db.prepare('UPDATE release_escrow SET keys = ?, key_count = ? WHERE user_id = ? AND keys = ?'),
  };
  return {
    readCheck: async () => q.readCheck.get()?.value ?? null,
    writeCheck: async (value, at) => void q.writeCheck.run(value, at),
    put: async (userId, r) => q.put.run(userId, r.keys, r.keyCount, r.updatedAt, userId).changes > 0,
    get: async (userId) => {
      const r = q.get.get(userId);
      return r ? { keys: r.keys, keyCount: r.key_count, updatedAt: r.updated_at } : null;
    },
    remove: async (userId) => {
      const gone = q.remove.run(userId).changes > 0;
      if (gone) db.pragma('wal_checkpoint(TRUNCATE)'); // secure_delete zeroed the row in the file; no copy stays in the WAL
      return gone;
    },
    keepMessageKeysOnly: async () => {
      const changed = db.transaction(() => {
        let n = 0;
        for (const row of q.withOtherKeys.all()) {
          const kept = messageKeysOnly(row.keys);
          if (kept) n += q.replaceKeys.run(kept.keys, kept.keyCount, row.user_id, row.keys).changes;
        }
        return n;
      })();
      if (changed > 0) db.pragma('wal_checkpoint(TRUNCATE)'); // secure_delete zeroed the old row in the file; no copy stays in the WAL
      return changed;
    },
  };
}
