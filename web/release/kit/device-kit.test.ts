/**
 * The kit kept on a trustee's device (device-kit.ts; issue 38, item 2): exactly the link's
 * fragment, under its own kit's token only; a kept value that is not a kit is forgotten; a browser
 * that refuses storage keeps nothing and breaks nothing. The page's use of it (reload, later
 * visit, forget, a kept kit that no longer fits) is e2e/kit-page.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { kitFragment, type Kit } from '../../../shared/crypto/trustee-kit';
import { keptKit, keptKey, type KitStorage } from './device-kit';

const kit = (index: number): Kit => ({ generation: 3, index, share: crypto.getRandomValues(new Uint8Array(33)), t: crypto.getRandomValues(new Uint8Array(16)) });

/** A Map-backed Storage, as a browser's localStorage behaves for these three calls. */
function memory(): KitStorage & { all: Map<string, string> } {
  const all = new Map<string, string>();
  return { all, getItem: (k) => all.get(k) ?? null, setItem: (k, v) => void all.set(k, String(v)), removeItem: (k) => void all.delete(k) };
}

describe('a kit kept on this device', () => {
  it('keeps exactly the link’s fragment, for its own token only, and forgets it', () => {
    const storage = memory();
    const mine = kit(1);
    const kept = keptKit(storage, 'tokA');
    expect(kept.read()).toBeNull();
    expect(kept.keep(mine)).toBe(true);
    expect([...storage.all]).toEqual([[keptKey('tokA'), kitFragment(mine)]]);
    expect(kept.read()).toEqual(mine);
    expect(keptKit(storage, 'tokB').read()).toBeNull(); // another kit's page reads nothing of it
    kept.forget();
    expect(storage.all.size).toBe(0);
    expect(kept.has()).toBe(false);
  });

  it('forgets a kept value that is not a kit, and keeps nothing where the browser refuses storage', () => {
    const storage = memory();
    storage.setItem(keptKey('tokA'), 'not-a-kit');
    expect(keptKit(storage, 'tokA').read()).toBeNull();
    expect(storage.all.size).toBe(0);
    const refusing: KitStorage = {
      getItem: () => { throw new DOMException('denied', 'SecurityError'); },
      setItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem: () => { throw new DOMException('denied', 'SecurityError'); },
    };
    const none = keptKit(refusing, 'tokA');
    expect(none.keep(kit(2))).toBe(false);
    expect([none.read(), none.has()]).toEqual([null, false]);
    expect(() => none.forget()).not.toThrow();
    expect(keptKit(null, 'tokA').keep(kit(2))).toBe(false);
  });
});
