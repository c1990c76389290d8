/**
 * A lost device leaves shares live (security review F7; docs/sharing.md "How stopping works"): a
 * device that held the owner's keys can still open every share's key (wrapped under the documents'
 * key), so it could read each later change of a shared item through its link. So once this device
 * replaced the account key or signed the other devices out (keys' OthersShutOut note), Settings'
 * sharing timeline lists the shares still live that were made before, and offers to stop them all
 * (ShareReviewNotice). Nothing is stopped unless the owner chooses it; "Keep them" ends the question
 * (forgetOthersShutOut).
 */
import type { ShareJson } from '../../../shared/share-items';
import type { OthersShutOut } from '../keys';
import { t } from '../../i18n/i18n';
import { longDate } from './share-words';

/** The shares of `shares` still live that were made before `note.since` (a device shut out then may know their keys). */
export const sharesToReview = (shares: readonly ShareJson[], note: OthersShutOut): ShareJson[] =>
  shares.filter((s) => s.phase !== 'stopped' && Date.parse(s.createdAt) <= Date.parse(note.since));


/** What the owner reads above the list of `count` shares (plain words: what happened, what it may mean, that they choose). */
export function shareReviewText(note: OthersShutOut, count: number): string {
  const these = count === 1 ? t('sharing.review.theseOne') : t('sharing.review.these', { n: count });
  return t('sharing.review.text', { date: longDate(note.since), did: t(`sharing.review.did.${note.why}`), these });
}
