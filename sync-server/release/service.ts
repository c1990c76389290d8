/**
 * Release after death, server side (DESIGN.md §8): one service per database that persists the
 * state machine's steps (state, activity log and owner emails in one transaction), records
 * check-ins, follows trustee records (invite when first seen, revoke when removed or re-addressed)
 * and queues deliveries once released. Sending is release/outbox.ts; timing is release/scheduler.ts.
 */
import type { AppDeps } from '../app-env';
import { createReleaseStore, type ReleaseStore, type TrusteeInvitationRow } from '../db/release';
import type { RecordService } from '../records';
import { linkBase } from '../config';
import type { EmailKind, EmailParams } from './emails';
import { type Actor, type Outcome, type ReleaseEvent, type ReleaseState, initialState, transition } from './state-machine';

/** A check-in closer than this to the last one is not written again (every sync would write). */
const CHECK_IN_WRITE_EVERY_MS = 60_000;
/** Trustee records examined per scheduler page. */
const TRUSTEE_PAGE = 500;

export interface ReleaseService {
  store: ReleaseStore;
  /** The state of `userId` (a fresh active state before any release event). */
  state(userId: string): ReleaseState;
  /** Runs one transition and persists it with its log and emails; throws TransitionError. */
  apply(userId: string, actor: Actor, event: ReleaseEvent): Outcome;
  /** A sign-in or sync by the owner (DESIGN.md §8). Nothing of the request is kept (issue #16). */
  checkIn(userId: string): void;
  /** The owner's trustee as a state-machine actor, or null when no such trustee was ever seen. */
  trusteeActor(userId: string, trusteeId: string): Extract<Actor, { kind: 'trustee' }> | null;
  /** Invites new trustees, re-invites re-addressed ones and revokes removed ones. Returns how many changed. */
  syncTrustees(): number;
  /** Queues the delivery of every due, undelivered message of released accounts. */
  queueDueDeliveries(): number;
  /** Queues an email (idempotent on `dedupeKey`). */
  queue(userId: string, kind: EmailKind, to: string, dedupeKey: string, params: Partial<EmailParams>): boolean;
  /** The owner's display name and email from the profile record. */
  owner(userId: string): { name: string; firstName: string; email: string | null };
  /** Base of links in emails: PUBLIC_URL, else http://localhost:PORT (config only, issue #16). */
  baseUrl(): string;
}

/** The release service over `deps.db`, reading the owner's records through `records`. */
export function createReleaseService(deps: AppDeps, records: RecordService): ReleaseService {
  const store = createReleaseStore(deps.db);

  const stateOf = (userId: string) => store.getState(userId) ?? initialState(deps.now());

  const owner = (userId: string) => {
    const p = records.get(userId, 'profile', userId);
    const firstName = p?.firstName ?? 'Someone';
    return { firstName, name: p ? `${p.firstName} ${p.lastName}`.trim() : 'Someone', email: p?.email ?? null };
  };

  const baseUrl = () => linkBase(deps.config);

  const queue: ReleaseService['queue'] = (userId, kind, to, dedupeKey, params) =>
    store.enqueueEmail({
      dedupeKey: `${userId}:${dedupeKey}`,
      userId,
      kind,
      to,
      params: { ownerName: owner(userId).name, ...params },
      at: deps.now(),
    });

  /** After release: every accepted, live trustee gets their access link once. */
  const queueTrusteeAccess = (userId: string) => {
    for (const inv of store.invitations(userId)) {
      if (inv.status !== 'accepted') continue;
      const t = records.get(userId, 'trustees', inv.trustee_id);
      if (!t) continue;
      queue(userId, 'trustee-access', t.email, `access:${t.id}`, {
        recipientName: t.name,
        trusteeId: t.id,
        accessLevel: t.accessLevel,
      });
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
        if (before.phase !== 'released' && out.state.phase === 'released') queueTrusteeAccess(userId);
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
      const status = !t || inv.status === 'removed' ? 'removed' : inv.status;
      return { kind: 'trustee', trusteeId, name: t?.name ?? 'A trustee', status };
    },
    syncTrustees() {
      let changed = 0;
      for (;;) {
        const page = store.trusteeRecordsSince(store.trusteeCursor(), TRUSTEE_PAGE);
        if (page.length === 0) return changed;
        store.transaction(() => {
          for (const row of page) {
            const now = deps.now();
            const inv = store.invitation(row.user_id, row.id);
            const t = row.deleted ? null : records.get(row.user_id, 'trustees', row.id);
            if (!t) {
              if (inv && inv.status !== 'removed') {
                store.putInvitation({ ...inv, status: 'removed' });
                store.revokeSubject(row.user_id, row.id, now);
                store.addActivity(row.user_id, now, 'trustee-removed', 'A trustee was removed; their links no longer work.');
                changed += 1;
              }
              continue;
            }
            if (inv && (inv.status === 'removed' || inv.email.toLowerCase() === t.email.toLowerCase())) continue;
            // New, or re-addressed: (re)invite, and old links stop working.
            if (inv) store.revokeSubject(row.user_id, row.id, now);
            const round = (inv?.invite_round ?? 0) + 1;
            const next: TrusteeInvitationRow = {
              user_id: row.user_id,
              trustee_id: row.id,
              email: t.email,
              status: 'invited',
              invite_round: round,
              invited_at: now,
              accepted_at: null,
            };
            store.putInvitation(next);
            queue(row.user_id, 'trustee-invite', t.email, `invite:${row.id}:${round}`, {
              recipientName: t.name,
              trusteeId: row.id,
              accessLevel: t.accessLevel,
            });
            store.addActivity(row.user_id, now, 'trustee-invited', `Invitation sent to ${t.name} (${t.email}).`);
            changed += 1;
          }
          store.setTrusteeCursor(page[page.length - 1]!.seq);
        });
      }
    },
    queueDueDeliveries() {
      let n = 0;
      const now = deps.now();
      for (const userId of store.releasedUsers()) {
        for (const m of records.list(userId, 'messages')) {
          if (m.delivered) continue;
          if (m.deliveryDate && Date.parse(m.deliveryDate) > now) continue;
          if (queue(userId, 'delivery', m.recipientEmail, `delivery:${m.id}`, { recipientName: m.recipientName, messageId: m.id })) n += 1;
        }
      }
      return n;
    },
    queue,
    owner,
    baseUrl,
  };
  return service;
}
