/**
 * Writing generated content on this device (rule 18 of shared/sync/README.md): the default
 * survivor tasks, stamped with their fixed low HLCs so any person's edit or delete wins over them.
 */
import { defaultTaskRecords } from '../../shared/sync/generated';
import type { Change } from '../../shared/sync/change';
import type { UserDatabase } from './user-database';

/**
 * Writes the default survivor-task guide in one transaction: each task gets only the fields it has
 * never had (so an edited, completed or deleted task stays as the person left it). Returns the
 * changes appended to the outbox (none when every task is already there). Throws LocalWriteError.
 */
export function writeDefaultTasks(db: UserDatabase): Promise<Change[]> {
  return db.writeMany(
    defaultTaskRecords().map(({ id, hlc, fields }) => ({ collection: 'survivorTasks' as const, id, patch: fields, generatedHlc: hlc })),
  );
}
