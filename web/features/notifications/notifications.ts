/**
 * What the header's Notifications menu lists (issue "Promises kept", finding 9: the bell did
 * nothing): what needs the person's attention, from what this device already knows — the release
 * status (a waiting period, a release, a check-in falling due, e-mails that will never arrive) and
 * the sync state (changes refused, not syncing yet, a sign-in needed, an update needed). Pure; newest concern first.
 * Words-free: notice-words.ts says each notice in the reader's language (issue 44).
 */
import type { ReleaseStatus } from '../../../shared/schema/release';

/** What a notice is about; its words are `notifications.<kind>.title` and `.detail` (notice-words.ts). */
export type NoticeKind = 'waiting' | 'awaiting' | 'released' | 'checkIn' | 'undeliverable' | 'rejected' | 'syncError' | 'signIn' | 'update';

export interface Notice {
  id: string;
  kind: NoticeKind;
  /** What its words put in: a date (ISO, formatted in the reader's language), an e-mail's subject and address, a count. */
  values?: { date?: string; subject?: string; to?: string; n?: number };
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
    out.push({ id: 'waiting', kind: 'waiting', values: { date: release.endsAt }, href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'awaiting-confirmations') {
    out.push({ id: 'waiting', kind: 'awaiting', href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'released' && release.releasedAt) {
    out.push({ id: 'released', kind: 'released', values: { date: release.releasedAt }, href: '/settings', tone: 'info' });
  }
  if (release?.state === 'active' && release.checkInDueAt && Date.parse(release.checkInDueAt) - now < CHECK_IN_NOTICE_DAYS * DAY_MS) {
    out.push({ id: 'check-in', kind: 'checkIn', values: { date: release.checkInDueAt }, href: '/settings', tone: 'info' });
  }
  for (const e of release?.undeliverable ?? []) {
    out.push({ id: `undeliverable-${e.id}`, kind: 'undeliverable', values: { subject: e.subject, to: e.to }, href: '/settings', tone: 'urgent' });
  }
  if (sync.rejected > 0) {
    out.push({ id: 'rejected', kind: 'rejected', values: { n: sync.rejected }, href: '/settings', tone: 'urgent' });
  }
  if (sync.status === 'error') out.push({ id: 'sync-error', kind: 'syncError', href: '/settings', tone: 'info' });
  if (sync.status === 'needs-sign-in') out.push({ id: 'sign-in', kind: 'signIn', href: '/login', tone: 'urgent' });
  if (sync.status === 'update-required') out.push({ id: 'update', kind: 'update', href: '/settings', tone: 'urgent' });
  return out.sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'urgent' ? -1 : 1));
}
