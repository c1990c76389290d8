/** Share now (docs/sharing.md; issue 43): what other parts of the app use of it. */
export { ShareButton } from './ShareButton';
export { ShareDialog } from './ShareDialog';
export { ShareRefresher } from './ShareRefresher';
export { ShareTimelineCard } from './ShareTimelineCard';
