/**
 * Keeps every trustee's emergency bundle current (docs/sharing.md "Emergency access"): while some
 * trustee of this device's records has an emergency choice, EmergencyFollow.tsx follows their
 * bundles. Its code (the sealing, and what it says when a bundle cannot be sealed) loads only then
 * (issue 41: most owners have none, and the signed-in start does not wait for it). Renders nothing
 * else.
 */
import { lazyPiece } from '../../ui/lazy-piece';
import { useShareSource } from '../sharing';

const EmergencyFollow = lazyPiece(() => import('./EmergencyFollow').then((m) => m.EmergencyFollow));

export function EmergencyRefresher() {
  const source = useShareSource('none'); // no letter is ever in an emergency bundle: the letters' shares index is not read
  return source?.trustees.some((t) => t.emergency) ? <EmergencyFollow source={source} /> : null;
}
