/**
 * Release after death, server side (DESIGN.md §8): one service per services instance
 * (services.ts) that persists the state machine's steps (state, activity log and owner emails
 * in one transaction), records check-ins, and queues e-mails. Following trustee records is
 * release/trustees.ts, deliveries release/deliveries.ts, sending release/outbox.ts, timing
 * release/scheduler.ts. Each account's work runs in its own transaction with its own error
 * handling (`isolated`): one account's bad data never stops another's (issue #15).
 */
import type { AppDeps } from '../app-env';
import { linkBase } from '../config';
import { createReleaseStore, type ReleaseStore } from '../db/release';
import type { SyncRecordService as RecordService } from '../records'; // issue #19 step 2: await RecordService instead
import { queueDueDeliveries } from './deliveries';
import { removeOutboxFiles } from './mailer';
import { type EmailKind, type EmailParams, sendableAddress } from './emails';
import { type Actor, type Outcome, type ReleaseEvent, type ReleaseState, DAY_MS, initialState, transition } from './state-machine';
import { createTrusteeFollower, type TrusteeFollower } from './trustees';

/** A check-in closer than this to the last one is not written again (every sync would write). */
const CHECK_IN_WRITE_EVERY_MS = 60_000;
/** The same problem is written to an account's activity at most once in this span. */
const PROBLEM_REPEAT_MS = DAY_MS;
/** The owner's "review your plan" e-mail comes this long after the last one (or the first check-in). */
export const REVIEW_EVERY_MS = 365 * DAY_MS;

export interface ReleaseService extends TrusteeFollower {
  store: ReleaseStore;
  /** The state of `userId` (a fresh active state before any release event). */
  state(userId: string): ReleaseState;
  /** Runs one transition and persists it with its log and emails; throws TransitionError. */
  apply(userId: string, actor: Actor, event: ReleaseEvent): Outcome;
  /** A sign-in or sync by the owner (DESIGN.md §8). Nothing of the request is kept (issue #16). */
  checkIn(userId: string): void;
  /**
   * The owner's trustee as a state-machine actor, or null when no such trustee was ever seen.
   * A trustee whose record now names another address than the one we invited counts as
   * removed: links sent to the old address stop at once, before the scheduler re-invites.
   */
  trusteeActor(userId: string, trusteeId: string): Extract<Actor, { kind: 'trustee' }> | null;
  /** Queues the delivery (or re-delivery) of every due message of released accounts. */
  queueDueDeliveries(): number;
  /** Queues the owner's yearly "review your plan" e-mails that are due. Returns how many. */
  queueReviews(): number;
  /** Queues an email (idempotent on `dedupeKey`). `quota` counts it against shared/limits.ts. */
  queue(
    userId: string,
    kind: EmailKind,
    to: string,
    dedupeKey: string,
    params: Partial<EmailParams>,
    quota?: 'invite' | 'resend',
  ): boolean;
  /** The owner's display name and email from the profile record. */
  owner(userId: string): { name: string; firstName: string; email: string | null };
  /** Base of links in emails: PUBLIC_URL, else http://localhost:PORT (config only, issue #16). */
  baseUrl(): string;
  /**
   * Runs `fn` for one account in its own transaction. A throw is logged and written to that
   * account's activity (once a day per problem) and returns undefined; it never propagates.
   */
  isolated<T>(userId: string, what: string, fn: () => T): T | undefined;
  /** Writes a problem to the account's activity, unless the same text was written in the last day. */
  problem(userId: string, kind: string, text: string): void;
  /**
   * After the account's rows are deleted: removes its `.eml` files and checkpoints the WAL
   * (TRUNCATE), so with secure_delete no file under DATA_DIR keeps its data (issue #16).
   */
  forgetAccount(userId: string): void;
}

