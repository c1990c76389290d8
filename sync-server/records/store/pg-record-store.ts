/**
 * The PostgreSQL implementation of the record store (issue #19): AsyncRecordStore over a `pg`
 * Pool, with the semantics of sqlite-record-store.ts (same merge through merge-batch.ts, same
 * conflict fields, `_restorable` and text history; rules 4, 12, 13, 20–22 of
 * shared/sync/README.md). All SQL for synced records on PostgreSQL is here.
 *
 * The cursor never skips (rule 13): a push locks its user's row (`SELECT … FOR UPDATE`) and
 * numbers the records it changes from that row's counter `users.sync_seq`, then commits before
 * the lock is released. So one user's sequences commit in order, whatever the number of server
 * instances, and a pull (`seq > cursor`, one statement, one snapshot) sees a prefix of them.
 */
import type pg from 'pg';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import { isDeleted, type Change, type RecordState, type ServerRecord } from '../../../shared/sync';
import { backlogFrom, BacklogMemo, MARK_STEP, rankSegment, type BacklogMarks } from './backlog-marks';
import { mergeBatch, refusePlaintextInSealed } from './merge-batch';
import { MAX_HISTORY_PER_FIELD, pageOf, recordJson, type Admit, type AsyncRecordStore } from './record-store';
import { isCurrent, KEPT_USAGE, keptUsage, readPgUsage, usageAfter, withActivity, type KeptUsage } from './pg-usage';
import { withTransaction } from '../../db/pg/pool';

interface Row {
  collection: string;
  id: string;
  state: string;
  seq: string;
}

const toRecord = (r: Row): ServerRecord => {
  const s = JSON.parse(r.state) as RecordState;
  return { collection: r.collection as CollectionName, id: r.id, seq: Number(r.seq), values: s.values, clocks: s.clocks };
};

/** Thrown by applyChanges when the account does not exist (the batch is rolled back). */
export class UnknownAccountError extends Error {
  constructor(userId: string) {
    super(`No account ${JSON.stringify(userId)} in the record store`);
    this.name = 'UnknownAccountError';
  }
}

