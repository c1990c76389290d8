/**
 * Following the owner's trustees (DESIGN.md §8, issue #16 "Links that last"): invite new ones,
 * re-invite re-addressed ones, revoke removed ones; a yearly e-mail to every live trustee (a
 * fresh report link to accepted ones, a fresh invitation to the others); the owner's resend
 * (within shared/limits.ts `resendsPerDay`); access e-mails at release to every live trustee,
 * accepted or not. Each trustee change runs in its owner's own transaction (`isolated`), so a
 * bad record (e.g. no e-mail address) is written to that owner's activity and skipped (#15).
 */
import type { AppDeps } from '../app-env';
import type { TrusteeInvitationRow, TrusteeRecordRow } from './store/sqlite-release';
import type { KitRow } from './kits/store/sqlite-kits';
import type { AsyncReleaseStore } from './store/release-store';
import type { AccessLevel } from '../../shared/schema/trustee';
import { chosenLanguageParams, sendableAddress, trusteeAccessParams, type EmailParams } from './emails';
import type { PlainEntity, ReleaseService, ReleaseTx, ReleaseRecords, ResendResult, TrusteeFollower } from './types';

/** A trustee as the release code reads it: id, address and access level (shared/crypto/fields.ts). */
type Trustee = PlainEntity<'trustees'>;
import { DAY_MS } from './state-machine';
import { serverWord } from './server-words';

/** Trustee records examined per page of the scan. */
const TRUSTEE_PAGE = 500;
/** Every live trustee hears from us once a year. */
export const YEARLY_MS = 365 * DAY_MS;
/** A trustee's confirmation is written to the owner's activity at most once in this span. */
const CONFIRM_LOG_EVERY_MS = DAY_MS;

/** The activity line (and the rehearsal's) for a trustee without a valid address. */
/** The line for a trustee without a valid address (the activity's problem, the rehearsal's). */
export const trusteeInvalid = () => serverWord('serverWords.problem.trusteeInvalid');

interface Parts {
  /** True when the account's records are sealed (account_keys.sealed_at): its trustees' pages open only with kits. */
  sealed: (userId: string) => Promise<boolean>;
  store: AsyncReleaseStore;
  records: ReleaseRecords;
  queue: ReleaseService['queue'];
  isolated: ReleaseService['isolated'];
  problem: ReleaseService['problem'];
}

/** The same invitation round, unchanged since `a` was read (a yearly e-mail is sent for what was due). */
const sameRound = (a: TrusteeInvitationRow, b: TrusteeInvitationRow) =>
  a.status === b.status && a.invite_round === b.invite_round && a.invited_at === b.invited_at && a.confirm_sent_at === b.confirm_sent_at && a.email === b.email;

