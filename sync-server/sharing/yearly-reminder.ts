/**
 * The yearly sharing reminder (issue 43 "The owner always knows": "a yearly reminder listing who
 * can see what now"; docs/sharing.md "The yearly reminder"). Once a year, an owner who shares
 * something now or has set emergency access gets one e-mail through the release outbox
 * (`owner-sharing-yearly`, words in release/emails-sharing.ts) with how many things are shared now
 * and by how many links, and how many trustees may ask for emergency access to how many things.
 * The server cannot read who or what (names and items are sealed), so the e-mail says so and
 * points to Settings → Sharing; it says how to stop.
 *
 * When each owner's next one is due is in the database (reminder-store.ts), armed when a share is
 * made or an emergency setting put (`armSoon`: a fault there never fails that write; it is logged
 * and the arming tried again at this instance's next pass or next arming). A pass takes at most `perPass` due owners; for each it queues
 * the e-mail with a dedupe key naming the due date, then moves the date a year on by
 * compare-and-set: a second instance, a pass run twice or a restart between the two steps sends
 * nothing twice. An owner who shares nothing any more, or whose account was released, gets no
 * e-mail that year; their date still moves on (never deleted, so a share made while a pass looks cannot be left without a reminder).
 * Only a confirmed address is written to (release.ownerAddress); without one the year still moves on.
 */
import { DAY_MS, type ReleaseService, type SharingCounts } from '../release/index';
import type { AsyncEmergencyStore } from './store/emergency-store';
import type { AsyncReminderStore } from './store/reminder-store';
import type { AsyncShareStore } from './store/share-store';

/** How long after the first share (or the last reminder) the next reminder comes. */
export const SHARING_REMINDER_EVERY_MS = 365 * DAY_MS;
/** How long an owner whose reminder failed waits before it is tried again. */
export const SHARING_RETRY_AFTER_MS = DAY_MS;
/** Owners one pass reminds at most; the rest wait for the next pass (a minute later). */
export const SHARING_REMINDERS_PER_PASS = 100;

export interface SharingReminderDeps {
  store: AsyncReminderStore;
  shares: Pick<AsyncShareStore, 'list'>;
  emergency: Pick<AsyncEmergencyStore, 'settings'>;
  release: Pick<ReleaseService, 'store' | 'state' | 'queue' | 'owner' | 'ownerAddress' | 'guarded'>;
  now: () => number;
  /** Owners per pass (default SHARING_REMINDERS_PER_PASS). */
  perPass?: number;
}

/** The reminder over `deps`: `arm` when an owner starts sharing, `counts` of what they share, `pass` for the scheduler. */
export function createSharingReminders(deps: SharingReminderDeps) {
  const { store, release } = deps;
  /**
   * What `userId` shares now, counted: live shares (not stopped), and emergency settings of
   * trustees still accepted on their list (a removed trustee's setting may outlive them, but they
   * can no longer ask: emergency-service.ts).
   */
  const counts = async (userId: string): Promise<SharingCounts> => {
    const live = (await deps.shares.list(userId)).filter((r) => r.phase !== 'stopped');
    const settings = [];
    for (const s of await deps.emergency.settings(userId)) if ((await release.store.invitation(userId, s.trustee_id))?.status === 'accepted') settings.push(s);
    return {
      items: new Set(live.map((r) => `${r.item_kind}:${r.item_id}`)).size,
      links: live.length,
      trustees: settings.length,
      emergencyItems: new Set(settings.flatMap((s) => JSON.parse(s.items) as string[])).size,
    };
  };
  const arm = (userId: string) => store.arm(userId, deps.now() + SHARING_REMINDER_EVERY_MS);
  /** Owners whose arming failed on this instance, tried again at its next pass or arming (kept in memory: see armSoon). */
  const unarmed = new Set<string>();
  /** Tries again each owner in `unarmed`; each that still fails stays (logged once, when it first failed). */
  const retryUnarmed = async () => {
    for (const userId of [...unarmed]) if (await arm(userId).then(() => true, () => false)) unarmed.delete(userId);
  };
  return {
    /** Notes that `userId` shares something now: their first reminder a year from now (a date already set is kept). Throws what the store throws. */
    arm,
    /**
     * `arm`, for the write that just made a share or an emergency setting: it never throws, so a
     * fault here never fails that write (the share is made; security review of session 20). The
     * fault is logged and the owner kept to be armed at this instance's next pass or next arming.
     * A restart before then forgets it: the owner is armed at their next share or setting.
     */
    async armSoon(userId: string): Promise<void> {
      try {
        await arm(userId);
        await retryUnarmed();
      } catch (err) {
        unarmed.add(userId);
        console.error(`The yearly sharing reminder of account ${userId} was not armed (tried again at the next pass):`, err instanceof Error ? err.message : err);
      }
    },
    counts,
    /** One pass: arms the owners whose arming failed, then reminds the owners due now (at most `perPass`) and moves each one's date a year on. Returns how many it moved. */
    async pass(): Promise<number> {
      await retryUnarmed();
      const now = deps.now();
      let done = 0;
      for (const { user_id: userId, due_at: dueAt } of await store.due(now, deps.perPass ?? SHARING_REMINDERS_PER_PASS)) {
        const moved = await release.guarded(userId, 'sending your yearly sharing reminder', async () => {
          const c = await counts(userId);
          // Nothing shared any more, or the account released (its owner is taken to have died): no e-mail this year.
          const to = (c.links > 0 || c.trustees > 0) && (await release.state(userId)).phase !== 'released' ? await release.ownerAddress(userId) : null;
          if (to) {
            const { firstName } = await release.owner(userId);
            await release.store.transaction((tx) => release.queue(tx, userId, 'owner-sharing-yearly', to, `sharing-yearly:${dueAt}`, { recipientName: firstName, sharing: c }));
          }
          return store.advance(userId, dueAt, now + SHARING_REMINDER_EVERY_MS);
        });
        if (moved) done += 1;
        // Failed (the fault is logged and in the owner's activity): tried again in a day, so owners
        // whose reminder keeps failing never hold up the others (due is oldest first, `perPass` at most).
        else if (moved === undefined) await store.advance(userId, dueAt, now + SHARING_RETRY_AFTER_MS).catch(() => false);
      }
      return done;
    },
  };
}

export type SharingReminders = ReturnType<typeof createSharingReminders>;
