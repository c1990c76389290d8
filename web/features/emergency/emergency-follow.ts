/**
 * Keeps each trustee's emergency bundle current (docs/sharing.md "Emergency access"): the same
 * follower as "share now" (sharing's createShareFollower), watching one entry per trustee with an
 * emergency choice whose "copy" is that choice and its items' copies. When an item marked for an
 * emergency changes on this device (or the choice itself, synced from another device), the bundle
 * is sealed again (emergency-access.ts sealEmergency: a new gate, E and bundle). A seal that could
 * not reach the server stays queued for the next change or the device coming back online.
 * `resealStale` seals again the bundles the server holds for a kit generation the trustee no
 * longer holds (the owner re-keyed their kits).
 */
import type { KitsState } from '../../../shared/schema/kits';
import { NOTHING_TO_REFRESH, type EmergencyChoice } from '../../../shared/schema/trustee';
import { ApiError, refusedForGood } from '../../api/client';
import { deletedHere, type UserDatabase } from '../../db';
import { createShareFollower, type PendingRefreshes, type ShareFollower, type ShareSource } from '../sharing';
import { allDeletedText, notUpdatedText, serverHoldsOtherText } from './emergency-words';
import { alreadySealed, bundleItems, EmergencyAccessError, isStaleChoice, kitGenerationFor, sealEmergency, type EmergencyBundleItem, type EmergencyDeps } from './emergency-access';

/** One trustee's bundle as the follower sees it. */
export interface FollowedBundle {
  ref: { kind: 'emergency-bundle'; id: string };
  copy: { choice: EmergencyChoice; items: EmergencyBundleItem[] };
  trustee: { id: string; name: string };
  source: ShareSource;
}

/** Every trustee of `source` with an emergency choice, with what their bundle holds now. */
export const emergencyBundles = (source: ShareSource): FollowedBundle[] =>
  source.trustees.flatMap((t) =>
    t.emergency ? [{ ref: { kind: 'emergency-bundle' as const, id: t.id }, copy: { choice: t.emergency, items: bundleItems(t.emergency, source) }, trustee: { id: t.id, name: t.name }, source }] : [],
  );

/**
 * EmergencyDeps.deleted over the device's database `db`: a document known deleted here (web/db
 * deletedHere); a plan section or a task list is never "deleted" (an empty one is nothing written).
 */
export const deletionsIn =
  (db: UserDatabase) =>
  (ref: EmergencyChoice['items'][number]): Promise<boolean> =>
    ref.kind === 'document' ? deletedHere(db, 'documents', ref.id) : Promise.resolve(false);

/** True when `deps` knows each item of `choice` was deleted on this device (EmergencyDeps.deleted). */
async function everyChosenDeleted(deps: EmergencyDeps, choice: EmergencyChoice): Promise<boolean> {
  if (!deps.deleted) return false;
  for (const ref of choice.items) if (!(await deps.deleted(ref))) return false;
  return true;
}

/**
 * Seals `b` again, replacing only what the server still holds (never making again access removed
 * on another device whose removal this device has not synced: that removal arrives by sync and ends
 * the following), and only the choice the server holds (409 STALE_CHOICE otherwise: the device
 * syncs, `deps.resync`; when the sync brought a newer choice, `deps.latest`, the change it made
 * seals that; when it brought none, the owner is told once, in words, per trustee and choice in
 * `told`, and it is not retried at every change). The owner's words when it cannot be sealed (the
 * trustee's kit is gone), else null. Throws other failures (offline).
 */