/** The trustee half of the release service (service.ts). */
export function createTrusteeFollower(deps: AppDeps, p: Parts): TrusteeFollower {
  // Truthful activity: without SMTP_URL an invitation waits in the outbox until e-mail is set up.
  // Trustees are named by address: their names are the owner's sealed words (shared/crypto/fields.ts).
  const invitedText = (t: { email: string }, again: boolean) =>
    serverWord(deps.config.smtpUrl ? 'serverWords.activity.invitationSent' : 'serverWords.activity.invitationQueued', { email: t.email, again: again ? 'yes' : 'no' });
  const { store, records, queue, isolated, problem } = p;
  const accessParams = async (tx: ReleaseTx, userId: string, t: Trustee, kits: readonly KitRow[]) =>
    ({ ...chosenLanguageParams(t.language), ...trusteeAccessOf(t, await p.sealed(userId), kits, (await tx.liveKitGenerations(userId)).length > 0) });
  const sendable = (t: Trustee) => sendableAddress(t.email);

  /**
   * Drops the invitations of `trusteeId` still waiting to be sent (a newer round or the trustee's
   * removal supersedes them), so re-addressing a trustee again and again keeps one in the queue
   * (issue 40, finding 4). The dedupe keys are those of `invite` below, as service.ts stores them.
   */
  const dropWaitingInvitations = (tx: ReleaseTx, userId: string, trusteeId: string) => tx.dropUnsentEmails(userId, `${userId}:invite:${trusteeId}:`);

  /** A new invitation round for `t` in `tx`: old links stop working, the old round's unsent invitation goes, a new one is queued. */
  const invite = async (tx: ReleaseTx, userId: string, t: Trustee, inv: TrusteeInvitationRow | null, quota: 'invite' | 'resend') => {
    const now = deps.now();
    if (inv) await tx.revokeSubject(userId, t.id, now);
    await dropWaitingInvitations(tx, userId, t.id);
    const round = (inv?.invite_round ?? 0) + 1;
    await tx.putInvitation({
      user_id: userId,
      trustee_id: t.id,
      email: t.email,
      status: 'invited',
      invite_round: round,
      invited_at: now,
      accepted_at: null,
    });
    // A sealed account's trustee learns from the start that what was sealed opens only with a kit.
    const kitsOnly = (await p.sealed(userId)) || undefined;
    await queue(tx, userId, 'trustee-invite', t.email, `invite:${t.id}:${round}`, { ...chosenLanguageParams(t.language), trusteeId: t.id, accessLevel: t.accessLevel, kitsOnly }, quota);
  };

  const follow = async (tx: ReleaseTx, row: TrusteeRecordRow): Promise<boolean> => {
    const userId = row.user_id;
    const now = deps.now();
    const inv = await tx.invitation(userId, row.id);
    const t = row.deleted ? null : await records.get(userId, 'trustees', row.id);
    if (!t) {
      if (!inv || inv.status === 'removed') return false;
      await tx.putInvitation({ ...inv, status: 'removed' });
      await tx.revokeSubject(userId, row.id, now);
      await dropWaitingInvitations(tx, userId, row.id);
      await tx.addActivity(userId, now, 'trustee-removed', serverWord('serverWords.activity.trusteeRemoved'));
      return true;
    }
    if (!sendable(t)) {
      await problem(tx, userId, 'trustee-invalid', trusteeInvalid());
      return false;
    }
    if (inv && inv.status !== 'removed' && inv.email.toLowerCase() === t.email.toLowerCase()) return false;
    // New, re-addressed, or restored after removal (a tombstone cleared by a later write, sync
    // rule 5): a new round, so the links sent before stay revoked.
    await invite(tx, userId, t, inv, 'invite');
    await tx.addActivity(userId, now, 'trustee-invited', invitedText(t, false));
    return true;
  };

  const follower: TrusteeFollower = {
    async syncTrustees() {
      let changed = 0;
      for (;;) {
        const page = await store.trusteeChanges(TRUSTEE_PAGE);
        if (page.length === 0) return changed;
        for (const row of page) {
          if (await isolated(row.user_id, 'following a change to your trustees', (tx) => follow(tx, row))) changed += 1;
        }
        await store.markTrusteesSeen(page);
      }
    },
    async queueTrusteeAccess(tx, userId) {
      const released = await currentKits(tx, userId);
      for (const inv of await tx.invitations(userId)) {
        if (inv.status === 'removed') continue;
        const t = await records.get(userId, 'trustees', inv.trustee_id);
        if (!t || !sendable(t)) continue;
        // A trustee whose invitation never went out (still waiting for the daily limit) is a
        // stranger as far as the limit knows: their access e-mail counts against it too, so
        // 1,000 trustees added just before release are not 1,000 e-mails at once (issue #15).
        const quota = inv.status === 'invited' && !(await tx.inviteWentOut(userId, t.id)) ? 'invite' : undefined;
        // Released through kits: the access is the trustee's kit page, which opens with their kit.
        await queue(tx, userId, 'trustee-access', t.email, `access:${t.id}`, await accessParams(tx, userId, t, released), quota);
      }
    },
    async queueKitConfirmations(tx, userId, episode) {
      for (const kit of await currentKits(tx, userId)) {
        const t = await records.get(userId, 'trustees', kit.trustee_id);
        const inv = await tx.invitation(userId, kit.trustee_id);
        if (!t || !sendable(t) || !inv || inv.status === 'removed' || inv.email.toLowerCase() !== t.email.toLowerCase()) continue;
        await queue(tx, userId, 'trustee-confirm-death', t.email, `confirm-death:${episode}:${kit.token}`, { ...chosenLanguageParams(t.language), trusteeId: t.id, kitToken: kit.token });
      }
    },
    async queueYearly() {
      const now = deps.now();
      let n = 0;
      for (const due of await store.yearlyDue(now - YEARLY_MS)) {
        const done = await isolated(due.user_id, 'sending a yearly e-mail to a trustee', async (tx) => {
          // Read again under the transaction: another instance may have just sent this round.
          const inv = await tx.invitation(due.user_id, due.trustee_id);
          if (!inv || !sameRound(inv, due)) return false;
          const t = await records.get(inv.user_id, 'trustees', inv.trustee_id);
          if (!t || !sendable(t)) {
            await tx.putInvitation({ ...inv, confirm_sent_at: now, invited_at: inv.status === 'invited' ? now : inv.invited_at });
            return false;
          }
          if (inv.status === 'invited') {
            await invite(tx, inv.user_id, t, inv, 'invite');
            await tx.addActivity(inv.user_id, now, 'trustee-invited', serverWord('serverWords.activity.invitationYearly', { email: t.email }));
            return true;
          }
          await tx.putInvitation({ ...inv, confirm_sent_at: now });
          // "Check your kit": the trustee's handed-over kit of the current generation (its page compares the fingerprint).
          const kit = (await currentKits(tx, inv.user_id)).find((k) => k.trustee_id === t.id && k.handed_over_at !== null);
          return queue(tx, inv.user_id, 'trustee-yearly', t.email, `yearly:${t.id}:${inv.confirm_sent_at ?? inv.accepted_at}`, {
            ...chosenLanguageParams(t.language),
            trusteeId: t.id,
            kitToken: kit?.token,
          });
        });
        if (done) n += 1;
      }
      return n;
    },
    resendInvitation(userId, trusteeId) {
      return store.transaction(async (tx): Promise<ResendResult> => {
        const inv = await tx.invitation(userId, trusteeId);
        const t = await records.get(userId, 'trustees', trusteeId);
        if (!inv || !t || inv.status === 'removed' || inv.email.toLowerCase() !== t.email.toLowerCase()) return 'not-found';
        if (inv.status === 'accepted') return 'accepted';
        if ((await tx.quotaUsed(userId, 'resend', deps.now() - DAY_MS)) >= deps.config.limits.resendsPerDay) return 'limit';
        await invite(tx, userId, t, inv, 'resend');
        await tx.addActivity(userId, deps.now(), 'trustee-invited', invitedText(t, true));
        return 'sent';
      });
    },
    async confirmTrustee(userId, trusteeId) {
      const t = await records.get(userId, 'trustees', trusteeId);
      if (!t) return;
      await store.transaction(async (tx) => {
        const inv = await tx.invitation(userId, trusteeId);
        if (!inv) return;
        const now = deps.now();
        // At most one line a day in the owner's activity: a trustee pressing the button over and
        // over must not push older entries (a report of the owner's death) out of sight.
        const loggedRecently = inv.confirmed_at != null && now - inv.confirmed_at < CONFIRM_LOG_EVERY_MS;
        await tx.putInvitation({ ...inv, confirmed_at: now });
        if (!loggedRecently) await tx.addActivity(userId, now, 'trustee-confirmed', serverWord('serverWords.activity.trusteeConfirmed', { email: t.email }));
      });
    },
    async acceptInvitation(userId, trusteeId) {
      const t = await records.get(userId, 'trustees', trusteeId);
      if (!t) return false;
      const now = deps.now();
      return store.transaction(async (tx) => {
        const inv = await tx.invitation(userId, trusteeId);
        if (!inv || inv.status !== 'invited' || inv.email.toLowerCase() !== t.email.toLowerCase()) return false;
        await tx.putInvitation({ ...inv, status: 'accepted', accepted_at: now, confirmed_at: now, bounced_at: null });
        await tx.revokeSubject(userId, trusteeId, now, 'invite');
        await tx.addActivity(userId, now, 'trustee-accepted', serverWord('serverWords.activity.trusteeAccepted', { email: t.email }));
        await queue(tx, userId, 'trustee-welcome', t.email, `welcome:${t.id}:${inv.invite_round}`, { ...chosenLanguageParams(t.language), trusteeId: t.id });
        if ((await tx.getState(userId))?.phase === 'released') {
          await queue(tx, userId, 'trustee-access', t.email, `access:${t.id}`, await accessParams(tx, userId, t, await currentKits(tx, userId)));
        }
        return true;
      });
    },
  };
  return follower;
}

