/**
 * Keeps each trustee's emergency bundle current (docs/sharing.md "Emergency access"): the same
 * follower as "share now" (sharing's createShareFollower), watching one entry per trustee with an
 * emergency choice whose "copy" is that choice and its items' copies. When an item marked for an
 * emergency changes on this device (or the choice itself, synced from another device), the bundle
 * is sealed again (emergency-access.ts sealEmergency: a new gate, E and bundle). A seal that could
 * not reach the server stays queued for the next change or the device coming back online.
 */
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import { createShareFollower, type ShareFollower, type ShareSource } from '../sharing';
import { alreadySealed, bundleItems, EmergencyAccessError, sealEmergency, type EmergencyBundleItem, type EmergencyDeps } from './emergency-access';

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
 * A follower that seals a changed bundle through `deps`. Its `run()` returns the words of each
 * bundle that cannot be sealed any more (the trustee's kit is gone), for a toast; other failures
 * (offline) stay queued. A bundle this device has just sealed as it is (the dialog's save) is not
 * sealed again.
 */
export function createEmergencyFollower(deps: EmergencyDeps): ShareFollower<FollowedBundle> {
  return createShareFollower<FollowedBundle>(async ({ trustee, copy, source }) => {
    if (alreadySealed(deps.account, trustee.id, copy.choice, source)) return { refused: [] };
    try {
      await sealEmergency(deps, trustee, copy.choice, source);
      return { refused: [] };
    } catch (err) {
      if (err instanceof EmergencyAccessError) return { refused: [err.message] };
      throw err;
    }
  });
}
