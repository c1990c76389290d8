/**
 * The contract of the release store (release-store.ts), SQLite's (through its asynchronous
 * adapter) and PostgreSQL's: every method, transactions (commit, rollback, savepoints), the
 * trustee scan, and two instances on one database serialising their work on one account.
 * `setup` runs before each test and gives an empty database.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { formatHlc } from '../../../shared/sync';
import { initialState } from '../state-machine';
import { type ReleaseState } from '../model';
import type { AsyncRecordStore, RecordStore } from '../../records/store/record-store';
import type { TrusteeInvitationRow, TrusteeRecordRow } from './sqlite-release';
import type { AsyncReleaseStore } from './release-store';
import { EffectInTransactionError, outsideTransaction, TransactionAbortedError } from '../../db/tx-errors';

export interface ReleaseStoreSetup {
  store: AsyncReleaseStore;
  /** A second instance on the same database (another server process: its own connection/pool). */
  second: AsyncReleaseStore;
  /** The same database's record store (trustee records come from pushes). */
  records: RecordStore | AsyncRecordStore;
  /** Creates an account. */
  addUser(id: string): unknown;
}

const state = (o: Partial<ReleaseState> = {}): ReleaseState => ({ ...initialState(1000), checkInDays: 30, ...o });
const invitation = (userId: string, trusteeId: string, o: Partial<TrusteeInvitationRow> = {}): TrusteeInvitationRow => ({
  user_id: userId,
  trustee_id: trusteeId,
  email: `${trusteeId}@example.com`,
  status: 'invited',
  invite_round: 1,
  invited_at: 1000,
  accepted_at: null,
  ...o,
});
const mail = (key: string, userId: string, o: Record<string, unknown> = {}) => ({
  dedupeKey: key,
  userId,
  kind: 'test',
  to: `${key}@example.com`,
  params: {},
  at: 1000,
  ...o,
});
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;

