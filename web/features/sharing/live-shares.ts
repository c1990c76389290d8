/**
 * The device's LiveShares (share-client.ts; security review F2): each document's live share ids
 * kept in its sealed `shares` field in this device's database, which syncs to the owner's other
 * devices like any field, so every device knows which shares the owner stopped.
 */
import { materialize } from '../../../shared/sync/record';
import { save } from '../../db/api';
import { requireDb } from '../../db/current';
import type { LiveShares } from './share-client';

/** The live sets of account `userId`'s documents on the open database; throws when none is open. */
export const deviceLiveShares = (userId: string): LiveShares => ({
  read: async (itemId) => materialize('documents', itemId, await requireDb().readState('documents', itemId), userId)?.shares ?? [],
  write: (itemId, shareIds) => save('documents', itemId, { shares: shareIds }),
});
