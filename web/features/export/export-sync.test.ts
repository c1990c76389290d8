/**
 * Moving a plan to another server (issue #18): random records exported from one account and
 * imported into a fresh account sync to the real server with nothing rejected, and a new device of
 * that account pulls them back identical. The real app over a real SQLite file, real Dexie.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RejectedChange } from '../../../shared/sync/protocol';
import { personRecords } from '../../../shared/export/test-records';
import { openOnDevice } from '../../db/test-device';
import { createSyncEngine } from '../../sync/engine';
import { createTestApp, signedInTransport } from '../../../sync-server/test/client-test-support';
import { comparable, seed, zipOf } from './export-test-support';
import { importData } from './import-data';

describe('export → import → sync (issue #18)', () => {
  it('imported records sync with nothing rejected, and another device of the account pulls them identical', { timeout: 120_000 }, async () => {
    const t = createTestApp();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(personRecords, async (p) => {
        const a = await openOnDevice(`source-${++n}`, () => t.deps.now());
        await seed(a, p);
        t.advance(60 * 60_000); // past the per-IP registration limit: every run registers a new account
        const account = await signedInTransport(t);
        t.advance(1_000); // the person imports after registering (the server wrote the new profile then)
        const b = await openOnDevice(account.userId, () => t.deps.now());
        await importData(b, await zipOf(a, new Date(t.deps.now())));
        const rejected: RejectedChange[] = [];
        const sync = (db: typeof b) =>
          createSyncEngine({ db, transport: account.transport, env: { locks: null }, intervalMs: 3_600_000, onRejected: (r) => rejected.push(...r) }).syncNow();
        await sync(b);
        expect(rejected).toEqual([]);
        expect(await b.pendingCount()).toBe(0);
        const c = await openOnDevice(account.userId, () => t.deps.now());
        await sync(c);
        expect(await comparable(c)).toEqual(await comparable(a));
        for (const db of [a, b, c]) db.close();
      }),
      { numRuns: 5 },
    );
  });
});
