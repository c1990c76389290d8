/**
 * Release after death, server side (DESIGN.md §8): one service per services instance
 * (services.ts) that persists the state machine's steps (state, activity log and owner emails
 * in one transaction), records check-ins, and queues e-mails. Following trustee records is
 * release/trustees.ts, deliveries release/deliveries.ts, sending release/outbox.ts, timing
 * release/scheduler.ts. Each account's work runs in its own transaction with its own error
 * handling (`isolated`): one account's bad data never stops another's (issue #15).
 */
import { isDatabaseBusy } from '../db/tx-errors';
import { linkBase, type AppDeps } from '../app-env';
import type { AsyncReleaseStore } from './store/release-store';
import type { CollectionName, EntityOf } from '../../shared/schema';
import { plainView } from '../../shared/crypto/fields';
import { createBoundedCache } from '../db/bounded-cache';
import { queueDueDeliveries } from './deliveries';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/languages';
import { removeOutboxFiles } from './mailer';
import { ownerParams, sendableAddress } from './emails';
import { quotaOf } from './email-quotas';
import { type Actor, type Outcome, type ReleaseEvent, DAY_MS, initialState, transition } from './state-machine';
import { createTrusteeFollower, currentKits } from './trustees';
import type { HandoverOf, PlainEntity, ReleaseRecords, ReleaseService, ReleaseTx } from './types';

export type { ReleaseRecords, ReleaseService, ReleaseTx } from './types';
import { promoteHandedOverKits } from './promote-kits';
import { lineText } from './store/activity-line';

/** A check-in closer than this to the last one is not written again (each tap of a busy session would write). */
const CHECK_IN_WRITE_EVERY_MS = 60_000;
/** How many accounts' last known check-in this instance remembers (least recently used go first). */
const REMEMBERED_CHECK_INS = 10_000;
/** The same problem is written to an account's activity at most once in this span. */
const PROBLEM_REPEAT_MS = DAY_MS;
/** The owner's "review your plan" e-mail comes this long after the last one (or the first check-in). */
export const REVIEW_EVERY_MS = 365 * DAY_MS;

/** `records` (RecordService) seen through plainView: what createReleaseService and the release routes read. */
export function plainRecords(records: {
  get<C extends CollectionName>(userId: string, collection: C, id: string): EntityOf[C] | null | Promise<EntityOf[C] | null>;
  list<C extends CollectionName>(userId: string, collection: C): EntityOf[C][] | Promise<EntityOf[C][]>;
  write: ReleaseRecords['write'];
}): ReleaseRecords {
  return {
    async get(userId, collection, id) {
      const r = await records.get(userId, collection, id);
      return r && plainView(collection, r);
    },
    async list(userId, collection) {
      return (await records.list(userId, collection)).map((r) => plainView(collection, r));
    },
    write: (userId, collection, id, patch) => records.write(userId, collection, id, patch),
  };
}

/**
 * The release service over `store` (services.ts: SQLite's createSqliteAsyncReleaseStore or
 * PostgreSQL's), reading the owner's records through `records` (awaited). `opts.checkpoint` runs
 * after an account is forgotten (SQLite's WAL checkpoint; nothing on PostgreSQL). `opts.handoverOf`
 * names who hands over a hand-delivered message (kits/message-keys.ts), for its deliveries.
 * `opts.sealed` says whether an account's records are sealed (account_keys.sealed_at; default: not),
 * for the trustees' access e-mails (trustees.ts).
 */
