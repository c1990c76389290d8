/**
 * The local database: everything screens need, and nothing else (screens never touch Dexie).
 * DESIGN.md §2 "Client"; rules 5–9 of shared/sync/README.md.
 */
export { useCollection, useRecord, usePendingCount, useDatabaseNotice, useRefusedIds, useLiveView } from './hooks';
export { create, bulkCreate, save, remove, getPendingCount, type CreateInput, type PatchInput } from './api';
export { writeDefaultTasks } from './generated';
export { openUserDatabase, closeUserDatabase, deleteUserDatabase, requireDb, useCurrentDb } from './current';
export { LocalWriteError, UserDatabase, type DatabaseNotice, type OpenOptions } from './user-database';
export { deletedHere } from './refused-fields';
