/**
 * The release scheduler (DESIGN.md §8): one pass follows trustee records, evaluates the state
 * machine for every account whose time has come, queues yearly trustee and review e-mails and
 * due deliveries, sends the email queue and deletes the e-mails finished long ago (outbox.ts). Each account's work is isolated (issue #15). All its state is in SQLite, so it survives a restart; every step is idempotent, so
 * running it twice sends nothing twice. Passes never overlap within a process.
 */
import type { AppDeps } from '../app-env';
import type { Mailer } from './mailer';
import { outsideTransaction } from '../db/tx-errors';
import { purgeFinishedEmails, sendPendingEmails, type DeliveryFragment } from './outbox';
import type { ReleaseService, ReleaseRecords } from './service';
import { TransitionError } from './state-machine';

export interface PassResult {
  trustees: number;
  transitions: number;
  deliveries: number;
  sent: number;
}

export interface ReleaseScheduler {
  /** One full pass (or the one in flight, followed by one more). */
  runOnce(): Promise<PassResult>;
  /** Asks for a pass soon (after a write that may concern release); no-op unless started. */
  poke(): void;
  /** Runs a pass every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops the loop and waits for the pass in flight; passes asked for later do nothing until start(). */
  stop(): Promise<void>;
}

/**
 * The scheduler of one services instance (services.ts): passes use `release` and `records`
 * and send through `mailer`. Not started until `start()`; `poke()` before that does nothing.
 * `opts.notifyOwner` sends a check-in reminder (or the start of a waiting period) by Web Push
 * after its step committed. `opts.housekeeping` runs at the end of every pass (the file sweep, issue #17; it rate-limits
 * itself); its failure is logged and never stops the release work. `opts.leader`, when given, is
 * asked before each pass and the pass does nothing unless it answers true: with several
 * instances on one PostgreSQL, `() => leadership.tryLead()` of db/pg/pg-leader.ts (issue #19),
 * so one instance runs the scheduler and another takes over when it dies. Without it every
 * pass runs (SQLite: one instance). Every step is still safe to run twice (claims, row locks).
 */
export function createReleaseScheduler(
  deps: AppDeps,
  release: ReleaseService,
  records: ReleaseRecords,
  mailer: Mailer,
  opts: {
    housekeeping?: () => Promise<unknown>;
    leader?: () => Promise<boolean>;
    /** After a committed step that reminds the owner to check in or starts a waiting period: the Web Push (push/sender.ts). Never throws. */
    notifyOwner?: (userId: string, kind: 'check-in-reminder' | 'waiting-started') => Promise<unknown>;
    /** Emergency access's pass (sharing/emergency-service.ts tick): before the e-mails are sent, so an owner told of a request is mailed in the same pass. Its failure never stops the release work. */
    emergency?: () => Promise<unknown>;
    /** The yearly sharing reminder's pass (sharing/yearly-reminder.ts): before the e-mails are sent. Its failure never stops the release work. */
    sharingReminders?: () => Promise<unknown>;
    /** The key fragment of a delivery link (release-keys.ts), or null: put in when the e-mail is made. */
    deliveryFragment?: DeliveryFragment;
  } = {},
): ReleaseScheduler {
  let inFlight: Promise<PassResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pokeTimer: NodeJS.Timeout | null = null;
  let started = false;
  /** Set by stop(): a pass asked for afterwards (queued, poked, or called) does nothing, so a stopped instance never takes the lead again. */
  let stopped = false;

  async function pass(): Promise<PassResult> {
    // Several instances on one database (issue #19): only the leader runs passes.
    if (stopped || (opts.leader && !(await opts.leader()))) return { trustees: 0, transitions: 0, deliveries: 0, sent: 0 };
    const trustees = await release.syncTrustees();
    let transitions = 0;
    // Each account in its own transaction and error handling (issue #15): one account's bad
    // data is logged and written to its own activity, and the pass goes on for everyone else.
    for (const userId of await release.store.dueUsers(deps.now())) {
      const out = await release.isolated(userId, 'checking your release state', async (tx) => {
        try {
          return await release.apply(userId, { kind: 'system' }, { type: 'tick' }, tx);
        } catch (err) {
          if (err instanceof TransitionError) return null;
          throw err;
        }
      });
      if (out && out.activity.length > 0) transitions += 1;
      // After the commit (a transaction body may run twice): each reminder also as a push, beside its e-mail.
      for (const e of out?.emails ?? []) {
        if (e.kind === 'reminder') await opts.notifyOwner?.(userId, 'check-in-reminder');
        if (e.kind === 'waiting-started') await opts.notifyOwner?.(userId, 'waiting-started');
      }
    }
    await release.queueYearly();
    await release.queueReviews();
    const deliveries = await release.queueDueDeliveries();
    await opts.emergency?.().catch((err) => console.error('Emergency access: the pass failed:', err));
    await opts.sharingReminders?.().catch((err) => console.error('The yearly sharing reminder: the pass failed:', err));
    const sent = await sendPendingEmails(deps, release, records, mailer, opts.deliveryFragment);
    // The queue keeps finished e-mails EMAIL_RETENTION_DAYS (issue 40, finding 4); a failure here never stops the release work.
    await purgeFinishedEmails(deps, release.store).catch((err) => console.error('Release: could not delete finished e-mails:', err));
    await opts.housekeeping?.().catch((err) => console.error('Housekeeping (file sweep) failed:', err));
    return { trustees, transitions, deliveries, sent };
  }

  const runOnce = (): Promise<PassResult> => {
    if (inFlight) {
      return inFlight.then(() => runOnce());
    }
    inFlight = pass().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const safeRun = () =>
    runOnce().catch((err) => {
      console.error('Release scheduler pass failed:', err);
    });

  return {
    runOnce,
    poke() {
      outsideTransaction('Poking the release scheduler');
      if (!started || pokeTimer) return;
      pokeTimer = setTimeout(() => {
        pokeTimer = null;
        void safeRun();
      }, 250);
      pokeTimer.unref();
    },
    start(intervalMs = 60_000) {
      if (started) return;
      started = true;
      stopped = false;
      void safeRun();
      timer = setInterval(() => void safeRun(), intervalMs);
      timer.unref();
    },
    async stop() {
      started = false;
      stopped = true;
      if (timer) clearInterval(timer);
      if (pokeTimer) clearTimeout(pokeTimer);
      timer = pokeTimer = null;
      if (inFlight) await inFlight.catch(() => undefined);
    },
  };
}
