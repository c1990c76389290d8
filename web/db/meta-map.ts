/**
 * One `meta` row (web/db/schema.ts MetaValues) that holds a map by id, read and changed one entry
 * at a time in a transaction of its own (so two tabs' changes to different entries both stay):
 * the emergency choices waiting to be sent, the share lists kept for offline use, and the digests
 * of the copies this device last sealed (web/features/sharing/sealed-copies.ts).
 */
import type { AfterwordDexie, MetaValues } from './schema';

/** The keys of `meta` whose value is a map by id. */
type MapKey = 'pendingEmergency' | 'knownShares' | 'sealedCopies';

/** Reads and changes the map kept in `meta` under `key`. */
export interface MetaMap<V> {
  /** Every entry (an empty map when none). */
  all(): Promise<Record<string, V>>;
  /** The entry `id`, or undefined. */
  get(id: string): Promise<V | undefined>;
  /** Sets the entry `id` to `value`, or deletes it when `value` is null. */
  set(id: string, value: V | null): Promise<void>;
  /**
   * Compare-and-set: in one transaction, reads the entry `id` (undefined when none) and hands it to
   * `change`, which returns its new value (null deletes it) or undefined to leave it as it is (e.g.
   * it is no longer the entry a caller read before its network calls). Returns true when it wrote.
   */
  update(id: string, change: (current: V | undefined) => V | null | undefined): Promise<boolean>;
}

/** The map under `key` in `dexie`'s `meta` table. */
export function metaMap<K extends MapKey>(dexie: AfterwordDexie, key: K): MetaMap<MetaValues[K][string]> {
  type V = MetaValues[K][string];
  const all = async () => ((await dexie.meta.get(key))?.value as Record<string, V> | undefined) ?? {};
  const update = (id: string, change: (current: V | undefined) => V | null | undefined) =>
    dexie.transaction('rw', dexie.meta, async () => {
      const { [id]: old, ...rest } = await all();
      const value = change(old);
      if (value === undefined) return false;
      await dexie.meta.put({ key, value: (value === null ? rest : { ...rest, [id]: value }) as MetaValues[K] });
      return true;
    });
  return {
    all,
    get: async (id) => (await all())[id],
    set: async (id, value) => void (await update(id, () => value)),
    update,
  };
}
