/**
 * A pull that brings nothing to store needs no write kit (issue 41: the kit holds the zod schemas,
 * and a reload's pull, most often empty, came before the dashboard was idle and fetched zod with it);
 * a pull with records fetches the kit itself and stores them. Each test starts from a fresh module
 * registry, so the kit has not been loaded yet, as on a fresh page load.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SyncResponse } from '../../shared/sync/protocol';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const empty: SyncResponse = { accepted: [], rejected: [], records: [], cursor: 0, hasMore: false, serverTime: T0 };

/** The database and sync modules as a fresh page load has them: the write kit not fetched yet. */
async function freshModules() {
  vi.resetModules();
  const { openOnDevice } = await import('../db/test-device');
  const { applyResponse } = await import('./apply-response');
  const { formatHlc } = await import('../../shared/sync/hlc');
  return { db: await openOnDevice('user-1', () => T0), applyResponse, formatHlc };
}

describe('the write kit and a pull (issue 41)', () => {
  it('an empty pull is applied without the kit: the kit is still not loaded after it', async () => {
    const { db, applyResponse } = await freshModules();
    await applyResponse(db, { ...empty, cursor: 4 });
    expect(await db.getMeta('cursor')).toBe(4);
    // Storing a record state inside a transaction needs the loaded kit: it is not.
    const store = db.dexie.transaction('rw', db.allTables(), () => db.storeState('trustees', 't1', { values: {}, clocks: {} }));
    await expect(store).rejects.toThrow('The write kit is not loaded');
  });

  it('a pull with a record loads the kit itself and stores the record, materialised', async () => {
    const { db, applyResponse, formatHlc } = await freshModules();
    const hlc = formatHlc({ ms: T0, counter: 0, node: 'server0000000000' });
    const values = { name: 'Ada', email: 'ada@example.com', accessLevel: 'full', createdAt: '2030-01-01T00:00:00.000Z' };
    const clocks = Object.fromEntries(Object.keys(values).map((k) => [k, hlc]));
    await applyResponse(db, { ...empty, records: [{ collection: 'trustees', id: 't1', seq: 1, values, clocks }], cursor: 1 });
    expect(await db.dexie.entities('trustees').get('t1')).toMatchObject({ name: 'Ada', shares: [], emergency: null });
  });
});
