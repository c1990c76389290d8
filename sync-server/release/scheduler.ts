/**
 * The release scheduler (DESIGN.md §8): one pass follows trustee records, evaluates the state
 * machine for every account whose time has come, queues due deliveries and sends the email
 * queue. All its state is in SQLite, so it survives a restart; every step is idempotent, so
 * running it twice sends nothing twice. Passes never overlap within a process.
 */
import type { AppDeps } from '../app-env';
import { createMailer, type Mailer } from './mailer';
import { sendPendingEmails } from './outbox';
import { releaseOf } from './service';
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
  /** Stops the loop and waits for the pass in flight. */
  stop(): Promise<void>;
}

const schedulers = new WeakMap<object, ReleaseScheduler>();

/** Pokes the scheduler of `deps.db` if one exists (never creates one). */
export function pokeRelease(deps: AppDeps): void {
  schedulers.get(deps.db)?.poke();
}

/** The scheduler of `deps.db` (one per database; `mailer` only on first call). */
export function releaseScheduler(deps: AppDeps, mailer?: Mailer): ReleaseScheduler {
  let s = schedulers.get(deps.db);
  if (!s) {
    s = createScheduler(deps, mailer ?? createMailer(deps.config));
    schedulers.set(deps.db, s);
  }
  return s;
}

function createScheduler(deps: AppDeps, mailer: Mailer): ReleaseScheduler {
  const release = releaseOf(deps);
  let inFlight: Promise<PassResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pokeTimer: NodeJS.Timeout | null = null;
  let started = false;

  async function pass(): Promise<PassResult> {
    const trustees = release.syncTrustees();
    let transitions = 0;
    for (const userId of release.store.dueUsers(deps.now())) {
      try {
        const out = release.apply(userId, { kind: 'system' }, { type: 'tick' });
        if (out.activity.length > 0) transitions += 1;
      } catch (err) {
        if (!(err instanceof TransitionError)) throw err;
      }
    }
    const deliveries = release.queueDueDeliveries();
    const sent = await sendPendingEmails(deps, mailer);
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
      void safeRun();
      timer = setInterval(() => void safeRun(), intervalMs);
      timer.unref();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      if (pokeTimer) clearTimeout(pokeTimer);
      timer = pokeTimer = null;
      if (inFlight) await inFlight.catch(() => undefined);
    },
  };
}
