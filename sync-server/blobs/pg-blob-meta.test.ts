/** Blob metadata on PostgreSQL: the contract suite, a second pool as a second server instance. */
import { afterAll, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import { isDatabaseBusy } from '../db/tx-errors';
import type pg from 'pg';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { blobMetaContract } from './blob-meta.contract';
import { createPgBlobMeta } from './pg-blob-meta';
import { createPgRecordStore } from '../records/store/pg-record-store';
import { createPgPool } from '../db/pg/pool';
import { insertPgUser, usePgDatabase } from '../test/pg-test-support';

const db = usePgDatabase();
let instanceB: pg.Pool | undefined;
afterAll(async () => instanceB?.end());

blobMetaContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  instanceB ??= createPgPool(db.url);
  return {
    meta: createPgBlobMeta(db.pool),
    second: createPgBlobMeta(instanceB),
    records: createPgRecordStore(db.pool, ACCOUNT_LIMITS),
    addUser: (id) => insertPgUser(db.pool, id),
  };
});

it('a push in flight while a released file would be deleted keeps its file: the mark gives way (busy, the next sweep decides) and then sees its record', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  await insertPgUser(db.pool, 'u1');
  const meta = createPgBlobMeta(db.pool);
  await createPgRecordStore(db.pool, ACCOUNT_LIMITS).applyChanges('u1', [
    { collection: 'documents', id: 'd1', hlc: formatHlc({ ms: 1, counter: 0, node: 'dev' }), fields: { file: { blobId: 'other' } } },
  ]);
  await meta.insert({ user_id: 'u1', blob_id: 'b1', size: 10, chunk_size: 512, chunk_count: 1, encrypted_size: 38, created_at: 1, referenced_at: 1 });
  await meta.markReleased('u1', 'b1', 2);
  // A push of u1 in flight (as records/store/pg-record-store.ts's merge holds it): the account's row locked, its
  // record now naming b1 (an undo restoring the file), not yet committed.
  instanceB ??= createPgPool(db.url); // its own, when it runs before the contract suite (vitest --sequence.shuffle)
  const push = await instanceB.connect();
  try {
    await push.query('BEGIN');
    await push.query("SELECT 1 FROM users WHERE id = 'u1' FOR UPDATE");
    await push.query("UPDATE records SET state = replace(state, '\"other\"', '\"b1\"') WHERE user_id = 'u1' AND id = 'd1'");
    // The sweep never queues behind an account's push: it is told the account is busy.
    const busy = await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', 'b1')).catch((err: unknown) => err);
    expect(isDatabaseBusy(busy)).toBe(true);
    await push.query('COMMIT');
    expect(await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', 'b1'))).toBe(false);
  } finally {
    push.release();
  }
  expect(await meta.get('u1', 'b1')).toMatchObject({ state: 'uploading' });
});