/** A record store over `pool` (migrations of db/pg/ applied); `limits.pullPageBytes` is Config.limits'. */
export function createPgRecordStore(pool: pg.Pool, limits: { pullPageBytes: number }): AsyncRecordStore {
  const SELECT = 'SELECT collection, id, state, seq FROM records';

  /**
   * One push of `userId` in one transaction: the account's row lock (rule 13: one push at a time
   * per user, numbered from its own counter), the records `keys` names, then the changes merged:
   * `changes`, or those `admit` returns over those records and the account's usage as kept on its
   * row (migration 008), which this push moves by what it writes.
   */
  const merge = (userId: string, keys: readonly (readonly [CollectionName, string])[], admit: Admit | null, given: readonly Change[]) =>
    withTransaction(pool, async (db) => {
      const lock = await db.query<KeptUsage>(`SELECT ${KEPT_USAGE} FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const row = lock.rows[0];
      if (!row) throw new UnknownAccountError(userId);
      let seq = Number(row.sync_seq);
      // Counted afresh (under the lock) when a push of an older server moved sync_seq only.
      const usage = isCurrent(row) ? keptUsage(row) : await readPgUsage(db, userId);
      const unique = [...new Map(keys.map(([c, id]) => [`${c}\u0000${id}`, [c, id] as const])).values()];
      const stored = await db.query<Row & { deleted: boolean }>(
        `SELECT collection, id, state, seq, deleted FROM records WHERE user_id = $1 AND (collection, id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        [userId, unique.map(([c]) => c), unique.map(([, id]) => id)],
      );
      const key = (collection: string, id: string) => `${collection}\u0000${id}`;
      const storedRow = new Map(stored.rows.map((r) => [key(r.collection, r.id), r]));
      // Read after the lock, in a statement of its own (READ COMMITTED: a fresh snapshot), so a
      // seal's finish that held the lock before this push is seen (pg-seal-store.ts; rule 24).
      const sealing = await db.query<{ sealed_at: string | null }>('SELECT sealed_at FROM account_keys WHERE user_id = $1', [userId]);
      const sealedAt = sealing.rows[0]?.sealed_at == null ? null : Number(sealing.rows[0].sealed_at);
      let changes = given;
      if (admit) {
        // Admission gets its own copies: what it does to them never reaches the merge below.
        const rows = new Map(stored.rows.map((r) => [key(r.collection, r.id), toRecord(r)]));
        // `accountBytes` counts the activity log too (SECURITY.md "Limits"); the kept columns stay records only.
        const counted = await withActivity(db, userId, usage);
        changes = admit((c, id) => rows.get(key(c, id)) ?? null, { live: { ...usage.live }, bytes: counted.bytes }, sealedAt);
      }
      if (!changes.length) return [];
      if (sealedAt !== null) refusePlaintextInSealed(changes); // issue 29: never plaintext in a sealed field, whichever path
      const states = new Map(stored.rows.map((r) => [key(r.collection, r.id), JSON.parse(r.state) as RecordState]));
      const { touched, replaced } = mergeBatch(changes, (collection, id) => states.get(key(collection, id)) ?? null);

      // Rule 21: replaced long texts, ordered by the counter before this push (as SQLite's global one).
      for (const r of replaced) {
        await db.query(
          `INSERT INTO text_history (user_id, collection, record_id, field, hlc, text, replaced_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [userId, r.collection, r.id, r.field, r.hlc, r.text, seq],
        );
        await db.query(
          `DELETE FROM text_history WHERE user_id = $1 AND collection = $2 AND record_id = $3 AND field = $4 AND hlc NOT IN (
             SELECT hlc FROM text_history WHERE user_id = $1 AND collection = $2 AND record_id = $3 AND field = $4
             ORDER BY replaced_seq DESC, hlc DESC LIMIT ${MAX_HISTORY_PER_FIELD})`,
          [userId, r.collection, r.id, r.field],
        );
      }

      const out: ServerRecord[] = [];
      for (const e of touched) if (e.changed) out.push({ collection: e.collection, id: e.id, seq: ++seq, ...e.state });
      if (!out.length) return out;
      const json = out.map((r) => JSON.stringify({ values: r.values, clocks: r.clocks }));
      const after = usageAfter(
        usage,
        out.map((r, i) => ({ collection: r.collection, state: json[i]!, deleted: isDeleted(r), before: storedRow.get(key(r.collection, r.id)) })),
      );
      // One statement writes the whole batch: (collection, id, state, deleted, seq) arrays.
      await db.query(
        `INSERT INTO records (user_id, collection, id, state, deleted, seq)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::bigint[])
         ON CONFLICT (user_id, collection, id) DO UPDATE SET state = excluded.state, deleted = excluded.deleted, seq = excluded.seq`,
        [
          userId,
          out.map((r) => r.collection),
          out.map((r) => r.id),
          json,
          out.map((r) => isDeleted(r)),
          out.map((r) => r.seq),
        ],
      );
      await db.query('UPDATE users SET sync_seq = $2, usage_seq = $2, usage_bytes = $3, usage_live = $4 WHERE id = $1', [userId, seq, after.bytes, JSON.stringify(after.live)]);
      return out;
    });

  /** The account's highest sequence (records_user_seq: an index-only seek), 0 when it has no records. */
  const accountLatest = async (userId: string) => {
    const { rows } = await pool.query<{ seq: string | null }>('SELECT MAX(seq) AS seq FROM records WHERE user_id = $1', [userId]);
    return Number(rows[0]?.seq ?? 0);
  };

  const marked = new BacklogMemo();
  /** Marks the account's sequences afresh (one pass over its index entries; only the marks and the last row are sent) and keeps them. */
  const markAccount = async (userId: string): Promise<BacklogMarks> => {
    const { rows } = await pool.query<{ seq: string; n: string; total: string }>(
      `SELECT seq, n, total FROM (SELECT seq, row_number() OVER (ORDER BY seq) AS n, count(*) OVER () AS total FROM records WHERE user_id = $1) s
        WHERE n % ${MARK_STEP} = 0 OR n = total ORDER BY seq`,
      [userId],
    );
    const m: BacklogMarks = {
      latest: Number(rows.at(-1)?.seq ?? 0),
      total: Number(rows[0]?.total ?? 0),
      marks: rows.filter((r) => Number(r.n) % MARK_STEP === 0).map((r) => Number(r.seq)),
    };
    marked.put(userId, m);
    return m;
  };

  /**
   * One pull page (record-store.ts pageOf: `limit` records or limits.pullPageBytes of state,
   * whichever first, at least one), each row as `map` makes it. The database sends only the rows
   * that can matter: those whose predecessors before the previous one fit in the budget (one row
   * past the page at most).
   */
  const page = async <T>(userId: string, cursor: number, limit: number, map: (r: Row) => T) => {
    const { rows } = await pool.query<Row & { bytes: number }>(
      `SELECT collection, id, state, seq, bytes FROM (
         SELECT collection, id, state, seq, octet_length(state) AS bytes,
                COALESCE(SUM(octet_length(state)) OVER (ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING), 0) AS before_prev
           FROM records WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3
       ) page WHERE before_prev <= $4 ORDER BY seq`,
      [userId, cursor, limit + 1, limits.pullPageBytes],
    );
    const kept = pageOf(rows, limit, limits.pullPageBytes, (r) => r.bytes);
    return { records: kept.rows.map(map), cursor: kept.rows.length ? Number(kept.rows.at(-1)!.seq) : cursor, hasMore: kept.hasMore };
  };

  return {
    applyChanges(userId, changes) {
      if (!changes.length) return Promise.resolve([]);
      return merge(userId, changes.map((c) => [c.collection, c.id] as const), null, changes);
    },

    applyAdmitted(userId, keys, admit) {
      return merge(userId, keys, admit, []);
    },

    pull: (userId, cursor, limit) => page(userId, cursor, limit, toRecord),

    pullJson: (userId, cursor, limit) => page(userId, cursor, limit, (r) => recordJson(r.collection, r.id, Number(r.seq), r.state)),

    async get(userId, collection, id) {
      const { rows } = await pool.query<Row>(`${SELECT} WHERE user_id = $1 AND collection = $2 AND id = $3`, [userId, collection, id]);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    async list(userId, collection) {
      const { rows } = await pool.query<Row>(`${SELECT} WHERE user_id = $1 AND collection = $2 AND NOT deleted ORDER BY seq`, [userId, collection]);
      return rows.map(toRecord);
    },

    async listDeleted(userId, collection) {
      const { rows } = await pool.query<Row>(`${SELECT} WHERE user_id = $1 AND collection = $2 AND deleted ORDER BY seq`, [userId, collection]);
      return rows.map(toRecord);
    },

    // The account's (or one collection's) latest sequence: every change takes a new, higher one
    // (records_user_seq makes the account's an index-only seek). Kept answers are checked by it
    // (records/service.ts listJson, release/trustee-pages.ts).
    async latestSeq(userId, collection) {
      if (!collection) return accountLatest(userId);
      const { rows } = await pool.query<{ seq: string | null }>('SELECT MAX(seq) AS seq FROM records WHERE user_id = $1 AND collection = $2', [userId, collection]);
      return Number(rows[0]?.seq ?? 0);
    },

    // Issue 40: the account's index read whole once per change of it (backlog-marks.ts), then a
    // page's fewer than MARK_STEP entries between the mark below its cursor and the cursor.
    async backlog(userId, cursor) {
      const m = marked.get(userId, await accountLatest(userId)) ?? (await markAccount(userId));
      const { below, after } = rankSegment(m, cursor);
      const { rows } = await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM records WHERE user_id = $1 AND seq > $2 AND seq <= $3', [userId, after, cursor]);
      return backlogFrom(m, below, rows[0]?.n ?? 0);
    },

    async history(userId, collection, id, field) {
      const { rows } = await pool.query<{ text: string; hlc: string }>(
        `SELECT text, hlc FROM text_history WHERE user_id = $1 AND collection = $2 AND record_id = $3 AND field = $4
         ORDER BY replaced_seq DESC, hlc DESC`,
        [userId, collection, id, field],
      );
      return rows.map((r) => ({ text: r.text, at: r.hlc }));
    },

    async counts(userId) {
      const out = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>;
      const { rows } = await pool.query<{ collection: string; n: number }>(
        'SELECT collection, COUNT(*)::int AS n FROM records WHERE user_id = $1 AND NOT deleted GROUP BY collection',
        [userId],
      );
      for (const r of rows) out[r.collection as CollectionName] = r.n;
      return out;
    },
  };
}
