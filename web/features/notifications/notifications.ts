/**
 * What the header's Notifications menu lists (issue "Promises kept", finding 9: the bell did
 * nothing): what needs the person's attention, from what this device already knows — the release
 * status (a waiting period, a release, a check-in falling due, e-mails that will never arrive) and
 * the sync state (changes refused, not syncing yet, a sign-in needed, an update needed). Pure; newest concern first.
 * Its words are the 'notifications' catalog's (issue 44), in the language it is given.
 */
import { formatDate } from '../../../shared/intl-format';
import type { ReleaseStatus } from '../../../shared/schema/release';
import { currentLanguage, t as activeT } from '../../i18n/i18n';
import { RELEASED_WORDS } from '../release';
import './messages';

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

/** How the notices are worded: `t` and the language of the dates (a component passes useT()'s). */
export interface NoticeWords {
  t: typeof activeT;
  language: string;
}

/**
 * The notices for `sources`, most urgent first, in `words` (by default the active language's).
 * The released notice's detail quotes web/features/release's RELEASED_WORDS, still English there.
 */
export function noticesOf({ release, sync, now }: NoticeSources, { t, language }: NoticeWords = { t: activeT, language: currentLanguage() }): Notice[] {
  const out: Notice[] = [];
  const date = (iso: string) => formatDate(iso, language);
  if (release?.state === 'waiting' && release.endsAt) {
    out.push({ id: 'waiting', title: t('notifications.waiting.title'), detail: t('notifications.waiting.detail', { date: date(release.endsAt) }), href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'awaiting-confirmations') {
    out.push({ id: 'waiting', title: t('notifications.awaiting.title'), detail: t('notifications.awaiting.detail'), href: '/settings', tone: 'urgent' });
  }
  if (release?.state === 'released' && release.releasedAt) {
    out.push({ id: 'released', title: t('notifications.released.title'), detail: t('notifications.released.detail', { date: date(release.releasedAt), words: RELEASED_WORDS }), href: '/settings', tone: 'info' });
  }
  if (release?.state === 'active' && release.checkInDueAt && Date.parse(release.checkInDueAt) - now < CHECK_IN_NOTICE_DAYS * DAY_MS) {
    out.push({ id: 'check-in', title: t('notifications.checkIn.title'), detail: t('notifications.checkIn.detail', { date: date(release.checkInDueAt) }), href: '/settings', tone: 'info' });
  }
  for (const e of release?.undeliverable ?? []) {
    out.push({ id: `undeliverable-${e.id}`, title: t('notifications.undeliverable.title'), detail: t('notifications.undeliverable.detail', { subject: e.subject, to: e.to }), href: '/settings', tone: 'urgent' });
  }
  if (sync.rejected > 0) {
    out.push({ id: 'rejected', title: t('notifications.rejected.title'), detail: t('notifications.rejected.detail', { n: sync.rejected }), href: '/settings', tone: 'urgent' });
  }
  if (sync.status === 'error') out.push({ id: 'sync-error', title: t('notifications.syncError.title'), detail: t('notifications.syncError.detail'), href: '/settings', tone: 'info' });
  if (sync.status === 'needs-sign-in') out.push({ id: 'sign-in', title: t('notifications.signIn.title'), detail: t('notifications.signIn.detail'), href: '/login', tone: 'urgent' });
  if (sync.status === 'update-required') out.push({ id: 'update', title: t('notifications.update.title'), detail: t('notifications.update.detail'), href: '/settings', tone: 'urgent' });
  return out.sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'urgent' ? -1 : 1));
}
