/**
 * Where the migration of an account made before keys writes (model/seal-merge.ts; contract:
 * /api/keys/seal/...). One shape for both engines: SQLite's here, PostgreSQL's in
 * db/pg/pg-seal-store.ts; both run the same route tests (seal-routes.test.ts, pg-seal-routes.test.ts).
 *
 * SQLite: `secure_delete` is switched on for the connection before any write here, so the pages
 * that held the replaced plaintext are zeroed rather than left in the free list, and `finish`
 * ends with `wal_checkpoint(TRUNCATE)` so the WAL keeps no copy either (issue "Existing accounts
 * are sealed, nothing lost"; SECURITY.md "What the server holds").
 */
import type { CollectionName } from '../../shared/schema/collection-names';
import type { RecordState } from '../../shared/sync/merge';
import { createUsageReader } from '../records';
import type { Db } from '../db/sqlite';
import type { SealedAccount } from '../records/index';
import { plaintextFields, sealBatch, type SealedFieldRef, type SealItem, type SealOutcome } from './model/seal-merge';

export interface SealStore {
  /**
   * Seals the plaintext of `items` by compare-and-set on each field's HLC, in one transaction;
   * every record it rewrites takes a new sequence (other devices pull it). Throws as sealState.
   */
  sealRecords(userId: string, account: SealedAccount, items: readonly SealItem[], limits: { recordBytes: number; accountBytes: number }): Promise<SealOutcome>;
  /**
   * In one transaction: the sealed fields of any record (tombstoned and kept versions included)
   * still holding plaintext; when there are none, deletes the text history rows holding
   * plaintext and sets `sealed_at` = `at`. Returns what is left (empty: sealed).
   */
  finish(userId: string, at: number): Promise<SealedFieldRef[]>;
}

/** Most fields `finish` names when some are left (the device re-reads the whole account anyway). */
export const MAX_LEFT_NAMED = 50;

interface Row {
  collection: string;
  id: string;
  state: string;
}

/**
 * Reads `account_keys.sealed_at` (ms; null: not sealed, or no keys) synchronously over `db`, so a
 * push or write reads it inside its own transaction (records/service.ts RecordSource `sealedAt`): `finish`
 * below sets it in a transaction of its own, and whatever commits after that is held to it.
 */
export function sqliteSealedAt(db: Db): (userId: string) => number | null {
  const q = db.prepare<[string], { sealed_at: number | null }>('SELECT sealed_at FROM account_keys WHERE user_id = ?');
  return (userId) => q.get(userId)?.sealed_at ?? null;
}

/** The SQLite seal store over `db` (migrations applied). */
export function createSqliteSealStore(db: Db): SealStore {
  const usage = createUsageReader(db);
  const select = db.prepare<[string, string, string], Row>('SELECT collection, id, state FROM records WHERE user_id = ? AND collection = ? AND id = ?');
  const nextSeq = db.prepare<[], { value: number }>('UPDATE sync_sequence SET value = value + 1 WHERE id = 1 RETURNING value');
  const update = db.prepare('UPDATE records SET state = ?, seq = ? WHERE user_id = ? AND collection = ? AND id = ?');
  const all = db.prepare<[string], Row>('SELECT collection, id, state FROM records WHERE user_id = ?');
  const dropHistory = db.prepare(`DELETE FROM text_history WHERE user_id = ? AND NOT (text GLOB 'v[0-9]*.*')`);
  const setSealed = db.prepare('UPDATE account_keys SET sealed_at = ?, updated_at = ? WHERE user_id = ? AND sealed_at IS NULL');
  const secure = () => db.pragma('secure_delete = ON');

  const seal = db.transaction((userId: string, account: SealedAccount, items: readonly SealItem[], limits: { recordBytes: number; accountBytes: number }) => {
    const read = (collection: CollectionName, id: string) => {
      const row = select.get(userId, collection, id);
      return row ? (JSON.parse(row.state) as RecordState) : null;
    };
    const { writes, outcome } = sealBatch(account, items, read, usage(userId).bytes, limits);
    for (const w of writes) update.run(JSON.stringify(w.state), nextSeq.get()!.value, userId, w.collection, w.id);
    return outcome;
  });

  const finish = db.transaction((userId: string, at: number) => {
    const left: SealedFieldRef[] = [];
    for (const row of all.iterate(userId)) {
      const collection = row.collection as CollectionName;
      for (const field of plaintextFields(collection, row.id, JSON.parse(row.state) as RecordState)) {
        left.push({ collection, id: row.id, field });
        if (left.length >= MAX_LEFT_NAMED) return left;
      }
    }
    if (left.length) return left;
    dropHistory.run(userId);
    setSealed.run(at, at, userId);
    return left;
  });

  return {
    sealRecords: async (userId, account, items, limits) => {
      secure();
      return seal.immediate(userId, account, items, limits);
    },
    finish: async (userId, at) => {
      secure();
      const left = finish.immediate(userId, at);
      if (!left.length) db.pragma('wal_checkpoint(TRUNCATE)');
      return left;
    },
  };
}
