/**
 * One `meta` row (web/db/schema.ts MetaValues) that holds a map by id, read and changed one entry
 * at a time in a transaction of its own (so two tabs' changes to different entries both stay):
 * the emergency choices waiting to be sent, and the share lists kept for offline use.
 */
import type { AfterwordDexie, MetaValues } from './schema';

/** The keys of `meta` whose value is a map by id. */
type MapKey = 'pendingEmergency' | 'knownShares';

/** Reads and changes the map kept in `meta` under `key`. */
export interface MetaMap<V> {
  /** Every entry (an empty map when none). */
  all(): Promise<Record<string, V>>;
  /** The entry `id`, or undefined. */
  get(id: string): Promise<V | undefined>;
  /** Sets the entry `id` to `value`, or deletes it when `value` is null. */
  set(id: string, value: V | null): Promise<void>;
}

/** The map under `key` in `dexie`'s `meta` table. */
export function metaMap<K extends MapKey>(dexie: AfterwordDexie, key: K): MetaMap<MetaValues[K][string]> {
  type V = MetaValues[K][string];
  const all = async () => ((await dexie.meta.get(key))?.value as Record<string, V> | undefined) ?? {};
  return {
    all,
    get: async (id) => (await all())[id],
    set: (id, value) =>
      dexie.transaction('rw', dexie.meta, async () => {
        const { [id]: _old, ...rest } = await all();
        await dexie.meta.put({ key, value: (value === null ? rest : { ...rest, [id]: value }) as MetaValues[K] });
      }),
  };
}
