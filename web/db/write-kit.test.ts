/**
 * The write kit arrives after the database opens (issue #20: zod is not needed to paint). A save
 * made the moment the database is open waits for it, and is validated and stored as any other
 * (without that wait it failed with 'The write kit is not loaded'). Each test starts from a fresh
 * module registry, so the kit has not been loaded yet.
 */
import { describe, expect, it, vi } from 'vitest';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const trustee = { name: 'Ada', email: 'ada@example.com', accessLevel: 'full', createdAt: '2030-01-01T00:00:00.000Z' };

/** The database modules as a fresh page load has them: the write kit not fetched yet. */
async function freshModules() {
  vi.resetModules();
  const device = await import('./test-device');
  const { LocalWriteError } = await import('./user-database');
  return { ...device, LocalWriteError };
}

describe('the write kit, loaded after the database opens', () => {
  it('a save made the moment the database opens waits for the kit, and is stored and queued', async () => {
    const { openOnDevice } = await freshModules();
    const db = await openOnDevice('user-1', () => T0);
    const change = await db.write('trustees', 't1', trustee);
    expect(change?.fields).toMatchObject({ name: 'Ada' });
    expect(await db.dexie.entities('trustees').get('t1')).toMatchObject({ name: 'Ada' });
    expect(await db.dexie.outbox.count()).toBe(1);
  });

  it('an invalid save made the moment the database opens is refused by the kit’s schema, and writes nothing', async () => {
    const { openOnDevice, LocalWriteError } = await freshModules();
    const db = await openOnDevice('user-1', () => T0);
    const err = await db.write('trustees', 't1', { ...trustee, email: 42 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalWriteError);
    expect(await db.dexie.outbox.count()).toBe(0);
  });
});
