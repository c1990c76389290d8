/**
 * The device's LiveShares (share-client.ts; security review F2): each item's live share ids, kept
 * in a sealed `shares` field of the owner's record in this device's database, which syncs to the
 * owner's other devices like any field, so every device knows which shares the owner stopped.
 * A document and a trustee hold their own; the plan record holds those of its sections and of the
 * survivor task lists (a task list has no record of its own). Each share's wrap binds its id to its
 * one item, so a set shared by several items lets no share stand for another.
 */
import { materialize } from '../../../shared/sync/record';
import { requireDb } from '../../db/current';
import type { UserDatabase } from '../../db/user-database';
import type { LiveShares } from './share-client';
import type { ShareItemRef } from './projections';
import { liveSetHolder } from '../../db/pulled-deletes';

/** The record that holds an item's live set (web/db/pulled-deletes.ts, where a pull's deletes are matched to waiting shares too). */
export { liveSetHolder };

/** Thrown when the record that holds an item's live set is not on this device (a task list shared before the plan was ever saved). */
export class NoLiveSetError extends Error {
  constructor() {
    super('Save your plan once on this device, then share this list.');
    this.name = 'NoLiveSetError';
  }
}

/** The database calls the live sets need (web/db/user-database.ts UserDatabase). */
type LiveSetDb = Pick<UserDatabase, 'readState' | 'write'>;

/**
 * The live sets of account `userId`'s items in the database `db()` gives; reading an item whose
 * holding record is not there gives none, and writing there throws NoLiveSetError (a record of
 * only `shares` would be a broken plan or trustee).
 */
export const liveSharesOn = (userId: string, db: () => LiveSetDb): LiveShares => {
  const holder = async (ref: ShareItemRef) => {
    const { collection, id } = liveSetHolder(ref, userId);
    const state = await db().readState(collection, id);
    // An empty state is no record at all (user-database.ts readState), not one with default fields.
    return { collection, id, record: Object.keys(state.clocks).length === 0 ? null : materialize(collection, id, state, userId) };
  };
  return {
    read: async (ref) => (await holder(ref)).record?.shares ?? [],
    write: async (ref, shareIds) => {
      const { collection, id, record } = await holder(ref);
      if (!record) throw new NoLiveSetError();
      await db().write(collection, id, { shares: shareIds });
    },
  };
};

/** The live sets of account `userId`'s items on the open database; throws when none is open. */
export const deviceLiveShares = (userId: string): LiveShares => liveSharesOn(userId, requireDb);
