/**
 * Keeps every trustee's emergency bundle current (docs/sharing.md "Emergency access"): while some
 * trustee of this device's records has an emergency choice, EmergencyFollow.tsx follows their
 * bundles. Its code (the sealing, and what it says when a bundle cannot be sealed) loads only then
 * (issue 41: most owners have none, and the signed-in start does not wait for it), or while a
 * choice saved offline waits on this device (pending-choices.ts). Renders nothing else.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCurrentDb } from '../../db/current';
import { lazyPiece } from '../../ui/lazy-piece';
import { useShareSource } from '../sharing';

const EmergencyFollow = lazyPiece(() => import('./EmergencyFollow').then((m) => m.EmergencyFollow));

export function EmergencyRefresher() {
  const source = useShareSource('none'); // no letter is ever in an emergency bundle: the letters' shares index is not read
  const db = useCurrentDb((s) => s.db);
  // A choice saved offline waits in `meta` (pending-choices.ts): the follower sends it once online.
  const waiting = useLiveQuery(async () => Object.keys(((await db?.dexie.meta.get('pendingEmergency'))?.value as object | undefined) ?? {}).length, [db]) ?? 0;
  return source && (waiting > 0 || source.trustees.some((t) => t.emergency)) ? <EmergencyFollow source={source} /> : null;
}
