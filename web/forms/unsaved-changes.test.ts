/**
 * Leaving the page (a reload, closing the tab) asks first while something would be lost: typing not
 * saved yet, or a save begun and not yet written on this device (issue "Promises kept": the death
 * plan's Undo was lost to a reload that came before its write had committed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentDb } from '../db/current';
import { openOnDevice } from '../db/test-device';
import { askBeforeUnload } from './unsaved-changes';

const T0 = Date.parse('2030-01-01T00:00:00Z');

describe('askBeforeUnload', () => {
  afterEach(() => useCurrentDb.setState({ db: null }));

  it('is false with nothing typed and nothing being written, and while no database is open', async () => {
    expect(askBeforeUnload()).toBe(false);
    useCurrentDb.setState({ db: await openOnDevice('user-1', () => T0) });
    expect(askBeforeUnload()).toBe(false);
  });

  it('is true while a local write is on its way to the device’s store, and false once it has committed', async () => {
    const db = await openOnDevice('user-1', () => T0);
    useCurrentDb.setState({ db });
    const pending = db.write('trustees', 't1', { name: 'Ada', email: 'ada@example.com', accessLevel: 'full', createdAt: '2030-01-01T00:00:00.000Z' });
    expect(askBeforeUnload()).toBe(true);
    await pending;
    expect(askBeforeUnload()).toBe(false);
  });
});
