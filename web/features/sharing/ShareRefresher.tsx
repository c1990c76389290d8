/**
 * Keeps every shared item's copy current (docs/sharing.md "Always current"): while some item of
 * this device's records holds a live share (its sealed `shares`: a document's, a trustee's, a letter's, the
 * plan's for its sections and task lists), or some share made offline waits on this device to be
 * sent (pending-shares.ts: its id may have left its item's live set in a race), ShareFollow.tsx follows the items and seals a changed
 * copy again for its live shares. Its code loads only then (issue 41: an owner who shares nothing
 * does not fetch it, and the signed-in start does not wait for it). The first share made opens the
 * gate with the copy it sealed, which is the follower's first sight of each item. Renders nothing else.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCurrentDb } from '../../db/current';
import type { AfterwordDexie } from '../../db/schema';
import { lazyPiece } from '../../ui/lazy-piece';
import type { ShareSource } from './projections';
import { useShareSource } from './use-share-source';

const ShareFollow = lazyPiece(() => import('./ShareFollow').then((m) => m.ShareFollow));

/** True when `record` names a live share of its own (a record written before shares has none). */
const holdsShares = (record: { shares?: readonly string[] } | null): boolean => (record?.shares?.length ?? 0) > 0;

/** True when some record of `source` holds a live share: the plan (its sections', task lists'), a document, a trustee, a letter. Nothing to refresh otherwise. */
export const holdsLiveShares = (source: ShareSource): boolean =>
  holdsShares(source.deathPlan) || source.documents.some(holdsShares) || source.trustees.some(holdsShares) || source.messages.some(holdsShares);

/** How many shares made on this device wait to reach the server (Dexie `pendingShares`). */
export const waitingShareCount = (dexie: AfterwordDexie): Promise<number> => dexie.pendingShares.count();

/**
 * True when the follower is needed: some record of `source` holds a live share, or `waiting`
 * shares made offline wait to be sent (ShareFollow sends them; a race on an item's live set may
 * have dropped a waiting share's id, and it must still be sent: issue 43).
 */
export const followsShares = (source: ShareSource, waiting: number): boolean => waiting > 0 || holdsLiveShares(source);

export function ShareRefresher() {
  const source = useShareSource('shared');
  const db = useCurrentDb((s) => s.db);
  const waiting = useLiveQuery(async () => (db ? waitingShareCount(db.dexie) : 0), [db]) ?? 0;
  return source && followsShares(source, waiting) ? <ShareFollow source={source} /> : null;
}
