/**
 * Rule 13 on PostgreSQL with several server instances (issue #19 "A cursor that never skips"):
 * two pools (= two instances) push concurrently for the same users while pullers on both page
 * through with cursors; when the pushes are done and each puller has caught up, every puller
 * holds exactly what the store holds. A sequence value that committed after a larger one had
 * been read would be passed over for good (its record is never written again here) and show.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ServerRecord } from '../../../shared/sync';
import { formatHlc } from '../../../shared/sync';
import type { AsyncRecordStore } from './record-store';
import { createPgRecordStore } from './pg-record-store';
import { createPgPool } from '../../db/pg/pool';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();
const LIMITS = { pullPageBytes: 512 * 1024 };
const USERS = ['alice', 'bob'];

/** Everything `userId` has after `cursor`, page by page; each page's sequences increase past the cursor. */
async function drain(store: AsyncRecordStore, userId: string, cursor: number, into: Map<string, ServerRecord>): Promise<number> {
  for (;;) {
    const page = await store.pull(userId, cursor, 7);
    let last = cursor;
    for (const r of page.records) {
      expect(r.seq).toBeGreaterThan(last);
      last = r.seq;
      into.set(`${r.collection}/${r.id}`, r);
    }
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

describe('rule 13 on PostgreSQL: no puller ever misses a change (two instances, concurrent pushes and pulls)', () => {
  it('every puller ends with exactly the store, over many rounds', async () => {
    const instanceB = createPgPool(pg.url);
    try {
      const stores = [createPgRecordStore(pg.pool, LIMITS), createPgRecordStore(instanceB, LIMITS)];
      for (const u of USERS) await insertPgUser(pg.pool, u);
      let clock = 1;
      const hlc = (node: string) => formatHlc({ ms: clock++, counter: 0, node });
      for (let round = 0; round < 12; round++) {
        let pushing = true;
        // 4 pushers (2 per instance), 10 pushes each of 1–4 changes, mostly new records.
        const pushers = Array.from({ length: 4 }, async (_, p) => {
          const store = stores[p % 2]!;
          for (let i = 0; i < 10; i++) {
            const user = USERS[(p + i) % USERS.length]!;
            const batch: Change[] = Array.from({ length: 1 + ((p + i) % 4) }, (_, k) => ({
              collection: 'trustees',
              id: k === 3 ? `shared-${round}` : `r${round}-p${p}-i${i}-k${k}`,
              hlc: hlc(`n${p}`),
              fields: { name: `round ${round} pusher ${p} push ${i}` },
            }));
            await store.applyChanges(user, batch);
          }
        });
        // 4 pullers (one per user per instance), each keeping what it pulled, as a client does.
        const pullers = USERS.flatMap((user) =>
          stores.map(async (store) => {
            const seen = new Map<string, ServerRecord>();
            let cursor = 0;
            while (pushing) cursor = await drain(store, user, cursor, seen);
            await drain(store, user, cursor, seen);
            return { user, seen };
          }),
        );
        await Promise.all(pushers);
        pushing = false;
        for (const { user, seen } of await Promise.all(pullers)) {
          const all = new Map<string, ServerRecord>();
          await drain(stores[0]!, user, 0, all);
          expect(all.size).toBeGreaterThan(0);
          const missed = [...all].filter(([key, r]) => seen.get(key)?.seq !== r.seq).map(([key]) => key);
          expect(missed, `round ${round}, ${user}: changes a puller never saw`).toEqual([]);
          expect(new Map([...seen].sort())).toEqual(new Map([...all].sort()));
        }
        await pg.pool.query('TRUNCATE records, text_history');
        await pg.pool.query('UPDATE users SET sync_seq = 0');
      }
    } finally {
      await instanceB.end();
    }
  }, 120_000);

  it('concurrent pushes to one record through two instances lose no field (the row lock serialises the merge)', async () => {
    const instanceB = createPgPool(pg.url);
    try {
      const stores = [createPgRecordStore(pg.pool, LIMITS), createPgRecordStore(instanceB, LIMITS)];
      await insertPgUser(pg.pool, 'carol');
      // 80 pushes at once, each writing its own field of the same record with its own HLC.
      await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          stores[i % 2]!.applyChanges('carol', [{ collection: 'trustees', id: 'one', hlc: formatHlc({ ms: 1000 + i, counter: 0, node: `w${i}` }), fields: { [`f${i}`]: i } }]),
        ),
      );
      const record = (await stores[0]!.get('carol', 'trustees', 'one'))!;
      expect(Object.keys(record.values)).toHaveLength(80);
      expect(record.values).toEqual(Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, i])));
      // Every push changed the record, so it has been numbered 80 times, in order, without gaps.
      expect(record.seq).toBe(80);
    } finally {
      await instanceB.end();
    }
  });
});