export function releaseStoreContract(name: string, setup: () => Promise<ReleaseStoreSetup>): void {
  describe(`ReleaseStore contract: ${name}`, () => {
    it('state: absent, stored, check-ins (reminders reset while active; none once released), due and released accounts', async () => {
      const { store, addUser } = await setup();
      for (const u of ['u1', 'u2', 'u3']) await addUser(u);
      expect(await store.getState('u1')).toBeNull();
      expect(await store.touchCheckIn('u1', 5)).toBe(false);
      const waiting = state({ phase: 'waiting', episode: 1, startedAt: 2000, endsAt: 9000, startedBy: { kind: 'trustee', trusteeId: 't1', name: 'Tess' } });
      await store.putState('u1', waiting);
      expect(await store.getState('u1')).toEqual(waiting);
      await store.putState('u2', state({ lastCheckInAt: 1000, remindersSent: 2 }));
      await store.putState('u3', state({ phase: 'released', releasedAt: 3000 }));
      expect(await store.touchCheckIn('u2', 4000)).toBe(true);
      expect(await store.getState('u2')).toMatchObject({ lastCheckInAt: 4000, remindersSent: 0 });
      expect(await store.touchCheckIn('u1', 4000)).toBe(true);
      expect(await store.getState('u1')).toMatchObject({ lastCheckInAt: 4000, phase: 'waiting' });
      expect(await store.touchCheckIn('u3', 4000)).toBe(false);
      expect(await store.dueUsers(8999)).toEqual([]);
      expect(await store.dueUsers(9000)).toEqual(['u1']);
      expect((await store.dueUsers(4000 + 30 * DAY)).sort()).toEqual(['u1', 'u2']);
      expect(await store.releasedUsers()).toEqual(['u3']);
    });

    it('activity is trimmed per account to the newest activityRows routine lines; release-critical lines are kept apart (SECURITY.md Limits)', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      await store.addActivity('u1', 1, 'trustee-reported', 'Sam reported your passing.');
      await store.addActivity('u2', 1, 'settings-changed', 'not yours');
      const rows = ACCOUNT_LIMITS.activityRows;
      // One call each (a transaction of hundreds of calls replays its log on SQLite: sqlite-async.ts), and one in a transaction.
      for (let i = 1; i < rows + 5; i++) await store.addActivity('u1', 10 + i, 'settings-changed', `line ${i}`);
      await store.transaction((tx) => tx.addActivity('u1', 10 + rows + 5, 'settings-changed', `line ${rows + 5}`));
      const all = await store.activity('u1', 10 * rows);
      expect(all.filter((a) => a.kind === 'settings-changed')).toHaveLength(rows);
      expect(all[0]!.text).toBe(`line ${rows + 5}`);
      expect(all.filter((a) => a.kind === 'settings-changed').at(-1)!.text).toBe('line 6');
      expect(all.at(-1)!.text).toBe('Sam reported your passing.');
      // A page of the newest lines still shows the release-critical ones older than them.
      expect((await store.activity('u1', 3)).map((a) => a.text)).toEqual([`line ${rows + 5}`, `line ${rows + 4}`, `line ${rows + 3}`, 'Sam reported your passing.']);
      expect((await store.activity('u2')).map((a) => a.text)).toEqual(['not yours']);
    });

    it('activity: newest first, limited, per account', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      for (let i = 1; i <= 3; i++) await store.addActivity('u1', i * 10, 'kind', `line ${i}`);
      await store.addActivity('u2', 5, 'other', 'not yours');
      const all = await store.activity('u1');
      expect(all.map((a) => [a.at, a.kind, a.text])).toEqual([
        [30, 'kind', 'line 3'],
        [20, 'kind', 'line 2'],
        [10, 'kind', 'line 1'],
      ]);
      expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
      expect((await store.activity('u1', 1)).map((a) => a.text)).toEqual(['line 3']);
    });

    it('invitations: stored and updated, yearly e-mails due (never after release), bounces by address in any case', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      expect(await store.invitation('u1', 't1')).toBeNull();
      await store.putInvitation(invitation('u1', 't1'));
      expect(await store.invitation('u1', 't1')).toEqual({ ...invitation('u1', 't1'), confirmed_at: null, confirm_sent_at: null, bounced_at: null });
      await store.putInvitation(invitation('u1', 't1', { status: 'accepted', accepted_at: 2000, confirmed_at: 2000 }));
      await store.putInvitation(invitation('u1', 't2', { invited_at: 500, email: 'Two@Example.com' }));
      await store.putInvitation(invitation('u1', 't3', { status: 'removed', invited_at: 1 }));
      await store.putInvitation(invitation('u2', 't9', { invited_at: 1 }));
      await store.putState('u2', state({ phase: 'released', releasedAt: 5 }));
      expect((await store.invitations('u1')).map((i) => [i.trustee_id, i.status]).sort()).toEqual([
        ['t1', 'accepted'],
        ['t2', 'invited'],
        ['t3', 'removed'],
      ]);
      expect((await store.yearlyDue(1999)).map((i) => i.trustee_id)).toEqual(['t2']);
      expect((await store.yearlyDue(2000)).map((i) => i.trustee_id).sort()).toEqual(['t1', 't2']);
      await store.putInvitation({ ...(await store.invitation('u1', 't1'))!, confirm_sent_at: 3000 });
      expect((await store.yearlyDue(2999)).map((i) => i.trustee_id)).toEqual(['t2']);
      await store.bounceTrustee('u1', 'two@EXAMPLE.com', 7000);
      expect((await store.invitation('u1', 't2'))!.bounced_at).toBe(7000);
      expect((await store.invitation('u1', 't1'))!.bounced_at).toBeNull();
    });

    it('tokens: stored by hash, revoked by subject (of one purpose or all) and one by one', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const token = (hash: string, purpose: 'invite' | 'report' | 'delivery', subject: string, addr?: string) => ({
        hash,
        user_id: 'u1',
        purpose,
        subject_id: subject,
        created_at: 1000,
        expires_at: 9000,
        ...(addr ? { addr } : {}),
      });
      await store.insertToken(token('h1', 'invite', 't1'));
      await store.insertToken(token('h2', 'report', 't1'));
      await store.insertToken(token('h3', 'delivery', 'm1', 'r@example.com'));
      expect(await store.tokenByHash('h1')).toEqual({ ...token('h1', 'invite', 't1'), revoked_at: null, addr: null });
      expect(await store.tokenByHash('h3')).toMatchObject({ addr: 'r@example.com', expires_at: 9000 });
      expect(await store.tokenByHash('nope')).toBeNull();
      expect(await store.revokeSubject('u1', 't1', 2000, 'invite')).toBe(1);
      expect(await store.revokeSubject('u1', 't1', 3000)).toBe(1);
      expect(await store.revokeSubject('u1', 't1', 4000)).toBe(0);
      expect((await store.tokenByHash('h1'))!.revoked_at).toBe(2000);
      expect((await store.tokenByHash('h2'))!.revoked_at).toBe(3000);
      // Only the call that revoked a live token says so: a single-use link is consumed once (accounts/password-reset-routes.ts).
      expect(await store.revokeToken('h3', 5000)).toBe(true);
      expect(await store.revokeToken('h3', 6000)).toBe(false);
      expect((await store.tokenByHash('h3'))!.revoked_at).toBe(5000);
    });

    it("e-mails an owner asks about: daily quotas, invitations gone out, failures (superseded hidden) and seen, what is unsent", async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await store.enqueueEmail(mail('u1:invite:t1:1', 'u1', { kind: 'trustee-invite', quota: 'invite', at: 1000 }));
      await store.enqueueEmail(mail('u1:invite:t2:1', 'u1', { kind: 'trustee-invite', quota: 'invite', at: 2000 }));
      await store.enqueueEmail(mail('resend', 'u1', { quota: 'resend', at: 2000 }));
      await store.enqueueEmail(mail('refused', 'u1'));
      await store.enqueueEmail(mail('superseded', 'u1'));
      expect(await store.quotaUsed('u1', 'invite', 999)).toBe(2);
      expect(await store.quotaUsed('u1', 'invite', 1000)).toBe(1);
      expect(await store.quotaUsed('u1', 'resend', 0)).toBe(1);
      const ids = Object.fromEntries(
        (await store.pendingEmails({ now: 5000, staleBefore: 0, folder: false, perAccount: 10, limit: 10 })).map((e) => [e.dedupe_key, e.id]),
      );
      expect(await store.inviteWentOut('u1', 't1')).toBe(false);
      expect(await store.quotaSent('u1', 'invite', 0)).toEqual({ n: 0, oldest: null });
      await store.markSent(ids['u1:invite:t1:1']!, 3000);
      await store.markWritten(ids['u1:invite:t2:1']!, 4000);
      expect(await store.inviteWentOut('u1', 't1')).toBe(true);
      expect(await store.inviteWentOut('u1', 't')).toBe(false);
      expect(await store.quotaSent('u1', 'invite', 0)).toEqual({ n: 2, oldest: 3000 });
      expect(await store.quotaSent('u1', 'invite', 3000)).toEqual({ n: 1, oldest: 4000 });
      await store.markGivenUp(ids.refused!, '550 no such user', 6000, 'refused');
      await store.markGivenUp(ids.superseded!, 'no longer applies', 6001, 'superseded');
      expect(await store.failedEmails('u1')).toEqual([
        { id: ids.refused, kind: 'test', to_addr: 'refused@example.com', failure: 'refused', failed_at: 6000, last_error: '550 no such user', seen_at: null },
      ]);
      await store.seeFailedEmails('u1', 7000);
      expect((await store.failedEmails('u1', 1))[0]!.seen_at).toBe(7000);
      // Unsent: the one written to the folder and the resend; sent and given-up ones are done.
      expect(await store.unsentEmails('u1')).toEqual({ n: 2, written: 1 });
    });

    it('a bounded queue: waiting e-mails dropped by key prefix (never one sent, written, given up or being sent, never another account’s); finished ones deleted after their retention', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      for (const key of ['u1:invite:t1:1', 'u1:invite:t1:2', 'u1:invite:t1:3', 'u1:invite:t1:4', 'u1:invite:t1:5', 'u1:invite:t10:1']) {
        await store.enqueueEmail(mail(key, 'u1', { kind: 'trustee-invite', quota: 'invite', at: 1000 }));
      }
      await store.enqueueEmail(mail('u2:invite:t1:1', 'u2', { kind: 'trustee-invite', at: 1000 }));
      await store.enqueueEmail(mail('u1:invite:t1:6', 'u1', { kind: 'trustee-invite', quota: 'resend', at: 1000 }));
      const ids = Object.fromEntries(
        (await store.pendingEmails({ now: 5000, staleBefore: 0, folder: false, perAccount: 10, limit: 10 })).map((e) => [e.dedupe_key, e.id]),
      );
      await store.markSent(ids['u1:invite:t1:1']!, 2000);
      await store.markWritten(ids['u1:invite:t1:2']!, 2000);
      await store.markGivenUp(ids['u1:invite:t1:3']!, '550 no', 2000, 'refused');
      expect(await store.claimEmail(ids['u1:invite:t1:4']!, 2000, 0)).toBe(true);
      // Only the waiting one of t1 goes (t10 shares the prefix's start, not the prefix; u2's is another
      // account's; a resend stays, counted by when it was queued).
      expect(await store.dropUnsentEmails('u1', 'u1:invite:t1:')).toBe(1);
      expect(await store.hasEmail('u1:invite:t1:5')).toBe(false);
      for (const key of ['u1:invite:t1:1', 'u1:invite:t1:2', 'u1:invite:t1:3', 'u1:invite:t1:4', 'u1:invite:t1:6', 'u1:invite:t10:1', 'u2:invite:t1:1']) {
        expect(await store.hasEmail(key), key).toBe(true);
      }
      expect(await store.dropUnsentEmails('u2', 'u1:invite:t1:')).toBe(0);

      // Retention: sent at 2000 goes once `before` passes it; an unseen failure only at `unseenBefore`, or once seen.
      expect(await store.purgeFinishedEmails(2000, 0, 100)).toBe(0);
      expect(await store.purgeFinishedEmails(2001, 0, 100)).toBe(1);
      expect(await store.hasEmail('u1:invite:t1:1')).toBe(false);
      expect(await store.hasEmail('u1:invite:t1:3')).toBe(true);
      expect(await store.purgeFinishedEmails(2001, 2001, 100)).toBe(1);
      expect(await store.hasEmail('u1:invite:t1:3')).toBe(false);
      // Written to the folder only, being sent, or waiting: not finished, never deleted.
      expect(await store.purgeFinishedEmails(10_000, 10_000, 100)).toBe(0);
      for (const key of ['u1:invite:t1:2', 'u1:invite:t1:4', 'u1:invite:t10:1', 'u2:invite:t1:1']) expect(await store.hasEmail(key), key).toBe(true);
      // A seen failure goes with the ordinary retention; `limit` bounds one call.
      await store.markGivenUp(ids['u1:invite:t10:1']!, '550 no', 3000, 'refused');
      await store.markGivenUp(ids['u2:invite:t1:1']!, 'no longer applies', 3000, 'superseded');
      await store.seeFailedEmails('u1', 3500);
      expect(await store.purgeFinishedEmails(4000, 0, 1)).toBe(1);
      expect(await store.purgeFinishedEmails(4000, 0, 10)).toBe(1);
      expect(await store.hasEmail('u1:invite:t10:1')).toBe(false);
      expect(await store.hasEmail('u2:invite:t1:1')).toBe(false);
    });

    it('e-mail quotas: unsent per quota, deliveries to one address lately (any case), the verified owner address', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      await store.enqueueEmail(mail('u1:delivery:m1', 'u1', { kind: 'delivery', to: 'Kim@Example.com', quota: 'release', at: 1000 }));
      await store.enqueueEmail(mail('u1:delivery:m2:2', 'u1', { kind: 'delivery-updated', to: 'lee@example.com', quota: 'redelivery', at: 2000 }));
      await store.enqueueEmail(mail('u1:delivery:m3:2', 'u1', { kind: 'delivery-updated', to: 'max@example.com', quota: 'redelivery', at: 2000 }));
      await store.enqueueEmail(mail('u1:waiting', 'u1', { kind: 'owner-waiting-started', quota: 'owner', at: 2000 }));
      await store.enqueueEmail(mail('u2:delivery:m9', 'u2', { kind: 'delivery', to: 'sam@example.com', quota: 'release', at: 2000 }));
      expect(await store.unsentByQuota('u1')).toEqual([
        { quota: 'owner', n: 1 },
        { quota: 'redelivery', n: 2 },
        { quota: 'release', n: 1 },
      ]);
      const ids = Object.fromEntries(
        (await store.pendingEmails({ now: 5000, staleBefore: 0, folder: false, perAccount: 10, limit: 10 })).map((e) => [e.dedupe_key, e.id]),
      );
      await store.markSent(ids['u1:delivery:m2:2']!, 3000);
      expect(await store.quotaSent('u1', 'redelivery', 0)).toEqual({ n: 1, oldest: 3000 });
      expect(await store.quotaSent('u1', 'release', 0)).toEqual({ n: 0, oldest: null });
      expect(await store.unsentByQuota('u1')).toEqual([
        { quota: 'owner', n: 1 },
        { quota: 'redelivery', n: 1 },
        { quota: 'release', n: 1 },
      ]);
      expect(await store.recentDeliveryTo('u1', 'kim@EXAMPLE.com', 999)).toBe(true);
      expect(await store.recentDeliveryTo('u1', 'kim@example.com', 1000)).toBe(false);
      expect(await store.recentDeliveryTo('u1', 'sam@example.com', 0)).toBe(false); // another account's
      expect(await store.recentDeliveryTo('u2', 'sam@example.com', 0)).toBe(true);
      // Verification e-mails to one address, from every account (release/owner-email.ts; issue 40).
      await store.enqueueEmail(mail('u1:verify:1', 'u1', { kind: 'owner-verify', to: 'Stranger@Example.com', quota: 'verify', at: 1000 }));
      await store.enqueueEmail(mail('u2:verify:1', 'u2', { kind: 'owner-verify', to: 'stranger@example.com', quota: 'verify', at: 2000 }));
      await store.enqueueEmail(mail('u2:other', 'u2', { kind: 'owner-waiting-started', to: 'stranger@example.com', quota: 'owner', at: 2000 }));
      expect(await store.verificationsTo('STRANGER@example.com', 999)).toBe(2);
      expect(await store.verificationsTo('stranger@example.com', 1000)).toBe(1);
      expect(await store.verificationsTo('kim@example.com', 0)).toBe(0);

      expect(await store.verifiedOwnerEmail('u1')).toBeNull();
      await store.setVerifiedOwnerEmail('u1', 'Ada@Example.com', 1000);
      await store.setVerifiedOwnerEmail('u1', 'Ada.New@Example.com', 2000);
      expect(await store.verifiedOwnerEmail('u1')).toBe('ada.new@example.com');
      expect(await store.verifiedOwnerEmail('u2')).toBeNull();
      await store.transaction(async (tx) => {
        await tx.setVerifiedOwnerEmail('u2', 'b@example.com', 3000);
        expect(await tx.verifiedOwnerEmail('u2')).toBe('b@example.com');
      });
      expect(await store.verifiedOwnerEmail('u2')).toBe('b@example.com');
    });

    it("trustees' task marks: one per (account, task, trustee), the first time kept, cleared per task, per account", async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      expect(await store.taskMarks('u1')).toEqual([]);
      await store.putTaskMark({ user_id: 'u1', task_id: 't1', trustee_id: 'b', done_at: 2000 });
      await store.putTaskMark({ user_id: 'u1', task_id: 't1', trustee_id: 'a', done_at: 1000 });
      await store.putTaskMark({ user_id: 'u1', task_id: 't1', trustee_id: 'a', done_at: 3000 }); // again: the first time stays
      await store.putTaskMark({ user_id: 'u1', task_id: 't2', trustee_id: 'a', done_at: 1500 });
      await store.putTaskMark({ user_id: 'u2', task_id: 't1', trustee_id: 'a', done_at: 1200 });
      expect(await store.taskMarks('u1')).toEqual([
        { user_id: 'u1', task_id: 't1', trustee_id: 'a', done_at: 1000 },
        { user_id: 'u1', task_id: 't2', trustee_id: 'a', done_at: 1500 },
        { user_id: 'u1', task_id: 't1', trustee_id: 'b', done_at: 2000 },
      ]);
      expect(await store.clearTaskMarks('u1', 't1')).toBe(2);
      expect(await store.taskMarks('u1')).toEqual([{ user_id: 'u1', task_id: 't2', trustee_id: 'a', done_at: 1500 }]);
      expect(await store.taskMarks('u2')).toEqual([{ user_id: 'u2', task_id: 't1', trustee_id: 'a', done_at: 1200 }]);
    });

    it('deliveries and yearly reviews', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      expect(await store.delivery('u1', 'm1')).toBeNull();
      const d = { user_id: 'u1', message_id: 'm1', addr: 'r@example.com', body_hash: 'abc', round: 1, queued_at: 1000 };
      await store.putDelivery(d);
      await store.putDelivery({ ...d, addr: 'new@example.com', round: 2, queued_at: 2000 });
      expect(await store.delivery('u1', 'm1')).toEqual({ ...d, addr: 'new@example.com', round: 2, queued_at: 2000 });
      expect(await store.reviewDueAt('u1')).toBeNull();
      await store.putState('u1', state({ lastCheckInAt: 1000 }));
      await store.putState('u2', state({ lastCheckInAt: 5000, phase: 'waiting' }));
      await store.initReviews(100);
      expect(await store.reviewDueAt('u1')).toBe(1100);
      expect(await store.reviewsDue(1100)).toEqual([{ user_id: 'u1', review_due_at: 1100 }]);
      await store.setReviewDue('u1', 9000);
      await store.initReviews(1); // only rows without a date
      expect(await store.reviewDueAt('u1')).toBe(9000);
      expect(await store.reviewsDue(8999)).toEqual([]);
    });

    it("the trustee scan: each account's trustee records after the mark, in order, tombstones included; marked ones never again", async () => {
      const { store, records, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      const push = (u: string, id: string, ms: number, fields: Record<string, unknown>, collection: 'trustees' | 'messages' = 'trustees') =>
        records.applyChanges(u, [{ collection, id, hlc: formatHlc({ ms, counter: 0, node: 'dev' }), fields }]);
      await push('u1', 't1', 1, { name: 'Ann' });
      await push('u2', 't1', 1, { name: 'Bob' });
      await push('u1', 'm1', 2, { messageContent: 'hi' }, 'messages');
      await push('u1', 't2', 3, { name: 'Cy' });
      const byUser = (rows: TrusteeRecordRow[]) => rows.map((r) => `${r.user_id}/${r.id}/${r.deleted}`).sort();
      const all = await store.trusteeChanges(100);
      expect(byUser(all)).toEqual(['u1/t1/0', 'u1/t2/0', 'u2/t1/0']);
      const u1 = all.filter((r) => r.user_id === 'u1');
      expect(u1.map((r) => r.id)).toEqual(['t1', 't2']); // each account's in sequence order
      expect(JSON.parse(u1[0]!.state).values).toEqual({ name: 'Ann' });
      // Pages: follow two, mark them seen, the third comes next.
      const page = await store.trusteeChanges(2);
      expect(page).toHaveLength(2);
      await store.markTrusteesSeen(page);
      const rest = await store.trusteeChanges(100);
      expect(byUser([...page, ...rest])).toEqual(byUser(all));
      await store.markTrusteesSeen(rest);
      expect(await store.trusteeChanges(100)).toEqual([]);
      await store.markTrusteesSeen([]);
      // A deletion (tombstone) and an edit come back once each.
      await push('u1', 't1', 4, { _deleted: true });
      await push('u2', 't1', 4, { name: 'Bobby' });
      const again = await store.trusteeChanges(100);
      expect(byUser(again)).toEqual(['u1/t1/1', 'u2/t1/0']);
      await store.markTrusteesSeen(again);
      expect(await store.trusteeChanges(100)).toEqual([]);
    });

    it('a transaction commits every write together, reads its own writes, and after it the tx refuses calls', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      let kept: AsyncReleaseStore | undefined;
      const out = await store.transaction(async (tx) => {
        kept = tx;
        await tx.putState('u1', state({ remindersSent: 1 }));
        await later(5); // real I/O inside the transaction
        await tx.addActivity('u1', 10, 'k', 'written');
        expect(await tx.enqueueEmail(mail('once', 'u1'))).toBe(true);
        expect(await tx.enqueueEmail(mail('once', 'u1'))).toBe(false);
        return (await tx.getState('u1'))!.remindersSent;
      });
      expect(out).toBe(1);
      expect(await store.getState('u1')).toMatchObject({ remindersSent: 1 });
      expect((await store.activity('u1')).map((a) => a.text)).toEqual(['written']);
      expect(await store.hasEmail('once')).toBe(true);
      await expect(kept!.getState('u1')).rejects.toThrow(/ended/);
    });

    it('a transaction body cannot act outside the store (it may run again): an effect there rejects and nothing is kept; after the commit it runs', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const effects: string[] = [];
      const send = async (what: string) => {
        outsideTransaction('Sending an e-mail');
        effects.push(what);
      };
      await expect(
        store.transaction(async (tx) => {
          await tx.enqueueEmail(mail('twice', 'u1'));
          await later(1);
          await send('inside');
        }),
      ).rejects.toBeInstanceOf(EffectInTransactionError);
      expect(await store.hasEmail('twice')).toBe(false);
      await store.transaction(async (tx) => tx.enqueueEmail(mail('twice', 'u1')));
      await send('after');
      expect(effects).toEqual(['after']);
    });

    it('a transaction that rejects keeps nothing and rethrows; a rejected nested transaction undoes only its own writes', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const boom = new Error('boom');
      await expect(
        store.transaction(async (tx) => {
          await tx.putState('u1', state());
          await tx.enqueueEmail(mail('lost', 'u1'));
          await later(5);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.getState('u1')).toBeNull();
      expect(await store.hasEmail('lost')).toBe(false);
      await store.transaction(async (tx) => {
        await tx.addActivity('u1', 1, 'k', 'outer');
        await tx.transaction(async (inner) => {
          await inner.addActivity('u1', 2, 'k', 'inner');
          throw boom;
        }).catch(() => undefined);
        expect((await tx.activity('u1')).map((a) => a.text)).toEqual(['outer']);
        await tx.transaction(async (inner) => inner.addActivity('u1', 3, 'k', 'inner kept'));
      });
      expect((await store.activity('u1')).map((a) => a.text)).toEqual(['inner kept', 'outer']);
    });

    it('a call that fails inside a transaction fails the whole transaction, even if caught, unless a nested transaction contained it', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const token = { hash: 'h1', user_id: 'u1', purpose: 'invite' as const, subject_id: 't1', created_at: 1, expires_at: 2 };
      await store.insertToken(token);
      // Caught, then more calls: they are refused, and nothing is kept.
      await expect(
        store.transaction(async (tx) => {
          await tx.addActivity('u1', 1, 'k', 'before');
          await tx.insertToken(token).catch(() => undefined); // duplicate hash
          await tx.addActivity('u1', 2, 'k', 'after');
        }),
      ).rejects.toThrow();
      // Caught, and nothing after it: the commit is refused.
      await expect(
        store.transaction(async (tx) => {
          await tx.addActivity('u1', 3, 'k', 'before');
          await tx.insertToken(token).catch(() => undefined);
          return 'looks fine';
        }),
      ).rejects.toThrow(TransactionAbortedError);
      expect(await store.activity('u1')).toEqual([]);
      // Contained by a nested transaction: the rest commits.
      await store.transaction(async (tx) => {
        await tx.addActivity('u1', 4, 'k', 'kept');
        await tx.transaction((inner) => inner.insertToken(token)).catch(() => undefined);
        await tx.addActivity('u1', 5, 'k', 'kept too');
      });
      expect((await store.activity('u1')).map((a) => a.text)).toEqual(['kept too', 'kept']);
    });

    it('two instances updating one account serialise: no read-modify-write is lost (with and without a state row)', async () => {
      const { store, second, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      await store.putState('u1', state({ remindersSent: 0 }));
      // u2 has no state row yet: the first writer creates it while the others wait.
      const bump = (s: AsyncReleaseStore, userId: string, i: number) =>
        s.transaction(async (tx) => {
          const before = (await tx.getState(userId)) ?? state({ remindersSent: 0 });
          await later(i % 3); // both instances' transactions overlap
          await tx.putState(userId, { ...before, remindersSent: before.remindersSent + 1 });
          await tx.addActivity(userId, i, 'bump', `from ${before.remindersSent}`);
        });
      const runs = [];
      for (let i = 0; i < 12; i++) runs.push(bump(i % 2 ? second : store, i % 4 < 2 ? 'u1' : 'u2', i));
      await Promise.all(runs);
      for (const u of ['u1', 'u2']) {
        expect((await store.getState(u))!.remindersSent).toBe(6);
        // Each transaction saw the one before it: the six lines say "from 0" … "from 5".
        expect((await second.activity(u)).map((a) => a.text).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `from ${n}`));
      }
    });
  });
}
