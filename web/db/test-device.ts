/**
 * Test support (imported only by *.test.ts): a simulated device, i.e. its own fake-indexeddb
 * factory, so several clients live in one Node process (real Dexie, real IndexedDB semantics).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { IndexedDbDeps } from './schema';
import { UserDatabase } from './user-database';

/** A fresh device's IndexedDB. */
export const newDeviceIndexedDb = (): IndexedDbDeps => ({ indexedDB: new IDBFactory(), IDBKeyRange });

/** Opens `userId`'s database on `device` (a new device unless given), with wall clock `now`. */
export function openOnDevice(userId: string, now: () => number, device: IndexedDbDeps = newDeviceIndexedDb()) {
  return UserDatabase.open(userId, { ...device, now });
}
