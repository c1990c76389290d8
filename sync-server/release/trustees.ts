/**
 * Following the owner's trustees (DESIGN.md §8, issue #16 "Links that last"): invite new ones,
 * re-invite re-addressed ones, revoke removed ones; a yearly e-mail to every live trustee (a
 * fresh report link to accepted ones, a fresh invitation to the others); the owner's resend
 * (within shared/limits.ts `resendsPerDay`); access e-mails at release to every live trustee,
 * accepted or not. Each trustee change runs in its owner's own transaction (`isolated`), so a
 * bad record (e.g. no e-mail address) is written to that owner's activity and skipped (#15).
 */
import type { Trustee } from '../../shared/schema/trustee';
import type { AppDeps } from '../app-env';
import type { ReleaseStore, TrusteeInvitationRow, TrusteeRecordRow } from '../db/release';
import type { SyncRecordService as RecordService } from '../records'; // issue #19 step 2: await RecordService instead
import { sendableAddress } from './emails';
import type { ReleaseService } from './service';
import { DAY_MS, type ReleaseState } from './state-machine';

/** Trustee records examined per page of the scan. */
const TRUSTEE_PAGE = 500;
/** Every live trustee hears from us once a year. */
export const YEARLY_MS = 365 * DAY_MS;
/** A trustee's confirmation is written to the owner's activity at most once in this span. */
const CONFIRM_LOG_EVERY_MS = DAY_MS;

export type ResendResult = 'sent' | 'limit' | 'accepted' | 'not-found';

export interface TrusteeFollower {
  /** Invites new trustees, re-invites re-addressed ones and revokes removed ones. Returns how many changed. */
  syncTrustees(): number;
  /** After release: every live trustee (accepted or only invited) gets their access link once. */
  queueTrusteeAccess(userId: string): void;
  /** Queues the yearly trustee e-mails that are due. Returns how many. */
  queueYearly(): number;
  /** The owner sends a trustee's invitation again (a new link; the old one stops working). */
  resendInvitation(userId: string, trusteeId: string): ResendResult;
  /** The trustee said they are still the owner's trustee. */
  confirmTrustee(userId: string, trusteeId: string): void;
}

interface Parts {
  store: ReleaseStore;
  records: RecordService;
  queue: ReleaseService['queue'];
  isolated: ReleaseService['isolated'];
  problem: ReleaseService['problem'];
  state(userId: string): ReleaseState;
}

