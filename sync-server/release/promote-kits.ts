/**
 * When a pending generation of trustee kits comes into force (the constraints "The escrow
 * ends" and "Re-keying"): once k of its kits are handed over while the owner is active, it becomes
 * current, the previous generation retires (its kits stop working) and the escrow's scope keys are
 * deleted, all in the caller's transaction. Handovers recorded while a release was under way
 * count as soon as the owner is active again ("I'm still here"): the kits in force carried that
 * release until then (service.ts handover, release/service.ts).
 */
import { generationStatus } from './kits/store/sqlite-kits';
import type { ReleaseTx } from './types';
import { serverWord } from './server-words';

/**
 * Makes `userId`'s pending generation current if k of its kits are handed over and the release
 * phase is `active`, with the owner's activity line. Takes the open release transaction and the
 * time (ms). Returns whether a generation came into force.
 */
export async function promoteHandedOverKits(tx: ReleaseTx, userId: string, now: number): Promise<boolean> {
  if ((await tx.getState(userId))?.phase !== 'active') return false;
  const gen = (await tx.liveKitGenerations(userId)).find((g) => generationStatus(g) === 'pending');
  if (!gen) return false;
  const handed = (await tx.kitsOf(userId, gen.generation)).filter((k) => k.handed_over_at !== null).length;
  if (handed < gen.k) return false;
  const hadEnded = await tx.kitEscrowEnded(userId);
  await tx.makeKitGenerationCurrent(userId, gen.generation, now);
  await tx.addActivity(
    userId,
    now,
    'kits-current',
    serverWord(hadEnded ? 'serverWords.activity.kitsReplaced' : 'serverWords.activity.kitsCurrent', { k: gen.k }),
  );
  return true;
}
