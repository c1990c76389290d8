/** Share now (docs/sharing.md; issue 43): what other parts of the app use of it (emergency access seals the same projections, followed the same way). */
export { ShareButton } from './ShareButton';
export { shareLetterAsk } from './share-words';
export { ShareDialog } from './ShareDialog';
export { ShareRefresher } from './ShareRefresher';
export { ShareTimelineCard } from './ShareTimelineCard';
export { SharedWithYouSection } from './SharedWithYouSection';
export { takeSharedLink } from './keep-after-sign-in';
export { copyTitle, projectItem, shareableItems, withoutFile, type SharedCopy, type ShareItemRef, type ShareSource } from './projections';
export { createShareFollower, type Followable, type ShareFollower } from './share-follow';
export { useCaughtUp, useFollow } from './use-follow';
export { runNowOnlineAndSynced } from './when-online';
export { pendingRefreshesIn, type PendingRefreshes } from './pending-refreshes';
export { copyDigest, followKey, sealedCopiesIn, type SealedCopies } from './sealed-copies';
export { useShareSource } from './use-share-source';
export { recordChangeWaits } from './item-on-server';