/** The trustee half of the release service (service.ts). */
export function createTrusteeFollower(deps: AppDeps, p: Parts): TrusteeFollower {
  // Truthful activity: without SMTP_URL an invitation waits in the outbox until e-mail is set up.
  const invitedText = (t: { name: string; email: string }, again: boolean) =>
    deps.config.smtpUrl
      ? `Invitation sent ${again ? 'again ' : ''}to ${t.name} (${t.email}).`
      : `Invitation to ${t.name} (${t.email}) ${again ? 'queued again' : 'is queued'}: it will go out when e-mail is set up on this server.`;
  const { store, records, queue, isolated, problem } = p;
  const sendable = (t: Trustee) => sendableAddress(t.email);

  /** A new invitation round for `t`: old links stop working, a new invitation is queued. */
  const invite = (userId: string, t: Trustee, inv: TrusteeInvitationRow | null, quota: 'invite' | 'resend') => {
    const now = deps.now();
    if (inv) store.revokeSubject(userId, t.id, now);
    const round = (inv?.invite_round ?? 0) + 1;
    store.putInvitation({
      user_id: userId,
      trustee_id: t.id,
      email: t.email,
      status: 'invited',
      invite_round: round,
      invited_at: now,
      accepted_at: null,
    });
    queue(userId, 'trustee-invite', t.email, `invite:${t.id}:${round}`, { recipientName: t.name, trusteeId: t.id, accessLevel: t.accessLevel }, quota);
  };

  const follow = (row: TrusteeRecordRow): boolean => {
    const userId = row.user_id;
    const now = deps.now();
    const inv = store.invitation(userId, row.id);
    const t = row.deleted ? null : records.get(userId, 'trustees', row.id);
    if (!t) {
      if (!inv || inv.status === 'removed') return false;
      store.putInvitation({ ...inv, status: 'removed' });
      store.revokeSubject(userId, row.id, now);
      store.addActivity(userId, now, 'trustee-removed', 'A trustee was removed; their links no longer work.');
      return true;
    }
    if (!sendable(t) || !(typeof t.name === 'string' && t.name.trim())) {
      problem(userId, 'trustee-invalid', `A trustee (${t.name || 'no name'}) has no valid name or e-mail address, so they cannot be invited. Complete them on the Trustees page.`);
      return false;
    }
    if (inv && inv.status !== 'removed' && inv.email.toLowerCase() === t.email.toLowerCase()) return false;
    // New, re-addressed, or restored after removal (a tombstone cleared by a later write, sync
    // rule 5): a new round, so the links sent before stay revoked.
    invite(userId, t, inv, 'invite');
    store.addActivity(userId, now, 'trustee-invited', invitedText(t, false));
    return true;
  };

  const follower: TrusteeFollower = {
    syncTrustees() {
      let changed = 0;
      for (;;) {
        const page = store.trusteeRecordsSince(store.trusteeCursor(), TRUSTEE_PAGE);
        if (page.length === 0) return changed;
        for (const row of page) {
          if (isolated(row.user_id, 'following a change to your trustees', () => follow(row))) changed += 1;
        }
        store.setTrusteeCursor(page[page.length - 1]!.seq);
      }
    },
    queueTrusteeAccess(userId) {
      for (const inv of store.invitations(userId)) {
        if (inv.status === 'removed') continue;
        const t = records.get(userId, 'trustees', inv.trustee_id);
        if (!t || !sendable(t)) continue;
        // A trustee whose invitation never went out (still waiting for the daily limit) is a
        // stranger as far as the limit knows: their access e-mail counts against it too, so
        // 1,000 trustees added just before release are not 1,000 e-mails at once (issue #15).
        const quota = inv.status === 'invited' && !store.inviteWentOut(userId, t.id) ? 'invite' : undefined;
        queue(userId, 'trustee-access', t.email, `access:${t.id}`, { recipientName: t.name, trusteeId: t.id, accessLevel: t.accessLevel }, quota);
      }
    },
    queueYearly() {
      const now = deps.now();
      let n = 0;
      for (const inv of store.yearlyDue(now - YEARLY_MS)) {
        const done = isolated(inv.user_id, 'sending a yearly e-mail to a trustee', () => {
          const t = records.get(inv.user_id, 'trustees', inv.trustee_id);
          if (!t || !sendable(t)) {
            store.putInvitation({ ...inv, confirm_sent_at: now, invited_at: inv.status === 'invited' ? now : inv.invited_at });
            return false;
          }
          if (inv.status === 'invited') {
            invite(inv.user_id, t, inv, 'invite');
            store.addActivity(inv.user_id, now, 'trustee-invited', `${t.name} has not accepted yet; we sent the invitation again, as every year.`);
            return true;
          }
          store.putInvitation({ ...inv, confirm_sent_at: now });
          return queue(inv.user_id, 'trustee-yearly', t.email, `yearly:${t.id}:${inv.confirm_sent_at ?? inv.accepted_at}`, {
            recipientName: t.name,
            trusteeId: t.id,
          });
        });
        if (done) n += 1;
      }
      return n;
    },
    resendInvitation(userId, trusteeId) {
      return store.transaction((): ResendResult => {
        const inv = store.invitation(userId, trusteeId);
        const t = records.get(userId, 'trustees', trusteeId);
        if (!inv || !t || inv.status === 'removed' || inv.email.toLowerCase() !== t.email.toLowerCase()) return 'not-found';
        if (inv.status === 'accepted') return 'accepted';
        if (store.quotaUsed(userId, 'resend', deps.now() - DAY_MS) >= deps.config.limits.resendsPerDay) return 'limit';
        invite(userId, t, inv, 'resend');
        store.addActivity(userId, deps.now(), 'trustee-invited', invitedText(t, true));
        return 'sent';
      });
    },
    confirmTrustee(userId, trusteeId) {
      const inv = store.invitation(userId, trusteeId);
      const t = records.get(userId, 'trustees', trusteeId);
      if (!inv || !t) return;
      const now = deps.now();
      // At most one line a day in the owner's activity: a trustee pressing the button over and
      // over must not push older entries (a report of the owner's death) out of sight.
      const loggedRecently = inv.confirmed_at != null && now - inv.confirmed_at < CONFIRM_LOG_EVERY_MS;
      store.transaction(() => {
        store.putInvitation({ ...inv, confirmed_at: now });
        if (!loggedRecently) store.addActivity(userId, now, 'trustee-confirmed', `${t.name} confirmed they are still your trustee.`);
      });
    },
  };
  return follower;
}
