/**
 * A map that holds at most `max` entries and, when full, forgets one not used lately first. For
 * per-account state kept in memory (clocks, usage figures, verified tokens, kept lists) that is safe
 * to recreate: memory stays bounded however many accounts there are.
 *
 * Which entry goes is decided by "second chance" (CLOCK), an approximation of least-recently-used:
 * a read only marks its entry used, and only a store that overflows walks from the oldest stored
 * entry, giving each used one (and the one just stored) another round, stored again unmarked,
 * and forgetting the first other unused one. A read then costs one lookup, where moving the entry to the end on every read (exact
 * LRU) cost two changes of the map on every signed-in request (issue 41).
 */
export interface BoundedCache<V> {
  /** The value of `key` (and marks it recently used), or undefined. */
  get(key: string): V | undefined;
  /** Stores `value` under `key` and returns it. */
  set(key: string, value: V): V;
}

export function createBoundedCache<V>(max: number): BoundedCache<V> {
  const map = new Map<string, { value: V; used: boolean }>();
  return {
    get(key) {
      const e = map.get(key);
      if (e === undefined) return undefined;
      e.used = true;
      return e.value;
    },
    set(key, value) {
      map.delete(key);
      map.set(key, { value, used: false });
      while (map.size > Math.max(max, 1)) {
        const [oldest, e] = map.entries().next().value!;
        map.delete(oldest);
        // The entry just stored never goes; a used one goes round again, unmarked.
        if (oldest === key || e.used) map.set(oldest, { value: e.value, used: false });
      }
      return value;
    },
  };
}
