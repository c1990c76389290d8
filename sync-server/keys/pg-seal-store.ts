/**
 * The PostgreSQL seal store (keys/seal-store.ts has the contract and SQLite's). Each call is one
 * transaction under the account's row lock (`users … FOR UPDATE`), the lock every push takes, so a
 * push and a seal of the same account run one after the other. Sealed records take new sequences
 * from the account's own counter (`users.sync_seq`); the kept usage is left behind the counter
 * and so counted afresh by the next push (records/store/pg-usage.ts isCurrent). Only live rows are cleaned:
 * dead rows, the WAL and archives of the old plaintext are the operator's to purge (SECURITY.md).
 */
import type pg from 'pg';
import type { CollectionName } from '../../shared/schema/collection-names';
import type { RecordState } from '../../shared/sync/merge';
import { plaintextFields, sealBatch, type SealedFieldRef } from './model/seal-merge';
import { MAX_LEFT_NAMED, type SealStore } from './seal-store';
import { withTransaction } from '../db/pg/pool';
import { readPgUsage, UnknownAccountError, withActivity } from '../records';

interface Row {
  collection: string;
  id: string;
  state: string;
}

/** The seal store over `pool` (migrations of db/pg/ applied). */
export function createPgSealStore(pool: pg.Pool): SealStore {
  const lock = async (db: pg.PoolClient, userId: string) => {
    const { rows } = await db.query<{ sync_seq: string }>('SELECT sync_seq FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!rows[0]) throw new UnknownAccountError(userId);
    return Number(rows[0].sync_seq);
  };
  return {
    sealRecords: (userId, account, items, limits) =>
      withTransaction(pool, async (db) => {
        let seq = await lock(db, userId);
        const { rows } = await db.query<Row>(
          'SELECT collection, id, state FROM records WHERE user_id = $1 AND (collection, id) IN (SELECT * FROM unnest($2::text[], $3::text[]))',
          [userId, items.map((i) => i.collection), items.map((i) => i.id)],
        );
        const states = new Map(rows.map((r) => [`${r.collection}\u0000${r.id}`, JSON.parse(r.state) as RecordState]));
        const usage = await withActivity(db, userId, await readPgUsage(db, userId));
        const { writes, outcome } = sealBatch(account, items, (c, id) => states.get(`${c}\u0000${id}`) ?? null, usage.bytes, limits);
        if (!writes.length) return outcome;
        await db.query(
          `UPDATE records AS r SET state = w.state, seq = w.seq
             FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[]) AS w(collection, id, state, seq)
            WHERE r.user_id = $1 AND r.collection = w.collection AND r.id = w.id`,
          [userId, writes.map((w) => w.collection), writes.map((w) => w.id), writes.map((w) => JSON.stringify(w.state)), writes.map(() => ++seq)],
        );
        await db.query('UPDATE users SET sync_seq = $2 WHERE id = $1', [userId, seq]);
        return outcome;
      }),
    finish: (userId, at) =>
      withTransaction(pool, async (db) => {
        await lock(db, userId);
        const { rows } = await db.query<Row>('SELECT collection, id, state FROM records WHERE user_id = $1', [userId]);
        const left: SealedFieldRef[] = [];
        for (const row of rows) {
          const collection = row.collection as CollectionName;
          for (const field of plaintextFields(collection, row.id, JSON.parse(row.state) as RecordState)) left.push({ collection, id: row.id, field });
        }
        if (left.length) return left.slice(0, MAX_LEFT_NAMED);
        await db.query(`DELETE FROM text_history WHERE user_id = $1 AND text !~ '^v[0-9]+\\.'`, [userId]);
        await db.query('UPDATE account_keys SET sealed_at = $2, updated_at = $2 WHERE user_id = $1 AND sealed_at IS NULL', [userId, at]);
        return left;
      }),
  };
}
