/**
 * The pure parts of useRecordForm (issue #14): react-hook-form's dirtyFields read as changed
 * fields (real createFormControl, including a list the person shortened), the three-way list
 * merge, and which changed fields follow the store, merge, or are in conflict (over real Dexie
 * on fake-indexeddb, with the real edit session).
 */
import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { openEdit, saveEdit } from '../db/edit-session';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';
import { classifyChanges, dirtyNames, isDirtyEntry, mergeList } from './record-form-state';

describe('record form state', () => {
  it('reads react-hook-form dirtyFields as changed top-level fields, lists and nested values included', () => {
    const { formControl, control } = createFormControl({
      defaultValues: { songs: ['a', 'b'], location: 'x', contact: { name: '', phone: '' }, notes: '' },
    });
    formControl.setValue('songs', ['a'], { shouldDirty: true });
    formControl.setValue('contact.name', 'Ann', { shouldDirty: true });
    formControl.setValue('notes', 'typed', { shouldDirty: true });
    formControl.setValue('notes', '', { shouldDirty: true }); // typed back: unchanged
    expect(dirtyNames(control._formState.dirtyFields).sort()).toEqual(['contact', 'songs']);
    expect(isDirtyEntry([false, null, { a: false }])).toBe(false);
    expect(isDirtyEntry([false, [true]])).toBe(true);
  });

  it('merges a list the person edited with the store: their removals and additions on top of the other device’s', () => {
    // Base [a, b, c]; the person removed b and added d; another device removed c and added e.
    expect(mergeList(['a', 'b', 'c'], ['a', 'c', 'd'], ['a', 'b', 'e'])).toEqual(['a', 'e', 'd']);
    // Repeated texts count one by one.
    expect(mergeList(['a', 'a'], ['a'], ['a', 'a', 'z'])).toEqual(['a', 'z']);
    expect(mergeList([], ['x'], [])).toEqual(['x']);
  });

  it('a field changed elsewhere follows the store when untouched, is merged when a list, and is a conflict when typed in', async () => {
    const device = newDeviceIndexedDb();
    let t = Date.parse('2026-01-01T00:00:00Z');
    const db = await openOnDevice('user-1', () => t++, device);
    await db.write('deathPlan', 'user-1', { location: 'Boathouse', obituary: 'Old', musicSelections: ['a'] });
    const base = await openEdit(db, 'deathPlan', 'user-1');
    // Another tab (same database) changes three fields after the form opened.
    await saveEdit(db, base, { location: 'Chapel', obituary: 'New', musicSelections: ['a', 'b'] });
    const current = (await openEdit(db, 'deathPlan', 'user-1')).state;
    expect(classifyChanges(base, current, ['location', 'musicSelections', 'specialRequests'])).toEqual({
      follow: ['obituary'],
      mergeLists: ['musicSelections'],
      conflicts: ['location'],
    });
    db.close();
  });
});
