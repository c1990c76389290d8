/**
 * Issue #14 findings 1 and 2 at the level of the form mechanism: a RecordFormSession over a real
 * react-hook-form control (createFormControl), real Dexie on fake-indexeddb, and two devices
 * syncing through the real server in-process (createApp over a temp SQLite file). The store's new
 * states are fed to the session as the screens' live query does.
 */
import { describe, expect, it } from 'vitest';
import type { UserDatabase } from '../db/user-database';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from '../sync/engine';
import { createTestApp, signedInTransport } from '../../sync-server/test/client-test-support';
import type { Transport } from '../sync/transport';
import { openForm, planSpec } from './test-form';

async function twoDevices() {
  const t = createTestApp();
  const { userId, transport } = await signedInTransport(t);
  const device = async () => {
    const db = await openOnDevice(userId, () => t.deps.now());
    let online = true;
    const offlineAware: Transport = (req, signal) => (online ? transport(req, signal) : Promise.reject(new TypeError('Failed to fetch')));
    const engine = createSyncEngine({ db, transport: offlineAware, env: { locks: null }, intervalMs: 3_600_000, maxBackoffMs: 10 });
    return { db, sync: () => engine.syncNow(), setOnline: (v: boolean) => (online = v) };
  };
  return { userId, a: await device(), b: await device() };
}

const planOf = async (db: UserDatabase, userId: string) => db.dexie.entities('deathPlan').get(userId);

