/**
 * Sends queued release emails (DESIGN.md §8; issue #16 "E-mail never dropped"). Each e-mail is
 * claimed before it is sent and marked after, so two runs never send it twice. A temporary
 * failure is retried with exponential backoff (1 minute doubling up to 4 hours) for
 * RETRY_FOR_MS (8 days) from the first attempt, and a release's e-mails (RELEASE_KINDS) for
 * RELEASE_RETRY_FOR_MS (90 days); the schedule is in SQLite, so it survives
 * restarts. A permanent refusal (SMTP 5xx) or the end of the retries is written to the owner's
 * activity (and the trustee marked bounced); the owner's critical e-mails also show in the
 * app's banner (release/owner-routes.ts). An e-mail is `sent` only when an SMTP server accepted it:
 * one written to the outbox folder (no SMTP_URL) reached no one and stays pending for SMTP.
 * The queue is fair across accounts (round-robin, at most PER_ACCOUNT_PER_PASS each per pass)
 * and every e-mail an account causes counts against its daily quota (email-quotas.ts,
 * SECURITY.md "Limits"): past it, it waits for the next day and the owner's activity says so.
 * The owner's notices go only to their verified address (owner-email.ts). Links are minted
 * here, at send time, so the queue never holds a raw token; a link of a failed try is revoked.
 */
import type { AppDeps } from '../app-env';
import type { TokenPurpose } from './store/sqlite-release';
import type { EmailRow } from './store/sqlite-release';
import { type EmailKind, type EmailParams, emailLanguage, renderEmail } from './emails';
import { quotaWait, waitingText } from './email-quotas';
import type { EmailQuota } from './store/sqlite-release';
import type { Mailer } from './mailer';
import type { ReleaseService, ReleaseRecords } from './service';
import { DAY_MS } from './state-machine';
import { hashToken, mintToken } from './tokens';
import { serverWord } from './server-words';
import type { WordParams } from '../../shared/server-words';

/** How long a temporarily failing e-mail is retried, from its first attempt (≥ 7 days, issue #16). */
export const RETRY_FOR_MS = 8 * DAY_MS;
/**
 * How long a release's own e-mails are retried (ms): the letters, the trustees' access and
 * hand-over e-mails, the requests to confirm, and the owner's notice of them (its "I'm still
 * here" works as long as the trustees are being asked, which has no end). Their owner may no
 * longer be there to act on "could not be delivered", so a mail server down for weeks must not
 * lose them.
 */
export const RELEASE_RETRY_FOR_MS = 90 * DAY_MS;
/** The kinds retried for RELEASE_RETRY_FOR_MS. */
export const RELEASE_KINDS: ReadonlySet<EmailKind> = new Set<EmailKind>(['delivery', 'delivery-updated', 'trustee-access', 'trustee-handover', 'trustee-confirm-death', 'owner-awaiting-confirmations']);
/** How long an e-mail of `kind` is retried from its first attempt (ms). */
export const retryForMs = (kind: EmailKind): number => (RELEASE_KINDS.has(kind) ? RELEASE_RETRY_FOR_MS : RETRY_FOR_MS);
/**
 * Days after which a finished e-mail (sent, or given up: refused, expired, superseded) is deleted
 * from the queue (SECURITY.md "Limits", the e-mail queue). A failure the owner has not seen yet
 * (the banner, the readiness panel) stays UNSEEN_FAILURE_RETENTION_DAYS.
 */
export const EMAIL_RETENTION_DAYS = 30;
/** Days a failed e-mail the owner has not seen stays in the queue. */
export const UNSEEN_FAILURE_RETENTION_DAYS = 365;
/** Finished e-mails deleted at most per pass (one short statement; the next pass goes on). */
const PURGE_PER_PASS = 1_000;

/**
 * Deletes finished e-mails past their retention (EMAIL_RETENTION_DAYS; unseen failures
 * UNSEEN_FAILURE_RETENTION_DAYS), at most PURGE_PER_PASS a call. Returns how many went.
 */
export function purgeFinishedEmails(deps: Pick<AppDeps, 'now'>, store: Pick<ReleaseService['store'], 'purgeFinishedEmails'>): Promise<number> {
  const now = deps.now();
  return store.purgeFinishedEmails(now - EMAIL_RETENTION_DAYS * DAY_MS, now - UNSEEN_FAILURE_RETENTION_DAYS * DAY_MS, PURGE_PER_PASS);
}
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 4 * 60 * 60_000;
/** The wait before the next try after `attempts` failed tries (ms). */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
/** A claim older than this is considered abandoned (the process died mid-send). */
const CLAIM_STALE_MS = 10 * 60_000;
/** At most this many e-mails of one account per pass, and this many in all. */
const PER_ACCOUNT_PER_PASS = 10;
const PER_PASS = 200;

