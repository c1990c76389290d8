/**
 * The SQLite implementation of RecordStore. All SQL for synced records is here.
 */
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import { isDeleted, type Change, type RecordState, type ServerRecord } from '../../../shared/sync';
import { backlogFrom, BacklogMemo, marksOfSeqs, rankSegment } from './backlog-marks';
import { mergeBatch, refusePlaintextInSealed } from './merge-batch';
import { MAX_HISTORY_PER_FIELD, pageOf, recordJson, type RecordStore } from './record-store';
import type { Db } from '../../db/sqlite';
import { createBoundedCache } from '../../db/bounded-cache';

interface Row {
  collection: string;
  id: string;
  state: string;
  seq: number;
}

const toRecord = (r: Row): ServerRecord => {
  const s = JSON.parse(r.state) as RecordState;
  return { collection: r.collection as CollectionName, id: r.id, seq: r.seq, values: s.values, clocks: s.clocks };
};

/** A RecordStore over `db` (migrations applied); `limits.pullPageBytes` is Config.limits'. */
export function createSqliteRecordStore(db: Db, limits: { pullPageBytes: number }): RecordStore {
  const select = db.prepare<[string, string, string], Row>(
    'SELECT collection, id, state, seq FROM records WHERE user_id = ? AND collection = ? AND id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO records (user_id, collection, id, state, deleted, seq) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, collection, id) DO UPDATE SET state = excluded.state, deleted = excluded.deleted, seq = excluded.seq`,
  );
  // A batch's sequences in one statement (the last of `n` new values), not one UPDATE per record.
  const takeSeqs = db.prepare<[number], { value: number }>(
    'UPDATE sync_sequence SET value = value + ? WHERE id = 1 RETURNING value',
  );
  // A page's bytes are the state's UTF-8 bytes (octet_length, as PostgreSQL's and as the account's usage counts them).
  const since = db.prepare<[string, number, number], Row & { bytes: number }>(
    'SELECT collection, id, state, seq, octet_length(state) AS bytes FROM records WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  // `+seq`: sort the account's few rows, rather than let the planner walk records_collection_seq
  // through every account's rows of the collection to skip a sort (issue #20: a list read cost
  // grew with the number of accounts).
  const live = db.prepare<[string, string], Row>(
    'SELECT collection, id, state, seq FROM records WHERE user_id = ? AND collection = ? AND deleted = 0 ORDER BY +seq',
  );
  const deleted = db.prepare<[string, string], Row>(
    'SELECT collection, id, state, seq FROM records WHERE user_id = ? AND collection = ? AND deleted = 1 ORDER BY +seq',
  );
  // Index-only (records_user_seq): one seek however many records the account holds.
  const latest = db.prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM records WHERE user_id = ?');
  // Index-only (records_user_collection_seq, migration 009): one seek, never the records themselves.
  const latestOf = db.prepare<[string, string], { seq: number | null }>(
    'SELECT MAX(seq) AS seq FROM records WHERE user_id = ? AND collection = ?',
  );
  // Index-only (records_user_seq), never the records themselves: the account's sequences, read
  // once per change of the account to mark them (backlog-marks.ts), and a page's few entries
  // between a mark and its cursor (fewer than MARK_STEP).
  const seqsOf = db.prepare<[string], number>('SELECT seq FROM records WHERE user_id = ? ORDER BY seq').pluck();
  const countIn = db.prepare<[string, number, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM records WHERE user_id = ? AND seq > ? AND seq <= ?',
  );
  const marked = new BacklogMemo();
  const kept = keptLatest(db);
  const latestSeq = (userId: string, collection?: string) =>
    kept(collection ? `${userId}\u0000${collection}` : userId, () => (collection ? latestOf.get(userId, collection) : latest.get(userId))?.seq ?? 0);
  const countLive = db.prepare<[string], { collection: string; n: number }>(
    'SELECT collection, COUNT(*) AS n FROM records WHERE user_id = ? AND deleted = 0 GROUP BY collection',
  );

  const keepHistory = db.prepare(
    `INSERT OR IGNORE INTO text_history (user_id, collection, record_id, field, hlc, text, replaced_seq)
     VALUES (?, ?, ?, ?, ?, ?, (SELECT value FROM sync_sequence WHERE id = 1))`,
  );
  const pruneHistory = db.prepare(
    `DELETE FROM text_history WHERE user_id = ? AND collection = ? AND record_id = ? AND field = ? AND hlc NOT IN (
       SELECT hlc FROM text_history WHERE user_id = ? AND collection = ? AND record_id = ? AND field = ?
       ORDER BY replaced_seq DESC, hlc DESC LIMIT ${MAX_HISTORY_PER_FIELD})`,
  );
  const readHistory = db.prepare<[string, string, string, string], { text: string; hlc: string }>(
    `SELECT text, hlc FROM text_history WHERE user_id = ? AND collection = ? AND record_id = ? AND field = ?
     ORDER BY replaced_seq DESC, hlc DESC`,
  );

  const sealedAt = db.prepare<[string], { sealed_at: number | null }>('SELECT sealed_at FROM account_keys WHERE user_id = ?');

  const apply = db.transaction((userId: string, changes: readonly Change[]) => {
    if (sealedAt.get(userId)?.sealed_at != null) refusePlaintextInSealed(changes); // issue 29: never plaintext in a sealed field
    // Merge per record first (merge-batch.ts), then write each changed record once with a fresh sequence.
    const { touched, replaced } = mergeBatch(changes, (collection, id) => {
      const row = select.get(userId, collection, id);
      return row ? (JSON.parse(row.state) as RecordState) : null;
    });
    // Rule 21: the long texts the batch replaced go to the bounded history.
    for (const r of replaced) {
      keepHistory.run(userId, r.collection, r.id, r.field, r.hlc, r.text);
      pruneHistory.run(userId, r.collection, r.id, r.field, userId, r.collection, r.id, r.field);
    }
    // Each changed record gets the next sequence, in the batch's order (rule 13), taken at once.
    const changed = touched.filter((e) => e.changed);
    if (changed.length === 0) return [];
    let seq = takeSeqs.get(changed.length)!.value - changed.length;
    return changed.map((e) => {
      seq += 1;
      upsert.run(userId, e.collection, e.id, JSON.stringify(e.state), isDeleted(e.state) ? 1 : 0, seq);
      return { collection: e.collection, id: e.id, seq, ...e.state };
    });
  });

  /** One pull page (record-store.ts pageOf), each row as `map` makes it. Nothing new (the common incremental pull): one index seek, no row iterator (issue #20). */
  const page = <T>(userId: string, cursor: number, limit: number, map: (r: Row) => T) => {
    if (latestSeq(userId) <= cursor) return { records: [], cursor, hasMore: false };
    const { rows, hasMore } = pageOf(since.iterate(userId, cursor, limit + 1), limit, limits.pullPageBytes, (r) => r.bytes);
    return { records: rows.map(map), cursor: rows.at(-1)?.seq ?? cursor, hasMore };
  };

  return {
    applyChanges: (userId, changes) => (changes.length ? apply.immediate(userId, changes) : []),
    pull: (userId, cursor, limit) => page(userId, cursor, limit, toRecord),
    pullJson: (userId, cursor, limit) => page(userId, cursor, limit, (r) => recordJson(r.collection, r.id, r.seq, r.state)),
    get(userId, collection, id) {
      const row = select.get(userId, collection, id);
      return row ? toRecord(row) : null;
    },
    list: (userId, collection) => live.all(userId, collection).map(toRecord),
    listDeleted: (userId, collection) => deleted.all(userId, collection).map(toRecord),
    latestSeq,
    backlog(userId, cursor) {
      const at = latestSeq(userId);
      let m = marked.get(userId, at);
      if (!m) marked.put(userId, (m = marksOfSeqs(seqsOf.all(userId))));
      const { below, after } = rankSegment(m, cursor);
      return backlogFrom(m, below, countIn.get(userId, after, cursor)!.n);
    },
    history: (userId, collection, id, field) => readHistory.all(userId, collection, id, field).map((r) => ({ text: r.text, at: r.hlc })),
    counts(userId) {
      const out = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;
      for (const r of countLive.all(userId)) out[r.collection as CollectionName] = r.n;
      return out;
    },
  };
}

/** An account's (or its collection's) latest sequence is kept at most this long (ms), whatever else: a bound on a write by another connection. */
const KEPT_LATEST_MS = 5_000;
/** At most this many latest sequences kept (least recently used forgotten first). */
const KEPT_LATEST_MAX = 20_000;

/**
 * The latest sequences of accounts and collections, kept in memory while nothing in the database
 * changed (issue 41: reading one, index-only as it is, took SQLite's read lock of the WAL, the
 * costliest step of a signed-in list read or an empty pull). The guard is the connection's own
 * count of rows ever inserted, updated or deleted (`total_changes()`, read without touching a table
 * or a lock): any write through it — a push, a REST write, the seal migration (keys/seal-store.ts),
 * a deleted account's cascade, even one rolled back — moves it, and a kept sequence is used only
 * while the count is the one it was read at. On SQLite one server process owns the database (as
 * accounts/store/sqlite-account-store.ts keptSessions says); a write by another connection is
 * still seen within KEPT_LATEST_MS. Nothing read inside a transaction is kept. Returns `kept(key, read)`: the kept value of `key`, or `read()`'s.
 */
function keptLatest(db: Db): (key: string, read: () => number) => number {
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const kept = createBoundedCache<{ changes: number; until: number; seq: number }>(KEPT_LATEST_MAX);
  return (key, read) => {
    // Inside a transaction what is read may yet be rolled back, after the count moved: read, never keep.
    if (db.inTransaction) return read();
    const n = changes.get()!;
    const k = kept.get(key);
    const now = performance.now();
    if (k && k.changes === n && k.until > now) return k.seq;
    const seq = read();
    kept.set(key, { changes: n, until: now + KEPT_LATEST_MS, seq });
    return seq;
  };
}
