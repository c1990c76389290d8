/**
 * `deviceSnapshot(db)`: the planning snapshot for recommendations, made on the device from its
 * own (opened) records in IndexedDB (DESIGN.md §4): counts and choices only (shared/ai/snapshot.ts).
 */
import type { PlanningSnapshot } from '../../shared/ai/provider';
import { planningSnapshotOf } from '../../shared/ai/snapshot';
import type { UserDatabase } from '../db/user-database';

/** Reads the person's live records from `db` and summarises them. */
export async function deviceSnapshot(db: UserDatabase): Promise<PlanningSnapshot> {
  const [profile, plan, messages, documents, trustees, tasks] = await Promise.all([
    db.dexie.entities('profile').get(db.userId),
    db.dexie.entities('deathPlan').get(db.userId),
    db.dexie.entities('messages').toArray(),
    db.dexie.entities('documents').toArray(),
    db.dexie.entities('trustees').toArray(),
    db.dexie.entities('survivorTasks').toArray(),
  ]);
  return planningSnapshotOf({ profile: profile ?? null, plan: plan ?? null, messages, documents, trustees, tasks });
}