describe('RecordFormSession across two devices (issue #14)', () => {
  it('finding 1: a form left open follows the other device in untouched fields, and its save keeps their location and song', async () => {
    const { userId, a, b } = await twoDevices();
    const formA = await openForm(a.db, planSpec(userId));
    formA.type('location', 'Boathouse');
    expect(await formA.session.save()).toBe('created');
    await a.sync();
    await b.sync();
    const formB = await openForm(b.db, planSpec(userId));
    expect(formB.form.getValues().location).toBe('Boathouse');

    formA.type('location', 'Harbour chapel');
    formA.type('musicSelections', ['Clair de Lune']);
    expect(await formA.session.save()).toBe('updated');
    await a.sync();
    await b.sync();
    await formB.refresh();
    // B's open form shows A's words, and only B's own change is saved.
    expect(formB.form.getValues()).toMatchObject({ location: 'Harbour chapel', musicSelections: ['Clair de Lune'] });
    formB.type('specialRequests', 'Wear something bright.');
    expect(formB.session.dirty()).toEqual(['specialRequests']);
    const outbox = async () => (await b.db.dexie.outbox.toArray()).map((c) => Object.keys(c.fields));
    expect(await formB.session.save()).toBe('updated');
    expect(await outbox()).toEqual([['specialRequests']]);
    expect(formB.session.dirty()).toEqual([]);
    await b.sync();
    await a.sync();
    for (const db of [a.db, b.db]) {
      expect(await planOf(db, userId)).toMatchObject({
        location: 'Harbour chapel',
        musicSelections: ['Clair de Lune'],
        specialRequests: 'Wear something bright.',
      });
    }
  });

  it('finding 2: the plan made on two offline devices carries only the fields each set, so every field survives', async () => {
    const { userId, a, b } = await twoDevices();
    a.setOnline(false);
    b.setOnline(false);
    const formA = await openForm(a.db, planSpec(userId));
    const formB = await openForm(b.db, planSpec(userId));
    formA.type('location', 'Boathouse');
    formA.type('funeralType', 'celebration_of_life');
    formB.type('readings', ['Do Not Stand at My Grave and Weep']);
    formB.type('obituary', 'She loved the river.');
    expect(await formA.session.save()).toBe('created');
    expect(await formB.session.save()).toBe('created'); // the later one
    const written = (await b.db.dexie.outbox.toArray()).flatMap((c) => Object.keys(c.fields).map((k) => k.split('/')[0]));
    expect([...new Set(written)].sort()).toEqual(['createdAt', 'obituary', 'readings']);
    a.setOnline(true);
    b.setOnline(true);
    await a.sync();
    await b.sync();
    await a.sync();
    for (const db of [a.db, b.db]) {
      expect(await planOf(db, userId)).toMatchObject({
        location: 'Boathouse',
        funeralType: 'celebration_of_life',
        readings: ['Do Not Stand at My Grave and Weep'],
        obituary: 'She loved the river.',
      });
    }
  });

  it('a field being typed in that another device changed is a conflict: Keep mine makes the save an edit of theirs, Use theirs leaves nothing to save', async () => {
    const { userId, a, b } = await twoDevices();
    const formA = await openForm(a.db, planSpec(userId));
    formA.type('location', 'Boathouse');
    formA.type('readings', ['Psalm 23']);
    await formA.session.save();
    await a.sync();
    await b.sync();
    const formB = await openForm(b.db, planSpec(userId));

    formB.type('location', 'Under the oak');
    formB.type('readings', ['Psalm 23', 'Ozymandias']);
    formA.type('location', 'Harbour chapel');
    formA.type('readings', ['Psalm 23', 'If—']);
    await formA.session.save();
    await a.sync();
    await b.sync();
    await formB.refresh();
    expect(formB.session.conflicts()).toEqual([{ field: 'location', theirs: 'Harbour chapel' }]);
    expect(formB.form.getValues().location).toBe('Under the oak');
    // A list the person edited merges with the other device's edit instead of conflicting.
    expect(formB.form.getValues().readings).toEqual(['Psalm 23', 'If—', 'Ozymandias']);

    formB.session.keepMine('location');
    expect(formB.session.conflicts()).toEqual([]);
    await formB.session.save();
    // Only what B changed is written: the location and B's added reading (not A's).
    const change = (await b.db.dexie.outbox.toArray()).at(-1)!;
    expect(Object.keys(change.fields).map((k) => k.split('/')[0]).sort()).toEqual(['location', 'readings']);
    expect(Object.values(change.fields)).toContainEqual(expect.objectContaining({ text: 'Ozymandias' }));
    expect(Object.values(change.fields)).not.toContainEqual(expect.objectContaining({ text: 'If—' }));
    await b.sync();
    await a.sync();
    expect(await planOf(a.db, userId)).toMatchObject({ location: 'Under the oak', readings: ['Psalm 23', 'If—', 'Ozymandias'] });

    await formA.refresh();
    formA.type('location', 'Somewhere else');
    formB.type('location', 'The lighthouse');
    await formB.session.save();
    await b.sync();
    await a.sync();
    await formA.refresh();
    expect(formA.session.conflicts().map((c) => c.field)).toEqual(['location']);
    formA.session.takeTheirs('location');
    expect(formA.form.getValues().location).toBe('The lighthouse');
    expect(formA.session.dirty()).toEqual([]);
    expect(await formA.session.save()).toBe('unchanged');
  });
});

describe('RecordFormSession: a field too long to keep sealed (issue 29 "Limits on ciphertext")', () => {
  it('is shown under its field with how much to shorten, and nothing is written', async () => {
    const { userId, a } = await twoDevices();
    const form = await openForm(a.db, planSpec(userId));
    form.type('location', 'Boathouse');
    expect(await form.session.save()).toBe('created');
    // 100 pieces of music of 500 characters in Japanese: each within SPEC.md's limits, ~1,500 bytes
    // of UTF-8 that seal to ~2.8 K each: past the 128 K one change may hold once sealed.
    form.type('musicSelections', Array.from({ length: 100 }, (_, i) => `${i} ${'海と本と家族を愛した。'.repeat(50)}`.slice(0, 500)));
    const err = await form.session.save().catch((e: unknown) => e);
    expect((err as Error).name).toBe('LocalWriteError');
    expect((form.form.getFieldState('musicSelections' as never).error as { message?: string } | undefined)?.message).toMatch(/^Music is too long to keep end-to-end encrypted \(shorten it by about [\d,]+ characters\)$/);
    expect((await planOf(a.db, userId))?.musicSelections ?? []).toEqual([]);
    expect(await a.db.dexie.outbox.count()).toBe(1); // the create only
  });
});
