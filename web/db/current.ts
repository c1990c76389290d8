/**
 * The database of the signed-in user, as module state in a tiny zustand store so that hooks
 * re-render when it opens or closes (documented choice: no React context, because the sync
 * engine and non-React code need it too). Set by openUserDatabase, cleared by closeUserDatabase.
 */
import { create } from 'zustand';
import { databaseName, type IndexedDbDeps } from './schema';
import { UserDatabase, type DatabaseNotice, type OpenOptions } from './user-database';
import { Dexie } from 'dexie';

interface CurrentDbState {
  db: UserDatabase | null;
  /** Set when another tab upgraded or deleted this database: this tab must reload. */
  notice: DatabaseNotice | null;
}

export const useCurrentDb = create<CurrentDbState>()(() => ({ db: null, notice: null }));

/** The open database; throws when no user's database is open (a screen rendered signed out). */
export function requireDb(): UserDatabase {
  const db = useCurrentDb.getState().db;
  if (!db) throw new Error('No local database is open: sign in first');
  return db;
}

let opening: Promise<UserDatabase> | null = null;

/**
 * Opens `afterword-<userId>` and makes it current (closing another user's). Idempotent for the
 * same user. `opts` lets tests pass fake-indexeddb and a clock.
 */
export async function openUserDatabase(userId: string, opts: OpenOptions = {}): Promise<UserDatabase> {
  const current = useCurrentDb.getState().db;
  if (current?.userId === userId && current.dexie.isOpen()) return current;
  if (opening) await opening.catch(() => undefined);
  const again = useCurrentDb.getState().db;
  if (again?.userId === userId && again.dexie.isOpen()) return again;
  closeUserDatabase();
  opening = UserDatabase.open(userId, {
    ...opts,
    onNotice: (notice) => {
      useCurrentDb.setState({ notice });
      opts.onNotice?.(notice);
    },
  });
  try {
    const db = await opening;
    useCurrentDb.setState({ db, notice: null });
    return db;
  } finally {
    opening = null;
  }
}

/** Closes the current database (if any); hooks then return undefined. */
export function closeUserDatabase(): void {
  const db = useCurrentDb.getState().db;
  if (!db) return;
  db.close();
  useCurrentDb.setState({ db: null });
}

/** Closes (if current) and deletes `afterword-<userId>` from this device (sign-out). */
export async function deleteUserDatabase(userId: string, deps: IndexedDbDeps = {}): Promise<void> {
  const current = useCurrentDb.getState().db;
  if (current?.userId === userId) {
    useCurrentDb.setState({ db: null });
    await current.dexie.delete({ disableAutoOpen: true });
    return;
  }
  await new Dexie(databaseName(userId), { ...deps, addons: [] }).delete();
}