/** The release service over `deps.db`, reading the owner's records through `records`. */
export function createReleaseService(deps: AppDeps, records: RecordService): ReleaseService {
  const store = createReleaseStore(deps.db);

  const stateOf = (userId: string) => store.getState(userId) ?? initialState(deps.now());

  const owner = (userId: string) => {
    const p = records.get(userId, 'profile', userId);
    const firstName = p?.firstName || 'Someone';
    return {
      firstName,
      name: p ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || 'Someone' : 'Someone',
      email: sendableAddress(p?.email) ? p.email : null,
    };
  };

  const queue: ReleaseService['queue'] = (userId, kind, to, dedupeKey, params, quota) =>
    store.enqueueEmail({
      dedupeKey: `${userId}:${dedupeKey}`,
      userId,
      kind,
      to,
      params: { ownerName: owner(userId).name, ...params },
      at: deps.now(),
      quota,
    });

  const problem: ReleaseService['problem'] = (userId, kind, text) => {
    const now = deps.now();
    const recent = store.activity(userId, 50).some((a) => a.kind === kind && a.text === text && now - a.at < PROBLEM_REPEAT_MS);
    if (!recent) store.addActivity(userId, now, kind, text);
  };

  const isolated: ReleaseService['isolated'] = (userId, what, fn) => {
    try {
      return store.transaction(fn);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`Release: ${what} failed for account ${userId}:`, message);
      try {
        problem(userId, 'problem', `Something went wrong while ${what}; we will keep trying. (${message.slice(0, 200)})`);
      } catch (inner) {
        console.error(`Release: could not record the problem for account ${userId}:`, inner);
      }
      return undefined;
    }
  };

  const service: ReleaseService = {
    store,
    state: stateOf,
    apply(userId, actor, event) {
      return store.transaction(() => {
        const before = stateOf(userId);
        const now = deps.now();
        const out = transition(before, actor, event, now);
        store.putState(userId, out.state);
        for (const a of out.activity) store.addActivity(userId, now, a.kind, a.text);
        const o = owner(userId);
        for (const e of out.emails) {
          if (!o.email) continue;
          const s = out.state;
          queue(userId, `owner-${e.kind}`, o.email, e.dedupeKey, {
            recipientName: o.firstName,
            startedBy: s.startedBy?.kind === 'trustee' ? s.startedBy.name : undefined,
            endsAt: s.endsAt ?? undefined,
            waitingDays: s.waitingDays,
            reminder: s.remindersSent,
          });
        }
        if (before.phase !== 'released' && out.state.phase === 'released') service.queueTrusteeAccess(userId);
        return out;
      });
    },
    checkIn(userId) {
      const now = deps.now();
      const s = store.getState(userId);
      if (!s) return void store.putState(userId, initialState(now));
      if (now - s.lastCheckInAt < CHECK_IN_WRITE_EVERY_MS) return;
      // The machine's rule (released: nothing; waiting: timer only), stored without a log line.
      service.apply(userId, { kind: 'owner' }, { type: 'check-in' });
    },
    trusteeActor(userId, trusteeId) {
      const inv = store.invitation(userId, trusteeId);
      if (!inv) return null;
      const t = records.get(userId, 'trustees', trusteeId);
      const readdressed = !!t && String(t.email ?? '').toLowerCase() !== inv.email.toLowerCase();
      const status = !t || inv.status === 'removed' || readdressed ? 'removed' : inv.status;
      return { kind: 'trustee', trusteeId, name: t?.name ?? 'A trustee', status };
    },
    queueDueDeliveries: () => queueDueDeliveries(deps, service, records),
    queueReviews() {
      const now = deps.now();
      store.initReviews(REVIEW_EVERY_MS);
      let n = 0;
      for (const { user_id: userId, review_due_at: dueAt } of store.reviewsDue(now)) {
        const queued = isolated(userId, 'sending your yearly plan review', () => {
          store.setReviewDue(userId, now + REVIEW_EVERY_MS);
          const o = owner(userId);
          if (!o.email) return false;
          return queue(userId, 'owner-review', o.email, `review:${dueAt}`, { recipientName: o.firstName });
        });
        if (queued) n += 1;
      }
      return n;
    },
    queue,
    owner,
    baseUrl: () => linkBase(deps.config),
    isolated,
    problem,
    forgetAccount(userId) {
      removeOutboxFiles(deps.config, userId);
      deps.db.pragma('wal_checkpoint(TRUNCATE)');
    },
    ...createTrusteeFollower(deps, { store, records, queue, isolated, problem, state: stateOf }),
  };
  return service;
}
