/**
 * E-mail quotas per account, per day (SECURITY.md "Limits", e-mail quotas; shared/limits.ts):
 * which quota each kind of e-mail counts against, whether a queued e-mail may go out now, and
 * what waits, in plain words for the owner. Counted when sent (or written to the outbox
 * folder), over any 24 hours: an e-mail past its quota is deferred to when the oldest one of the
 * last 24 hours is a day old, never dropped. Resends are counted when asked (429), not here.
 */
import type { Limits } from '../config-limits';
import type { EmailQuota, EmailRow } from './store/sqlite-release';
import type { AsyncReleaseStore } from './store/release-store';
import type { EmailKind } from './emails';
import { DAY_MS } from './state-machine';
import type { ServerWord } from '../../shared/server-words';
import { serverWord } from './server-words';

/** The limit of shared/limits.ts each quota is bound by. */
export const QUOTA_LIMIT: Record<EmailQuota, keyof Limits> = {
  invite: 'invitationsPerDay',
  resend: 'resendsPerDay',
  release: 'releaseEmailsPerDay',
  redelivery: 'redeliveriesPerDay',
  owner: 'ownerNoticesPerDay',
  trustee: 'trusteeNoticesPerDay',
  verify: 'verificationEmailsPerDay',
  reset: 'passwordResetsPerDay',
};

/** What each quota's e-mails are, in the owner's words (activity log, readiness panel). */
export const QUOTA_WORDS: Record<EmailQuota, string> = {
  invite: 'invitations to trustees',
  resend: 'resent links',
  release: 'messages and trustee notices sent at release',
  redelivery: 'updated or re-addressed messages',
  owner: 'notices to you',
  trustee: 'notices to trustees',
  verify: 'e-mails to confirm your address',
  reset: 'password reset links',
};

/**
 * The quota an e-mail of `kind` counts against when its caller names none: each trustee's
 * release notice and a message's first delivery count as `release` (deliveries.ts names
 * `redelivery` for later ones), notices to the owner as `owner`, other trustee notices as
 * `trustee`. Invitations and resends are named by their callers (trustees.ts, public-routes.ts).
 */
export function quotaOf(kind: EmailKind): EmailQuota | undefined {
  if (kind === 'trustee-access' || kind === 'delivery' || kind === 'trustee-confirm-death' || kind === 'trustee-handover') return 'release';
  if (kind === 'delivery-updated') return 'redelivery';
  if (kind === 'owner-verify') return 'verify';
  if (kind === 'owner-reset') return 'reset';
  if (kind.startsWith('owner-')) return 'owner';
  if (kind === 'trustee-welcome' || kind === 'trustee-yearly') return 'trustee';
  return undefined;
}

/**
 * When `row` may go out, if not now: the time its account's quota frees a place (the oldest of
 * the last 24 hours' sends plus a day), or null when it may go now. `resend` rows were counted
 * when asked for and always go.
 */
export async function quotaWait(
  store: Pick<AsyncReleaseStore, 'quotaSent'>,
  limits: Limits,
  row: Pick<EmailRow, 'user_id' | 'quota'>,
  now: number,
): Promise<number | null> {
  const quota = row.quota as EmailQuota | null;
  if (!quota || quota === 'resend') return null;
  const used = await store.quotaSent(row.user_id, quota, now - DAY_MS);
  return used.n >= limits[QUOTA_LIMIT[quota]] ? (used.oldest ?? now) + DAY_MS : null;
}

/**
 * The owner's activity line for e-mails of `quota` held back. The same text all day, so the
 * once-a-day rule of `ReleaseService.problem` keeps it to one line a day per quota (the
 * readiness panel says when the next goes).
 */
export function waitingText(quota: EmailQuota, limits: Limits): ServerWord {
  return serverWord('serverWords.problem.emailWaiting', { limit: limits[QUOTA_LIMIT[quota]], quota, what: QUOTA_WORDS[quota] });
}

/** E-mails of `userId` held back by a daily quota now, with when the next may go (readiness panel). */
export async function waitingEmails(
  store: Pick<AsyncReleaseStore, 'quotaSent' | 'unsentByQuota'>,
  limits: Limits,
  userId: string,
  now: number,
): Promise<{ quota: EmailQuota; what: string; count: number; until: number }[]> {
  const out = [];
  for (const { quota, n } of await store.unsentByQuota(userId)) {
    const until = await quotaWait(store, limits, { user_id: userId, quota }, now);
    if (until !== null) out.push({ quota, what: QUOTA_WORDS[quota], count: n, until });
  }
  return out;
}