/** The public path of each kind of link (routes in release/public-routes.ts). */
export const LINK_PATHS: Record<TokenPurpose, string> = {
  invite: '/api/trustee/invite/',
  report: '/api/trustee/report/',
  access: '/api/trustee/access/',
  delivery: '/api/delivery/',
  cancel: '/api/still-here/',
  verify: '/api/verify-email/',
  'check-in': '/api/check-in/',
  // The app's page; the token rides in the fragment, so it reaches no log or Referer (accounts/password-reset-routes.ts).
  reset: '/reset-password#',
};

/** Which link an email carries: purpose and subject. */
function linkOf(kind: EmailKind, userId: string, p: EmailParams): { purpose: TokenPurpose; subjectId: string } | null {
  switch (kind) {
    case 'trustee-invite':
      return { purpose: 'invite', subjectId: p.trusteeId! };
    case 'trustee-welcome':
    case 'trustee-yearly':
      return { purpose: 'report', subjectId: p.trusteeId! };
    case 'trustee-access':
      return p.kitToken ? null : { purpose: 'access', subjectId: p.trusteeId! }; // a kit's access is its kit page (emails.ts)
    case 'delivery':
    case 'delivery-updated':
      return { purpose: 'delivery', subjectId: p.messageId! };
    case 'owner-waiting-started':
    case 'owner-awaiting-confirmations':
      return { purpose: 'cancel', subjectId: userId };
    case 'owner-verify':
      return { purpose: 'verify', subjectId: userId };
    case 'owner-reminder':
      return { purpose: 'check-in', subjectId: userId };
    case 'owner-reset':
      return { purpose: 'reset', subjectId: userId };
    default:
      return null;
  }
}

/** True for an SMTP answer that will not change on a retry (5xx). */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The fragment of message `messageId`'s delivery link (its key, release-keys.ts), or null for none. */
export type DeliveryFragment = (userId: string, messageId: string) => Promise<string | null>;

/**
 * Sends every due email once. Returns how many an SMTP server accepted. Never throws for a failed
 * send. `deliveryFragment` gives a delivery link its key fragment, only as the e-mail is made.
 */
export async function sendPendingEmails(
  deps: AppDeps,
  release: ReleaseService,
  records: ReleaseRecords,
  mailer: Mailer,
  deliveryFragment?: DeliveryFragment,
): Promise<number> {
  const { store } = release;
  let sent = 0;
  const due = await store.pendingEmails({
    now: deps.now(),
    staleBefore: deps.now() - CLAIM_STALE_MS,
    folder: mailer.mode === 'folder',
    perAccount: PER_ACCOUNT_PER_PASS,
    limit: PER_PASS,
  });
  const told = new Set<string>();
  for (const row of due) {
    const now = deps.now();
    const kind = row.kind as EmailKind;
    // What no longer applies goes first, before any quota is asked: a superseded e-mail deferred
    // to tomorrow would otherwise wait, and count, for nothing (issue 40, finding 4).
    const stale = await staleReason(release, records, row, kind);
    if (stale) {
      await store.markGivenUp(row.id, stale, now, 'superseded');
      continue;
    }
    const until = await quotaWait(store, deps.config.limits, row, now);
    if (until !== null) {
      await store.markDeferred(row.id, until);
      // Once per account and quota in a pass; `problem` keeps one line a day of the same text.
      const key = `${row.user_id}:${row.quota}`;
      if (!told.has(key)) {
        told.add(key);
        await release.isolated(row.user_id, 'noting e-mails that wait', (tx) =>
          release.problem(tx, row.user_id, 'email-waiting', waitingText(row.quota as EmailQuota, deps.config.limits)),
        );
      }
      continue;
    }
    // The claim (one guarded UPDATE) is what makes a send happen once across passes and instances.
    if (!(await store.claimEmail(row.id, now, now - CLAIM_STALE_MS))) continue;
    // Links from configuration only, at send time (issue #16): a base stored in an old row is ignored.
    const params = { ...(JSON.parse(row.params) as EmailParams), base: release.baseUrl() };
    let minted: string | undefined;
    try {
      const link = linkOf(kind, row.user_id, params);
      let url: string | undefined;
      if (link) {
        // One live link per subject and purpose (a resend replaces the old), except report
        // links, which last as long as the trustee does (issue #16), and a reminder's "I'm here",
        // which keeps working when the next reminder comes (each expires on its own).
        if (link.purpose !== 'report' && link.purpose !== 'check-in') await store.revokeSubject(row.user_id, link.subjectId, now, link.purpose);
        const expiresAt = kind === 'owner-waiting-started' ? params.endsAt : undefined;
        const addr = link.purpose === 'delivery' || link.purpose === 'verify' || link.purpose === 'reset' ? row.to_addr.toLowerCase() : null;
        minted = await mintToken(store, { userId: row.user_id, ...link, now, expiresAt, addr });
        url = `${params.base}${LINK_PATHS[link.purpose]}${minted}`;
        // The key rides in the fragment: a browser keeps it through the redirect to /r/d/ and never sends it.
        const fragment = link.purpose === 'delivery' && deliveryFragment ? await deliveryFragment(row.user_id, link.subjectId) : null;
        if (fragment) url += `#${fragment}`;
      }
      const { reached } = await mailer.send({ to: row.to_addr, account: row.user_id, lang: emailLanguage(params), ...renderEmail(kind, params, url) });
      if (!reached) {
        await store.markWritten(row.id, deps.now());
        continue;
      }
      await store.markSent(row.id, deps.now());
      sent += 1;
      if ((kind === 'delivery' || kind === 'delivery-updated') && params.messageId) {
        // A record write, not a release transaction: guarded, so a failure is the account's own.
        await release.guarded(row.user_id, 'marking a message delivered', async () => {
          const m = await records.get(row.user_id, 'messages', params.messageId!);
          if (m && !m.delivered && m.recipientEmail.toLowerCase() === row.to_addr.toLowerCase()) {
            await records.write(row.user_id, 'messages', params.messageId!, { delivered: true, deliveredAt: new Date(deps.now()).toISOString() });
          }
        });
      }
    } catch (err) {
      if (minted) await store.revokeToken(hashToken(minted), deps.now()).catch((e) => console.error('Release: could not revoke a link:', e));
      await failed(deps, release, row, kind, err);
    }
  }
  return sent;
}

