import { describe, expect, it } from 'vitest';
import { handoverPinsIn } from './handover-pins';

/** A storage like the browser's localStorage, kept in a Map (what survives a reload of the page). */
function mapStorage(opts: { failWrites?: boolean } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (opts.failWrites) throw new Error('QuotaExceededError');
      items.set(k, v);
    },
  };
}

describe('hand-over pins (review F10)', () => {
  it('a letter opened from a bound wrap stays known after a reload (a new page over the same storage), per account, trustee and letter', () => {
    const storage = mapStorage();
    handoverPinsIn(storage).remember('acct', 'tr2', 'm2');
    const reloaded = handoverPinsIn(storage);
    expect(reloaded.bound('acct', 'tr2', 'm2')).toBe(true);
    expect(reloaded.bound('acct', 'tr2', 'm1')).toBe(false);
    expect(reloaded.bound('acct', 'tr1', 'm2')).toBe(false);
    expect(reloaded.bound('other', 'tr2', 'm2')).toBe(false);
    // Ids only: no key, no address.
    expect([...storage.items.values()]).toEqual(['2']);
  });

  it('a storage that refuses writes, or none, still pins for the page\'s life', () => {
    for (const storage of [mapStorage({ failWrites: true }), null]) {
      const pins = handoverPinsIn(storage);
      expect(pins.bound('acct', 'tr2', 'm2')).toBe(false);
      pins.remember('acct', 'tr2', 'm2');
      expect(pins.bound('acct', 'tr2', 'm2')).toBe(true);
    }
  });
});
