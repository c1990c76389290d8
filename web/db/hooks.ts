/**
 * React hooks over the current user's database (live: they re-render on every local write,
 * every synced change and changes made in other tabs; a collection's list holds still while a pull
 * brings many pages, live-views.ts). `undefined` means still loading (or no
 * database open yet).
 */
import { useLiveQuery, useObservable } from 'dexie-react-hooks';
import type { CollectionName } from '../../shared/schema/collection-names';
import type { EntityOf } from '../../shared/schema/collections';
import { useCurrentDb } from './current';
import { liveView, readCollection, type LiveView } from './live-views';
import type { UserDatabase } from './user-database';
import { refusedIds } from './refused-fields';

/** Every live record of `name`, newest first when the collection has createdAt. */
export function useCollection<C extends CollectionName>(name: C): EntityOf[C][] | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveView(db, (open) => readCollection(open, name), [name]); // holds still while a pull brings pages (issue 41)
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

/** Number of changes waiting in the outbox; undefined while it is counted (words about it wait: web/pwa/reauth-words.ts). */
export function usePendingCount(): number | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => (db ? db.pendingCount() : 0), [db]);
}

/** Set when another tab upgraded or deleted this database: the person must reload. */
export function useDatabaseNotice() {
  return useCurrentDb((s) => s.notice);
}

/** No database open: one undefined value (what useLiveQuery gave then). */
const NO_DATABASE: LiveView<undefined> = {
  subscribe: (onNext) => {
    onNext(undefined);
    return { unsubscribe() {} };
  },
  hasValue: () => true,
  getValue: () => undefined,
};

/**
 * React: `read(db)` live over `db` (liveView), undefined while loading or with no database open;
 * read again when `deps` change. A failed read is thrown in render, as useLiveQuery does.
 */
export function useLiveView<T>(db: UserDatabase | null | undefined, read: (db: UserDatabase) => Promise<T>, deps: readonly unknown[]): T | undefined {
  return useObservable<T | undefined>(() => (db ? liveView(db, () => read(db)) : NO_DATABASE), [db, ...deps]);
}
