/**
 * Rule 20's identical-text check, on the device (rule 27): the server cannot compare sealed texts,
 * so it keeps a conflict version even when both writers wrote the same words. A device that pulls
 * a kept version whose opened text equals the field's current text (or is blank) dismisses it
 * quietly (a normal write of null, rule 23), and the person is not told of it.
 */
import { conflictVersions } from '../../shared/sync/versions';
import type { UserDatabase } from '../db/user-database';
import type { KeptNotice } from './apply-response';

const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim();

/**
 * Dismisses the kept versions named by `kept` that hold nothing new; returns the notices still
 * worth telling the person (a restorable record, or a field with a real other version).
 */
export async function dismissIdenticalKept(db: UserDatabase, kept: readonly KeptNotice[]): Promise<KeptNotice[]> {
  const out: KeptNotice[] = [];
  for (const notice of kept) {
    if (notice.kind !== 'conflict' || !notice.field) {
      out.push(notice);
      continue;
    }
    const state = await db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(notice.collection, notice.id));
    const versions = conflictVersions(state, notice.field);
    const empty = versions.filter((v) => same(v.text, state.values[notice.field!]) || (typeof v.text === 'string' && v.text.trim() === ''));
    if (empty.length) await db.writeMany([{ collection: notice.collection, id: notice.id, patch: {}, rawFields: Object.fromEntries(empty.map((v) => [v.key, null])) }]);
    if (empty.length < versions.length) out.push(notice);
  }
  return out;
}