/**
 * Why `row` no longer applies (it is then dropped, not sent), or null. An invitation: the
 * trustee accepted or was removed, or a newer round exists. A delivery: the message was deleted
 * or re-addressed since it was queued — a late retry to the old address would both reach the
 * wrong person and, minting its link, revoke the new recipient's (one live link per message).
 * A notice to the owner: the address is no longer the profile's verified one (a verification
 * e-mail: no longer the profile's address), so a changed address gets nothing it did not prove.
 */
async function staleReason(release: ReleaseService, records: ReleaseRecords, row: EmailRow, kind: EmailKind): Promise<string | null> {
  const params = JSON.parse(row.params) as EmailParams;
  if (kind === 'trustee-invite') {
    const inv = params.trusteeId ? await release.store.invitation(row.user_id, params.trusteeId) : null;
    const round = Number(row.dedupe_key.split(':').pop());
    const live = inv && inv.status === 'invited' && inv.invite_round === round;
    return live ? null : 'A newer invitation replaced it, or the trustee accepted or was removed.';
  }
  if (kind === 'trustee-handover') {
    const m = params.messageId ? await records.get(row.user_id, 'messages', params.messageId) : null;
    return m ? null : 'The message was deleted after this e-mail was queued.';
  }
  if (kind === 'delivery' || kind === 'delivery-updated') {
    const m = params.messageId ? await records.get(row.user_id, 'messages', params.messageId) : null;
    const live = m && String(m.recipientEmail ?? '').toLowerCase() === row.to_addr.toLowerCase();
    return live ? null : 'The message was deleted or re-addressed after this e-mail was queued.';
  }
  if (kind === 'trustee-confirm-death') {
    // The owner said "I'm still here" (or it was released) before this went out: no trustee is asked any more.
    return (await release.state(row.user_id)).phase === 'awaiting-confirmations' ? null : 'No confirmation is being asked for any more.';
  }
  if (kind.startsWith('owner-')) {
    const to = row.to_addr.toLowerCase();
    // Addresses compare without case (queued ones are stored lower-cased; the profile keeps the owner's capitals).
    const current = kind === 'owner-verify' ? (await release.owner(row.user_id)).email : await release.ownerAddress(row.user_id);
    return current?.toLowerCase() === to ? null : 'Your e-mail address changed, or is not confirmed, since this e-mail was queued.';
  }
  return null;
}

/** Schedules the next try, or ends the e-mail for good and tells the owner. */
async function failed(deps: AppDeps, release: ReleaseService, row: EmailRow, kind: EmailKind, err: unknown): Promise<void> {
  const { store } = release;
  const now = deps.now();
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  const firstAt = row.first_attempt_at ?? now;
  const permanent = isPermanent(err);
  if (!permanent && now - firstAt < retryForMs(kind)) {
    await store.markRetry(row.id, message, now + retryDelay(row.attempts + 1));
    console.error(`Release email ${row.id} (${kind}) failed, will retry:`, message);
    return;
  }
  const failure = permanent ? 'refused' : 'expired';
  console.error(`Release email ${row.id} (${kind}) ${failure}:`, message);
  await release.isolated(row.user_id, 'recording an e-mail that could not be delivered', async (tx) => {
    await tx.markGivenUp(row.id, message, now, failure);
    const subject = renderEmail(kind, { ...(JSON.parse(row.params) as EmailParams), base: '' }).subject;
    // Why: the receiving server's own refusal (its words, as it gave them), or how long we tried.
    const why: WordParams = permanent ? { refused: 'yes', message } : { refused: 'no', days: Math.round(retryForMs(kind) / DAY_MS) };
    await tx.addActivity(row.user_id, now, 'email-failed', serverWord('serverWords.activity.emailFailed', { subject, to: row.to_addr, ...why }));
    if (kind.startsWith('trustee-')) await tx.bounceTrustee(row.user_id, row.to_addr, now);
  });
}
