/**
 * React hooks over the current user's database (live: they re-render on every local write,
 * every synced change and changes made in other tabs). `undefined` means still loading (or no
 * database open yet).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { hasCreatedAt, type CollectionName } from '../../shared/schema/collection-names';
import type { EntityOf } from '../../shared/schema/collections';
import { useCurrentDb } from './current';
import { refusedIds } from './refused-fields';

/** Every live record of `name`, newest first when the collection has createdAt. */
export function useCollection<C extends CollectionName>(name: C): EntityOf[C][] | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const table = db.dexie.entities(name);
    return hasCreatedAt(name) ? table.orderBy('createdAt').reverse().toArray() : table.toArray();
  }, [db, name]);
}

/** One record: the entity, null when absent or deleted, undefined while loading. */
export function useRecord<C extends CollectionName>(name: C, id: string | null | undefined): EntityOf[C] | null | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    if (!id) return null;
    return (await db.dexie.entities(name).get(id)) ?? null;
  }, [db, name, id]);
}

/** The ids of `collection`'s records whose `field` this device refused at its pull (refused-fields.ts); empty while loading. */
export function useRefusedIds(collection: CollectionName, field: string): ReadonlySet<string> {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => (db ? refusedIds(db, collection, field) : new Set<string>()), [db, collection, field]) ?? NONE;
}
const NONE: ReadonlySet<string> = new Set();

/** Number of changes waiting in the outbox (0 while loading). */
export function usePendingCount(): number {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => (db ? db.pendingCount() : 0), [db]) ?? 0;
}

/** Set when another tab upgraded or deleted this database: the person must reload. */
export function useDatabaseNotice() {
  return useCurrentDb((s) => s.notice);
}
