/**
 * A lost device leaves shares live (security review F7; docs/sharing.md "How stopping works"): a
 * device that held the owner's keys can still open every share's key (wrapped under the documents'
 * key), so it could read each later change of a shared item through its link. So once this device
 * replaced the account key or signed the other devices out (keys' OthersShutOut note), Settings'
 * sharing timeline lists the shares still live that were made before, and offers to stop them all
 * (ShareReviewNotice). Nothing is stopped unless the owner chooses it; "Keep them" ends the question
 * (forgetOthersShutOut).
 */
import { formatLongDate } from '../../../shared/labels';
import type { ShareJson } from '../../../shared/share-items';
import type { OthersShutOut } from '../keys';

/** The shares of `shares` still live that were made before `note.since` (a device shut out then may know their keys). */
export const sharesToReview = (shares: readonly ShareJson[], note: OthersShutOut): ShareJson[] =>
  shares.filter((s) => s.phase !== 'stopped' && Date.parse(s.createdAt) <= Date.parse(note.since));

const DID: Record<OthersShutOut['why'], string> = {
  'key-replaced': 'replaced the key that locks your words',
  'lost-device': 'replaced the key that locks your words and signed out your other devices',
  'signed-out': 'changed your password, which signed out your other devices',
};

/** What the owner reads above the list of `count` shares (plain words: what happened, what it may mean, that they choose). */
export function shareReviewText(note: OthersShutOut, count: number): string {
  const these = count === 1 ? 'This share is' : `These ${count} shares are`;
  return `On ${formatLongDate(note.since)} you ${DID[note.why]}. ${these} still live. If a device was lost or is in someone else's hands, it may still hold the keys to them and could read your later changes through their links. You can stop them all, then share again what you still want to share: a new share has a new key. Nothing is stopped unless you choose to.`;
}
