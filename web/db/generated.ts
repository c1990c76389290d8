/**
 * Writing generated content on this device (rule 18 of shared/sync/README.md): the default
 * survivor tasks, stamped with their fixed low HLCs so any person's edit or delete wins over them.
 */
import type { Change } from '../../shared/sync/change';
import { TOMBSTONE_FIELD } from '../../shared/schema/collection-names';
import type { UserDatabase, WriteInput } from './user-database';

/**
 * Writes the default survivor-task guide in one transaction: each task gets only the fields it has
 * never had, so an edited or completed task stays as the person left it, and a device that has not
 * yet received the guide cannot undo anything done elsewhere. A task THIS device holds as deleted
 * (the person here saw the delete, and asks for the guide again: the button shows only when the
 * list is empty, SPEC.md §2) is brought back by a normal, later write of `_deleted: false`.
 * Returns the changes appended to the outbox. Throws LocalWriteError.
 */
export async function writeDefaultTasks(db: UserDatabase): Promise<Change[]> {
  // The guide's 36 tasks (~8 KB gzip) load on this first use, not with the database (issue #20).
  const { defaultTaskRecords } = await import('../../shared/sync/default-task-records');
  const generated = defaultTaskRecords();
  const deleted = await db.dexie.transaction('r', db.dexie.fieldState, async () => {
    const rows = await db.dexie.fieldState.bulkGet(generated.map(({ id }) => ['survivorTasks', id] as [string, string]));
    return new Set(rows.filter((r) => r?.values[TOMBSTONE_FIELD] === true).map((r) => r!.id));
  });
  const inputs: WriteInput[] = generated.map(({ id, hlc, fields }) => ({ collection: 'survivorTasks', id, patch: fields, generatedHlc: hlc }));
  for (const id of deleted) inputs.push({ collection: 'survivorTasks', id, patch: { [TOMBSTONE_FIELD]: false } });
  return db.writeMany(inputs);
}
