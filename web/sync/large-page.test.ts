/**
 * A pulled page of a few hundred records this device already holds, every one changed elsewhere
 * (rules 13, 21; issue 41 "a pulled page at once"): applied in one transaction. storeStates awaited
 * keepReplacedTexts once per record, and past Dexie's budget of zone echoes (about a hundred awaits
 * of promises that are not Dexie's) the transaction committed early (PrematureCommitError) and the
 * page was never applied; it is found with a sealed account, whose every pulled record gains its
 * version (shared/crypto/freshness.ts), and with any account whose records were all edited elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signedInTransport } from '../../sync-server/test/client-test-support';
import { openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import type { Transport } from './transport';

const COUNT = 300;

async function sync(db: UserDatabase, transport: Transport) {
  const engine = createSyncEngine({ db, transport, env: { locks: null }, intervalMs: 3_600_000, onClockErrors: () => {} });
  await engine.syncNow();
  await engine.stop();
  return engine.snapshot();
}

describe('a large pulled page of changed records', () => {
  it(`${COUNT} documents edited on another device arrive on this one in one page`, async () => {
    const t = createTestApp();
    const { userId, transport } = await signedInTransport(t);
    const a = await openOnDevice(userId, () => t.deps.now());
    const b = await openOnDevice(userId, () => t.deps.now());
    await a.writeMany(Array.from({ length: COUNT }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: { documentType: 'will', documentName: `Document ${i}`, createdAt: '2026-11-21T12:00:00.000Z' } })));
    expect((await sync(a, transport)).status).toBe('synced');
    expect((await sync(b, transport)).status).toBe('synced');
    await b.writeMany(Array.from({ length: COUNT }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: { documentName: `Renamed ${i}` } })));
    expect((await sync(b, transport)).status).toBe('synced');
    const pulled = await sync(a, transport);
    expect(pulled).toMatchObject({ status: 'synced' });
    const names = (await a.dexie.entities('documents').toArray()).map((d) => d.documentName);
    expect(names.filter((n) => n.startsWith('Renamed'))).toHaveLength(COUNT);
  });
});
