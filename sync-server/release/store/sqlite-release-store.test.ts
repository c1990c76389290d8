/**
 * SQLite's release store through its asynchronous adapter (release-store.ts, sqlite-async.ts):
 * the contract suite, the e-mail queue contract on the adapter, and the hazard the adapter is
 * built against: another request writing on the one connection while a transaction awaits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { formatHlc } from '../../../shared/sync';
import { initialState } from '../state-machine';
import { emailQueueContract } from './email-queue.contract';
import { createGroupCommit } from '../../db/group-commit';
import { createReleaseStore } from './sqlite-release';
import { createSqliteAsyncReleaseStore } from './release-store';
import { releaseStoreContract } from './release-store.contract';
import { openDatabase, type Db } from '../../db/sqlite';
import { createSqliteRecordStore } from '../../records/store/sqlite-record-store';
import { TransactionConflictError } from '../../db/sqlite-async';

const file = () => join(mkdtempSync(join(tmpdir(), 'afterword-release-')), 'test.db');
const addUser = (db: Db) => (id: string) => db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
const open = (path = file()) => {
  const db = openDatabase(path);
  const sync = createReleaseStore(db);
  return { db, sync, store: createSqliteAsyncReleaseStore(db, sync), records: createSqliteRecordStore(db, ACCOUNT_LIMITS) };
};

releaseStoreContract('SQLite (temp file, asynchronous adapter)', async () => {
  const path = file();
  const a = open(path);
  // "Another instance": a second connection to the same file.
  const b = open(path);
  return { store: a.store, second: b.store, records: a.records, addUser: addUser(a.db) };
});

emailQueueContract('SQLite through the asynchronous release store', () => {
  const { db, store } = open();
  return { queue: store, addUser: addUser(db) };
});

describe('the SQLite adapter never holds a transaction open across an await (issue #19)', () => {
  it("another request's write made while a transaction awaits is kept when that transaction rolls back", async () => {
    const { db, sync, store, records } = open();
    addUser(db)('u1');
    const group = createGroupCommit(db);
    let pushed: unknown;
    await expect(
      store.transaction(async (tx) => {
        await tx.putState('u1', initialState(1000));
        // Meanwhile other requests: a push through group commit, a plain write of the release store.
        pushed = await group.run(() =>
          records.applyChanges('u1', [{ collection: 'trustees', id: 't1', hlc: formatHlc({ ms: 1, counter: 0, node: 'd' }), fields: { name: 'Ann' } }]),
        );
        sync.addActivity('u1', 5, 'other', 'another request');
        throw new Error('this transaction fails');
      }),
    ).rejects.toThrow('this transaction fails');
    expect(pushed).toHaveLength(1);
    expect(records.get('u1', 'trustees', 't1')?.values).toEqual({ name: 'Ann' });
    expect(sync.activity('u1').map((a) => a.text)).toEqual(['another request']);
    expect(sync.getState('u1')).toBeNull();
    expect(db.inTransaction).toBe(false);
  });

  it('while a transaction awaits, no SQLite transaction is open, and other requests see none of its writes', async () => {
    const { db, sync, store } = open();
    addUser(db)('u1');
    await store.transaction(async (tx) => {
      await tx.addActivity('u1', 1, 'k', 'mine');
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(db.inTransaction).toBe(false);
      expect(sync.activity('u1')).toEqual([]);
      expect((await tx.activity('u1')).map((a) => a.text)).toEqual(['mine']);
    });
    expect(sync.activity('u1').map((a) => a.text)).toEqual(['mine']);
  });

  it('a write by another request to what a transaction read makes it run again on the new data; endless conflict ends in TransactionConflictError', async () => {
    const { db, sync, store } = open();
    addUser(db)('u1');
    sync.putState('u1', { ...initialState(1000), remindersSent: 1 });
    let runs = 0;
    await store.transaction(async (tx) => {
      runs += 1;
      const s = (await tx.getState('u1'))!;
      if (runs === 1) sync.putState('u1', { ...s, remindersSent: 10 }); // another request, in between
      await tx.putState('u1', { ...s, remindersSent: s.remindersSent + 1 });
    });
    expect(runs).toBe(2);
    expect(sync.getState('u1')!.remindersSent).toBe(11);

    let n = 0;
    await expect(
      store.transaction(async (tx) => {
        const s = (await tx.getState('u1'))!;
        sync.putState('u1', { ...s, remindersSent: 100 + ++n }); // always changed under it
        await tx.putState('u1', { ...s, episode: 9 });
      }),
    ).rejects.toBeInstanceOf(TransactionConflictError);
    expect(sync.getState('u1')!.episode).toBe(0);
  });
});
