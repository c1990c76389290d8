/**
 * Test support (imported only by *.test.ts beside it): one person's random records written into a
 * device through the one local write, the records as a person compares them across accounts, and
 * a device's export as bytes. Imports nothing of the server.
 */
import { COLLECTIONS, COLLECTION_SPECS } from '../../../shared/schema/collections';
import type { PersonRecords } from '../../../shared/export/test-records';
import type { UserDatabase } from '../../db/user-database';
import { collectRecords, exportData } from './export-data';

/** Writes `p` into `db` through the one local write (what screens do), in one transaction. */
export async function seed(db: UserDatabase, p: PersonRecords): Promise<void> {
  const inputs = [
    { collection: 'profile' as const, id: db.userId, patch: p.profile },
    ...(p.deathPlan ? [{ collection: 'deathPlan' as const, id: db.userId, patch: p.deathPlan }] : []),
    ...(['messages', 'documents', 'trustees', 'survivorTasks'] as const).flatMap((c) =>
      (p[c] as { id: string }[]).map(({ id, ...patch }) => ({ collection: c, id, patch })),
    ),
  ];
  await db.writeMany(inputs);
}

/**
 * Records as a person sees them, without what belongs to the account (owner, singleton ids) and
 * without a message's `contentRevision`: a random token each write makes afresh (issue 39,
 * shared/sync/record.ts), so an import's own write has its own.
 */
export async function comparable(db: UserDatabase) {
  const records = await collectRecords(db);
  return Object.fromEntries(
    COLLECTIONS.map((c) => [
      c,
      (records[c] as Record<string, unknown>[]).map(({ userId: _u, id, contentRevision: _r, ...rest }) => (COLLECTION_SPECS[c].singleton ? rest : { id, ...rest })),
    ]),
  );
}

/** The export ZIP of `db` as bytes, made at `now`. */
export const zipOf = async (db: UserDatabase, now: Date) => new Uint8Array(await (await exportData(db, { now })).arrayBuffer());
