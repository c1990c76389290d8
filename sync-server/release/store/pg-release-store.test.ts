/**
 * The release store on PostgreSQL: the contract suite, with a second pool on the same database
 * as a second server instance (issue #19 "Several instances"), and the trustee scan under
 * concurrent pushes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { formatHlc } from '../../../shared/sync';
import { releaseStoreContract } from './release-store.contract';
import { createPgRecordStore } from '../../records/store/pg-record-store';
import { createPgReleaseStore } from './pg-release-store';
import { createPgPool } from '../../db/pg/pool';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();
let instanceB: pg.Pool | undefined;
afterAll(async () => instanceB?.end());

releaseStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  instanceB ??= createPgPool(db.url);
  return {
    store: createPgReleaseStore(db.pool),
    second: createPgReleaseStore(instanceB),
    records: createPgRecordStore(db.pool, ACCOUNT_LIMITS),
    addUser: (id) => insertPgUser(db.pool, id),
  };
});

describe('the trustee scan on PostgreSQL never skips a late commit (per-user mark, rule 13)', () => {
  it('pushes through two instances while the scan follows and marks pages: every trustee record is seen', async () => {
    await db.pool.query('TRUNCATE users CASCADE');
    instanceB ??= createPgPool(db.url);
    for (const u of ['u1', 'u2']) await insertPgUser(db.pool, u);
    const recordStores = [createPgRecordStore(db.pool, ACCOUNT_LIMITS), createPgRecordStore(instanceB, ACCOUNT_LIMITS)];
    const scan = createPgReleaseStore(db.pool);
    const N = 40;
    let done = false;
    const pushes = Promise.all(
      Array.from({ length: N }, (_, i) =>
        recordStores[i % 2]!.applyChanges(i % 3 ? 'u1' : 'u2', [
          { collection: 'trustees', id: `t${i}`, hlc: formatHlc({ ms: i + 1, counter: 0, node: 'dev' }), fields: { name: `T${i}` } },
        ]),
      ),
    ).finally(() => (done = true));
    const seen = new Set<string>();
    for (;;) {
      const finished = done;
      const page = await scan.trusteeChanges(3);
      for (const r of page) seen.add(`${r.user_id}/${r.id}`);
      await scan.markTrusteesSeen(page);
      if (finished && page.length === 0) break;
    }
    await pushes;
    expect(seen.size).toBe(N);
  });
});
