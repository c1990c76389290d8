/**
 * What the header's Notifications menu lists (issue "Promises kept", finding 9: the bell did
 * nothing): what needs the person's attention, from what this device already knows — the release
 * status (a waiting period, a release, a check-in falling due, e-mails that will never arrive) and
 * the sync state (changes refused, not syncing yet, a sign-in needed, an update needed). Pure; newest concern first.
 */
import { formatLongDate } from '../../../shared/labels';
import type { ReleaseStatus } from '../../../shared/schema/release';
import { RELEASED_WORDS } from '../release';

export interface Notice {
  id: string;
  title: string;
  detail: string;
  /** Where to act on it. */
  href: string;
  /** 'urgent' for what may start or has started the release, or loses words. */
  tone: 'urgent' | 'info';
}

export interface NoticeSources {
  release: ReleaseStatus | null;
  sync: { status: string; rejected: number };
  /** ms */
  now: number;
}

const DAY_MS = 86_400_000;
/** A check-in falling due within this many days is listed. */
export const CHECK_IN_NOTICE_DAYS = 7;

/** The notices for `sources`, most urgent first. */
export function noticesOf({ release, sync, now }: NoticeSources): Notice[] {
  const out: Notice[] = [];
  if (release?.state === 'waiting' && release.endsAt) {
    out.push({ id: 'waiting', title: 'A waiting period is running', detail: `Unless you say you are still here, your plan is released on ${formatLongDate(release.endsAt)}.`, href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'awaiting-confirmations') {
    out.push({ id: 'waiting', title: 'Your trustees are being asked to confirm', detail: 'The waiting period is over. Unless you say you are still here, your plan is released once enough trustees confirm with their kits.', href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'released' && release.releasedAt) {
    out.push({ id: 'released', title: 'Your plan was released', detail: `On ${formatLongDate(release.releasedAt)}: ${RELEASED_WORDS}.`, href: '/settings', tone: 'info' });
  }
  if (release?.state === 'active' && release.checkInDueAt && Date.parse(release.checkInDueAt) - now < CHECK_IN_NOTICE_DAYS * DAY_MS) {
    out.push({ id: 'check-in', title: 'A check-in is due', detail: `By ${formatLongDate(release.checkInDueAt)}. Opening Afterword and using it counts.`, href: '/settings', tone: 'info' });
  }
  for (const e of release?.undeliverable ?? []) {
    out.push({ id: `undeliverable-${e.id}`, title: 'An e-mail could not be delivered', detail: `"${e.subject}" to ${e.to}.`, href: '/settings', tone: 'urgent' });
  }
  if (sync.rejected > 0) {
    out.push({ id: 'rejected', title: 'Some changes could not be saved', detail: `${sync.rejected === 1 ? 'One change was' : `${sync.rejected} changes were`} refused by the server; what was there before is kept.`, href: '/settings', tone: 'urgent' });
  }
  if (sync.status === 'error') out.push({ id: 'sync-error', title: 'Changes are not syncing yet', detail: 'Afterword keeps trying. Your changes are kept on this device until they reach the server.', href: '/settings', tone: 'info' });
  if (sync.status === 'needs-sign-in') out.push({ id: 'sign-in', title: 'Sign in again to sync', detail: 'Your changes are kept on this device until you do.', href: '/login', tone: 'urgent' });
  if (sync.status === 'update-required') out.push({ id: 'update', title: 'An update is needed to sync', detail: 'Reload the app to update it; your changes are kept on this device.', href: '/settings', tone: 'urgent' });
  return out.sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'urgent' ? -1 : 1));
}
