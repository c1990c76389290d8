/**
 * createBoundedCache (bounded-cache.ts): never more than `max` entries, and an entry read since it
 * was stored outlives the ones nobody read (second chance), so the accounts in use keep their state.
 */
import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

describe('a bounded cache', () => {
  it('holds at most max entries and forgets an unread one before one read since it was stored', () => {
    const cache = createBoundedCache<number>(3);
    for (const k of ['a', 'b', 'c']) cache.set(k, k.charCodeAt(0));
    expect(cache.get('a')).toBe(97); // read: a gets a second chance
    cache.set('d', 100); // full: b (the oldest unread) goes
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([97, undefined, 99, 100]);
    cache.set('e', 101); // all of a, c, d read: each gets its round, then the oldest of them goes
    expect(['a', 'c', 'd', 'e'].filter((k) => cache.get(k) !== undefined)).toHaveLength(3);
    expect(cache.get('e')).toBe(101);
  });

  it('a store replaces the value, and many stores keep it bounded', () => {
    const cache = createBoundedCache<string>(100);
    cache.set('k', 'old');
    expect(cache.set('k', 'new')).toBe('new');
    expect(cache.get('k')).toBe('new');
    for (let i = 0; i < 10_000; i++) {
      cache.set(`key${i}`, String(i));
      if (i % 3 === 0) cache.get(`key${i}`);
    }
    let held = 0;
    for (let i = 0; i < 10_000; i++) if (cache.get(`key${i}`) !== undefined) held++;
    expect(held).toBe(100);
    expect(cache.get('key9999')).toBe('9999');
  });
});