/**
 * What trustee `t`'s access e-mail at a release is queued with (emails.ts), here and in the
 * rehearsal (rehearsal.ts): their kit page when they hold one of `kits` (the kits in force,
 * currentKits); else, for a `sealed` account, that their page cannot open (`cannotOpen`): nothing
 * sealed is released to trustees without kits (issue "Release through trustees' key shares",
 * constraint "The escrow ends"), and `noKitsMade` when the owner made none (`kitsMade` false: no kit
 * generation at all, so the e-mail says so rather than "too few"). An account that is not sealed:
 * its access link, as before kits.
 */
export function trusteeAccessOf(
  t: { id: string; accessLevel: AccessLevel },
  sealed: boolean,
  kits: ReadonlyArray<Pick<KitRow, 'trustee_id' | 'token'>>,
  kitsMade: boolean,
): Partial<EmailParams> {
  const kitToken = kits.find((k) => k.trustee_id === t.id)?.token;
  if (kitToken) return { ...trusteeAccessParams(t), kitToken };
  if (!sealed) return trusteeAccessParams(t);
  if (kits.length) return { ...trusteeAccessParams(t), cannotOpen: 'no-own-kit' };
  return { ...trusteeAccessParams(t), cannotOpen: 'no-kits', ...(kitsMade ? {} : { noKitsMade: true }) };
}

/**
 * The kits of the account's current generation (sync-server/kits/), through `tx`; [] without one.
 * A released account's current generation is the one that released it.
 */
export async function currentKits(tx: ReleaseTx, userId: string): Promise<KitRow[]> {
  const gen = (await tx.liveKitGenerations(userId)).find((g) => g.live_at !== null);
  return gen ? tx.kitsOf(userId, gen.generation) : [];
}
