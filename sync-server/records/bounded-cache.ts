/**
 * A map that holds at most `max` entries and forgets the least recently used first. For per-account
 * state kept in memory (clocks, usage figures) that is safe to recreate: memory stays bounded
 * however many accounts there are.
 */
export interface BoundedCache<V> {
  /** The value of `key` (and marks it recently used), or undefined. */
  get(key: string): V | undefined;
  /** Stores `value` under `key` and returns it. */
  set(key: string, value: V): V;
}

export function createBoundedCache<V>(max: number): BoundedCache<V> {
  const map = new Map<string, V>();
  return {
    get(key) {
      const v = map.get(key);
      if (v !== undefined) {
        map.delete(key);
        map.set(key, v);
      }
      return v;
    },
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value!);
      return value;
    },
  };
}