async function reseal(deps: EmergencyDeps, b: FollowedBundle, told: Set<string>): Promise<string | null> {
  // Nothing left to show: sealed empty only when every chosen item is known deleted on this device;
  // one it did not receive or could not open keeps the last bundle (review of session 27).
  if (b.copy.items.length === 0 && !(await everyChosenDeleted(deps, b.copy.choice))) return null;
  try {
    await sealEmergency(deps, b.trustee, b.copy.choice, b.source, { refresh: true });
    // Sealed empty: every item chosen was deleted (the owner is told; this device noted it, so once).
    return b.copy.items.length === 0 ? allDeletedText(b.trustee.name) : null;
  } catch (err) {
    if (err instanceof EmergencyAccessError) return err.message;
    if (err instanceof ApiError && err.status === 404 && err.serverMessage === NOTHING_TO_REFRESH) return null; // removed elsewhere
    if (isStaleChoice(err)) return afterStale(deps, b, told, err);
    // Refused for what was sent (never a lapsed session, a busy server or a timeout): said once, in words, not retried at every change.
    if (err instanceof ApiError && refusedForGood(err.status)) return notUpdatedText(b.trustee.name, /"bundle"/.test(err.bodyText));
    throw err;
  }
}

/** A re-seal refused as STALE_CHOICE (reseal): sync, then null when the sync brought a newer choice, the owner's words once when it did not; throws `err` (kept waiting) when it cannot tell. */
async function afterStale(deps: EmergencyDeps, b: FollowedBundle, told: Set<string>, err: unknown): Promise<string | null> {
  const key = `${deps.account}:${b.trustee.id}:${b.copy.choice.version ?? 0}`;
  if (told.has(key)) return null; // said already for this choice
  await deps.resync?.();
  if (!deps.latest) throw err;
  const now = await deps.latest(b.trustee.id);
  if (!now || (now.version ?? 0) > (b.copy.choice.version ?? 0)) return null; // removed, or a newer choice: its own change seals it
  told.add(key);
  return serverHoldsOtherText(b.trustee.name);
}

/**
 * A follower that seals a changed bundle through `deps`. Its `run()` returns the words of each
 * bundle that cannot be sealed any more (the trustee's kit is gone) or was sealed empty (every item
 * chosen deleted), for a toast; other failures
 * (offline) stay queued, in `pending` (the device's database in the app: pendingRefreshesIn with
 * kind 'emergency-bundle'; memory unless given). What it compares each bundle with is what this
 * device last sealed for it (`deps.sealed`, the device's database in the app; memory unless given),
 * so an edit made while the keys were locked or synced in from another device is sealed once they
 * open. A bundle this device has just sealed as it is (the dialog's save) is not sealed again.
 */
export function createEmergencyFollower(deps: EmergencyDeps, pending?: PendingRefreshes<FollowedBundle['ref']>): ShareFollower<FollowedBundle> {
  const told = new Set<string>();
  return createShareFollower<FollowedBundle>(async (b) => {
    if (alreadySealed(deps.account, b.trustee.id, b.copy.choice, b.source)) return { refused: [] };
    const words = await reseal(deps, b, told);
    return { refused: words ? [words] : [] };
  }, pending, deps.sealed);
}

/**
 * Seals again each bundle of `source` that the server holds for another kit generation than the
 * one its trustee's kit is of now (kits re-keyed since), so their kit still opens it. A trustee
 * with no setting on the server is left alone (removed on another device, not yet synced here).
 * Returns the words of those that cannot be sealed; throws what the api throws (offline).
 */
export async function resealStale(deps: EmergencyDeps, source: ShareSource): Promise<string[]> {
  const [{ settings }, kits] = await Promise.all([deps.api<{ settings: Array<{ trusteeId: string; generation: number }> }>('/api/emergency'), deps.api<KitsState>('/api/kits')]);
  const words: string[] = [];
  for (const b of emergencyBundles(source)) {
    const held = settings.find((s) => s.trusteeId === b.trustee.id);
    const gen = kitGenerationFor(kits, b.trustee.id);
    if (!held || !gen || held.generation === gen.generation) continue;
    const refused = await reseal(deps, b, new Set());
    if (refused) words.push(refused);
  }
  return words;
}

/** True when `words` tell that a bundle of `bundles` was sealed empty (every item chosen deleted: allDeletedText of a trustee holding no item), not that one could not be sealed. */
export const sealedEmpty = (bundles: readonly FollowedBundle[], words: string): boolean =>
  bundles.some((b) => b.copy.items.length === 0 && allDeletedText(b.trustee.name) === words);