export function createReleaseService(
  deps: AppDeps,
  records: ReleaseRecords,
  store: AsyncReleaseStore,
  opts: {
    checkpoint?: () => void;
    handoverOf?: HandoverOf;
    sealed?: (userId: string) => Promise<boolean>;
    /** The account's language (users.language, issue 44): every e-mail is queued in it unless its params name another. Default: none (English). */
    languageOf?: (userId: string) => string | null | Promise<string | null>;
  } = {},
): ReleaseService {
  const lastCheckIn = createBoundedCache<number>(REMEMBERED_CHECK_INS);
  const stateOf = async (userId: string, tx: ReleaseTx = store) => (await tx.getState(userId)) ?? initialState(deps.now());

  const owner: ReleaseService['owner'] = async (userId) => {
    const p = await records.get(userId, 'profile', userId);
    const firstName = p?.firstName || 'Someone';
    // The plain fields only: the rest of the profile, the last name included, is sealed (shared/crypto/fields.ts).
    const emailName = typeof p?.emailName === 'string' && p.emailName.trim() ? p.emailName : firstName;
    return { firstName, emailName, email: sendableAddress(p?.email) ? p.email : null };
  };

  const readerLanguage: ReleaseService['readerLanguage'] = async (userId, chosen) => {
    if (isLanguage(chosen)) return chosen;
    const account = await opts.languageOf?.(userId);
    return isLanguage(account) ? account : DEFAULT_LANGUAGE;
  };

  const queue: ReleaseService['queue'] = async (tx, userId, kind, to, dedupeKey, params, quota) =>
    tx.enqueueEmail({
      dedupeKey: `${userId}:${dedupeKey}`,
      userId,
      kind,
      to,
      // The owner's plain first name and name for e-mails only: the rest of the profile is sealed (SECURITY.md).
      // The reader's language by the one rule (readerLanguage): the one `params` names, else the account's (a plain column, SECURITY.md "What stays plain").
      params: { ...ownerParams(await owner(userId)), ...params, lang: await readerLanguage(userId, params.lang) },
      at: deps.now(),
      quota: quota ?? quotaOf(kind),
    });

  const ownerAddress: ReleaseService['ownerAddress'] = async (userId, tx = store) => {
    const email = (await owner(userId)).email;
    return email && (await tx.verifiedOwnerEmail(userId)) === email.toLowerCase() ? email : null;
  };

  const problem: ReleaseService['problem'] = async (tx, userId, kind, line) => {
    const now = deps.now();
    const recent = (await tx.activity(userId, 50)).some((a) => a.kind === kind && a.text === lineText(line) && now - a.at < PROBLEM_REPEAT_MS);
    if (!recent) await tx.addActivity(userId, now, kind, line);
  };

  const guarded: ReleaseService['guarded'] = async (userId, what, fn) => {
    try {
      return await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`Release: ${what} failed for account ${userId}:`, message);
      // The server too busy (another tenant's load) is no problem of this owner's plan: the next
      // pass retries, and their activity is not filled with our overload.
      if (isDatabaseBusy(err)) return undefined;
      try {
        const text = `Something went wrong while ${what}; we will keep trying. (${message.slice(0, 200)})`;
        await store.transaction((tx) => problem(tx, userId, 'problem', text));
      } catch (inner) {
        console.error(`Release: could not record the problem for account ${userId}:`, inner);
      }
      return undefined;
    }
  };

  const isolated: ReleaseService['isolated'] = (userId, what, fn) => guarded(userId, what, () => store.transaction(fn));

  const applyIn = async (tx: ReleaseTx, userId: string, actor: Actor, event: ReleaseEvent): Promise<Outcome> => {
    const before = await stateOf(userId, tx);
    const now = deps.now();
    // With a current generation of trustee kits the waiting period ends in awaiting-confirmations (kits/).
    if (event.type === 'tick' && before.phase === 'waiting') event = { ...event, kitsCurrent: (await currentKits(tx, userId)).length > 0 };
    const out = transition(before, actor, event, now);
    await tx.putState(userId, out.state);
    for (const a of out.activity) await tx.addActivity(userId, now, a.kind, a);
    const o = await owner(userId);
    const to = out.emails.length ? await ownerAddress(userId, tx) : null;
    for (const e of out.emails) {
      if (!to) continue;
      const s = out.state;
      await queue(tx, userId, `owner-${e.kind}`, to, e.dedupeKey, {
        recipientName: o.firstName,
        startedBy: s.startedBy?.kind === 'trustee' ? s.startedBy.name : undefined,
        endsAt: s.endsAt ?? undefined,
        waitingDays: s.waitingDays,
        reminder: s.remindersSent,
      });
    }
    if (before.phase !== 'released' && out.state.phase === 'released') await follower.queueTrusteeAccess(tx, userId);
    if (before.phase !== 'awaiting-confirmations' && out.state.phase === 'awaiting-confirmations') await follower.queueKitConfirmations(tx, userId, out.state.episode);
    // "I'm still here" while trustees confirm: their confirmations and shares are erased, nothing was combined.
    if (before.phase === 'awaiting-confirmations' && out.state.phase === 'active') await tx.clearKitConfirmations(userId);
    // Kits handed over while the release was under way come into force now (kits/promote.ts).
    if (before.phase !== 'active' && out.state.phase === 'active') await promoteHandedOverKits(tx, userId, now);
    return out;
  };

  const follower = createTrusteeFollower(deps, { store, records, queue, isolated, problem, sealed: opts.sealed ?? (async () => false) });

  const service: ReleaseService = {
    store,
    state: stateOf,
    apply: (userId, actor, event, tx) => (tx ? applyIn(tx, userId, actor, event) : store.transaction((t) => applyIn(t, userId, actor, event))),
    async checkIn(userId) {
      // Most check-ins come within a minute of the last one. `lastCheckIn` holds a lower bound of
      // the stored one (it only moves forward; another instance may have moved it further), so
      // within the minute nothing is read at all; else one read, no transaction (no row lock).
      const known = lastCheckIn.get(userId);
      if (known !== undefined && deps.now() - known < CHECK_IN_WRITE_EVERY_MS) return;
      const seen = await store.getState(userId);
      if (seen) lastCheckIn.set(userId, seen.lastCheckInAt);
      if (seen && deps.now() - seen.lastCheckInAt < CHECK_IN_WRITE_EVERY_MS) return;
      const written = await store.transaction(async (tx) => {
        const now = deps.now();
        const s = await tx.getState(userId);
        if (!s) return void (await tx.putState(userId, initialState(now)));
        if (now - s.lastCheckInAt < CHECK_IN_WRITE_EVERY_MS) return;
        // The machine's rule (released: nothing; waiting: timer only), stored without a log line.
        await applyIn(tx, userId, { kind: 'owner' }, { type: 'check-in' });
        return (await tx.getState(userId))?.lastCheckInAt;
      });
      if (written !== undefined) lastCheckIn.set(userId, written);
    },
    async trusteeActor(userId, trusteeId, tx = store) {
      const inv = await tx.invitation(userId, trusteeId);
      if (!inv) return null;
      const t = await records.get(userId, 'trustees', trusteeId);
      const readdressed = !!t && String(t.email ?? '').toLowerCase() !== inv.email.toLowerCase();
      const status = !t || inv.status === 'removed' || readdressed ? 'removed' : inv.status;
      // Named by their address: a trustee's name is the owner's sealed word (shared/crypto/fields.ts); the owner's device shows the name.
      return { kind: 'trustee', trusteeId, name: inv.email, status };
    },
    queueDueDeliveries: () => queueDueDeliveries(deps, service, records, opts.handoverOf),
    async queueReviews() {
      const now = deps.now();
      await store.initReviews(REVIEW_EVERY_MS);
      let n = 0;
      for (const { user_id: userId, review_due_at: dueAt } of await store.reviewsDue(now)) {
        const queued = await isolated(userId, 'sending your yearly plan review', async (tx) => {
          // Still due under this transaction (another instance may have just sent it).
          if ((await tx.reviewDueAt(userId)) !== dueAt) return false;
          await tx.setReviewDue(userId, now + REVIEW_EVERY_MS);
          const to = await ownerAddress(userId, tx);
          if (!to) return false;
          return queue(tx, userId, 'owner-review', to, `review:${dueAt}`, { recipientName: (await owner(userId)).firstName });
        });
        if (queued) n += 1;
      }
      return n;
    },
    queue,
    owner,
    readerLanguage,
    ownerAddress,
    baseUrl: () => linkBase(deps.config),
    isolated,
    guarded,
    problem,
    forgetAccount(userId) {
      removeOutboxFiles(deps.config, userId);
      opts.checkpoint?.();
    },
    ...follower,
  };
  return service;
}
