/**
 * Keeps every shared item's copy current (docs/sharing.md "Always current"): while some item of
 * this device's records holds a live share (its sealed `shares`: a document's, a trustee's, a letter's, the
 * plan's for its sections and task lists), ShareFollow.tsx follows the items and seals a changed
 * copy again for its live shares. Its code loads only then (issue 41: an owner who shares nothing
 * does not fetch it, and the signed-in start does not wait for it). The first share made opens the
 * gate with the copy it sealed, which is the follower's first sight of each item. Renders nothing else.
 */
import { lazyPiece } from '../../ui/lazy-piece';
import type { ShareSource } from './projections';
import { useShareSource } from './use-share-source';

const ShareFollow = lazyPiece(() => import('./ShareFollow').then((m) => m.ShareFollow));

/** True when `record` names a live share of its own (a record written before shares has none). */
const holdsShares = (record: { shares?: readonly string[] } | null): boolean => (record?.shares?.length ?? 0) > 0;

/** True when some record of `source` holds a live share: the plan (its sections', task lists'), a document, a trustee, a letter. Nothing to refresh otherwise. */
export const holdsLiveShares = (source: ShareSource): boolean =>
  holdsShares(source.deathPlan) || source.documents.some(holdsShares) || source.trustees.some(holdsShares) || source.messages.some(holdsShares);

export function ShareRefresher() {
  const source = useShareSource();
  return source && holdsLiveShares(source) ? <ShareFollow source={source} /> : null;
}
