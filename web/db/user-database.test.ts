import { describe, expect, it } from 'vitest';
import { parseHlc } from '../../shared/sync/hlc';
import { newDeviceIndexedDb, openOnDevice } from './test-device';
import { LocalWriteError } from './user-database';

const USER = 'user-1';
const T0 = Date.parse('2030-01-01T00:00:00Z');
const trustee = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  relationship: null,
  accessLevel: 'full',
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('write() — the one local write (rule 9)', () => {
  it('writes the field state, the materialised entity and the outbox entry together', async () => {
    const db = await openOnDevice(USER, () => T0);
    const change = await db.write('trustees', 't1', trustee);
    expect(change?.fields).toMatchObject({ name: 'Ada', accessLevel: 'full' });
    expect(await db.dexie.entities('trustees').get('t1')).toMatchObject({ id: 't1', userId: USER, name: 'Ada' });
    const row = await db.dexie.fieldState.get(['trustees', 't1']);
    expect(row?.clocks.name).toBe(change?.hlc);
    expect(await db.dexie.outbox.toArray()).toEqual([expect.objectContaining({ hlc: change?.hlc, id: 't1' })]);
  });

  it('rule 9: an invalid change writes nothing at all, and the error names the field', async () => {
    const db = await openOnDevice(USER, () => T0);
    const err = await db.write('trustees', 't1', { ...trustee, email: 42 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalWriteError);
    expect((err as LocalWriteError).message).toMatch(/^trustees\.email: /);
    expect((err as LocalWriteError).field).toBe('email');
    expect(await db.dexie.entities('trustees').count()).toBe(0);
    expect(await db.dexie.fieldState.count()).toBe(0);
    expect(await db.dexie.outbox.count()).toBe(0);
  });

  it('says it is writing from the start of a write until it has committed or failed (a page left then would lose it)', async () => {
    const db = await openOnDevice(USER, () => T0);
    expect(db.writing).toBe(false);
    const pending = db.write('trustees', 't1', trustee);
    expect(db.writing).toBe(true);
    await pending;
    expect(db.writing).toBe(false);
    const refused = db.write('trustees', 't2', { ...trustee, email: 42 });
    expect(db.writing).toBe(true);
    await expect(refused).rejects.toBeInstanceOf(LocalWriteError);
    expect(db.writing).toBe(false);
  });

  it('rule 9: writeMany is all or nothing', async () => {
    const db = await openOnDevice(USER, () => T0);
    await expect(
      db.writeMany([
        { collection: 'trustees', id: 'a', patch: trustee },
        { collection: 'trustees', id: 'b', patch: { ...trustee, bogus: 1, accessLevel: 'everything' } },
      ]),
    ).rejects.toThrow(/trustees\.accessLevel/);
    expect(await db.dexie.outbox.count()).toBe(0);
    expect(await db.dexie.entities('trustees').count()).toBe(0);
  });

  it('rule 7: a singleton must use the user id', async () => {
    const db = await openOnDevice(USER, () => T0);
    await expect(db.write('deathPlan', 'other', { location: 'Here' })).rejects.toThrow(/account's id/);
  });

  it('rule 6: lists are written item by item and materialised as arrays', async () => {
    const db = await openOnDevice(USER, () => T0);
    const c1 = await db.write('deathPlan', USER, { musicSelections: ['A', 'B'] });
    expect(Object.keys(c1!.fields)).toHaveLength(2);
    expect(Object.keys(c1!.fields).every((k) => k.startsWith('musicSelections/'))).toBe(true);
    const c2 = await db.write('deathPlan', USER, { musicSelections: ['A', 'C', 'B'] });
    expect(Object.values(c2!.fields)).toEqual([expect.objectContaining({ text: 'C' })]);
    const c3 = await db.write('deathPlan', USER, { musicSelections: ['C', 'B'] });
    expect(Object.values(c3!.fields)).toEqual([null]);
    expect((await db.dexie.entities('deathPlan').get(USER))?.musicSelections).toEqual(['C', 'B']);
    expect(await db.dexie.outbox.count()).toBe(3);
  });

  it('a patch that changes nothing appends no outbox entry', async () => {
    const db = await openOnDevice(USER, () => T0);
    await db.write('trustees', 't1', trustee);
    expect(await db.write('trustees', 't1', { ...trustee, id: 't1', userId: USER })).toBeNull();
    const c = await db.write('trustees', 't1', { ...trustee, name: 'Ada L.' });
    expect(Object.keys(c!.fields)).toEqual(['name']);
    expect(await db.dexie.outbox.count()).toBe(2);
  });

  it('rule 5: a tombstone removes the entity but keeps its state; later edits do not revive it', async () => {
    const db = await openOnDevice(USER, () => T0);
    await db.write('trustees', 't1', trustee);
    await db.write('trustees', 't1', { _deleted: true });
    expect(await db.dexie.entities('trustees').get('t1')).toBeUndefined();
    expect((await db.dexie.fieldState.get(['trustees', 't1']))?.values._deleted).toBe(true);
    await db.write('trustees', 't1', { name: 'Ghost' });
    expect(await db.dexie.entities('trustees').get('t1')).toBeUndefined();
    expect(await db.dexie.outbox.count()).toBe(3);
  });

  it('rule 2: the clock persists, so a reopened tab (even with its wall clock behind) never goes backwards', async () => {
    const device = newDeviceIndexedDb();
    const first = await openOnDevice(USER, () => T0 + 60_000, device);
    const before = await first.write('trustees', 't1', trustee);
    first.close();
    const second = await openOnDevice(USER, () => T0, device);
    const after = await second.write('trustees', 't1', { name: 'Later' });
    expect(after!.hlc > before!.hlc).toBe(true);
    expect(parseHlc(after!.hlc)!.node).not.toBe(parseHlc(before!.hlc)!.node);
    expect((await second.dexie.entities('trustees').get('t1'))?.name).toBe('Later');
  });

  it('two tabs on one database: the later write wins even if its tab clock lagged', async () => {
    const device = newDeviceIndexedDb();
    const ahead = await openOnDevice(USER, () => T0 + 120_000, device);
    const behind = await openOnDevice(USER, () => T0, device);
    await ahead.write('trustees', 't1', trustee);
    await behind.write('trustees', 't1', { name: 'Second tab' });
    expect((await ahead.dexie.entities('trustees').get('t1'))?.name).toBe('Second tab');
  });
});
