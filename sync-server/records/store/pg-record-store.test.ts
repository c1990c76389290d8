import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema';
import { formatHlc } from '../../../shared/sync';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { recordStoreContract } from './record-store.contract';
import { createPgRecordStore } from './pg-record-store';
import { createPgUsageReader, readPgUsage } from './pg-usage';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();

recordStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  return { store: createPgRecordStore(pg.pool, ACCOUNT_LIMITS), addUser: (id) => insertPgUser(pg.pool, id) };
});

describe("the account's usage is kept on its row by every push (issue #19: no scan of the account inside a push)", () => {
  it('after any sequence of creates, edits, long texts and deletions, the kept usage equals a count of the stored rows', async () => {
    const store = createPgRecordStore(pg.pool, ACCOUNT_LIMITS);
    const kept = async (userId: string) => {
      const { rows } = await pg.pool.query<{ usage_bytes: string; usage_live: Record<string, number> }>('SELECT usage_bytes, usage_live FROM users WHERE id = $1', [userId]);
      return { bytes: Number(rows[0]!.usage_bytes), live: { ...Object.fromEntries(COLLECTIONS.map((c) => [c, 0])), ...rows[0]!.usage_live } };
    };
    const op = fc.record({
      collection: fc.constantFrom('messages', 'trustees', 'documents'),
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      fields: fc.oneof(
        fc.record({ title: fc.string({ maxLength: 40 }) }),
        fc.record({ body: fc.string({ unit: 'grapheme', minLength: 300, maxLength: 600 }) }),
        fc.constant({ _deleted: true }),
      ),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (pushes) => {
        const userId = `usage-${++run}`;
        await insertPgUser(pg.pool, userId);
        let ms = 0;
        for (const batch of pushes) {
          await store.applyChanges(userId, batch.map((o) => ({ collection: o.collection as CollectionName, id: o.id, hlc: formatHlc({ ms: ++ms, counter: 0, node: 'dev' }), fields: o.fields })));
        }
        expect(await kept(userId)).toEqual(await readPgUsage(pg.pool, userId));
        expect(await createPgUsageReader(pg.pool)(userId)).toEqual(await readPgUsage(pg.pool, userId));
      }),
      { numRuns: 40 },
    );
    // The migration's backfill (for databases that held records before it) counts the same.
    const sql = readFileSync(join(import.meta.dirname, '..', '..', 'db', 'pg', 'migrations', '008-usage-counters.sql'), 'utf8');
    const users = Array.from({ length: run }, (_, i) => `usage-${i + 1}`);
    const before = await Promise.all(users.map(kept));
    await pg.pool.query("UPDATE users SET usage_bytes = 0, usage_live = '{}' WHERE id LIKE 'usage-%'");
    await pg.pool.query(sql.slice(sql.indexOf('UPDATE users')));
    expect(await Promise.all(users.map(kept))).toEqual(before);
  });

  it('a push by a server older than the kept usage (an upgrade in progress, a rollback) is counted afresh by the next push and read', async () => {
    const store = createPgRecordStore(pg.pool, ACCOUNT_LIMITS);
    await insertPgUser(pg.pool, 'older');
    const hlc = (ms: number) => formatHlc({ ms, counter: 0, node: 'dev' });
    await store.applyChanges('older', [{ collection: 'messages', id: 'm1', hlc: hlc(1), fields: { title: 'first' } }]);
    // What a server before migration 008 does: a record written, sync_seq moved, the usage not.
    await pg.pool.query(
      `INSERT INTO records (user_id, collection, id, state, deleted, seq) VALUES ('older', 'messages', 'm2', $1, FALSE, 2)`,
      [JSON.stringify({ values: { title: 'second' }, clocks: { title: hlc(2) } })],
    );
    await pg.pool.query("UPDATE users SET sync_seq = 2 WHERE id = 'older'");
    expect(await createPgUsageReader(pg.pool)('older')).toEqual(await readPgUsage(pg.pool, 'older'));
    await store.applyChanges('older', [{ collection: 'messages', id: 'm3', hlc: hlc(3), fields: { title: 'third' } }]);
    const counted = await readPgUsage(pg.pool, 'older');
    expect(counted.live.messages).toBe(3);
    const { rows } = await pg.pool.query("SELECT usage_bytes, usage_live FROM users WHERE id = 'older'");
    expect({ bytes: Number(rows[0].usage_bytes), messages: rows[0].usage_live.messages }).toEqual({ bytes: counted.bytes, messages: 3 });
  });
});
