/**
 * The scheduling shared by the device's background workers (the sync engine, engine.ts, and the
 * attachment queue, web/files/queue.ts): one run at a time, a request during a run makes exactly
 * one more run after it, a timer that only ever moves earlier, retries with exponential backoff
 * and jitter, and one tab per device through Web Locks.
 */

/** A coalescing runner of `run` (see createRunner). */
export interface Runner {
  /** Runs in `delayMs` (ms), unless a run is already due sooner. Ignored while `canRun()` is false. */
  schedule(delayMs: number): void;
  /** Runs now, or joins the run in progress (which then runs once more); resolves when it ends. */
  runNow(): Promise<void>;
  /** From inside a run: run once more after this one ends (more work is waiting). */
  again(): void;
  /** Clears the timer and waits for the run in progress (its errors are ignored here). */
  stop(): Promise<void>;
}

/**
 * Creates a runner of `run`. `canRun()` is asked before scheduling, before starting and before
 * each repeated run (false: stopped or paused). `now` is the clock (ms) the timer's due time is
 * kept in. `run`'s rejections reach the caller of `runNow`.
 */
export function createRunner(opts: { run: () => Promise<void>; canRun: () => boolean; now: () => number }): Runner {
  let running: Promise<void> | null = null;
  let rerun = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerDue = 0;

  const runNow = (): Promise<void> => {
    if (!opts.canRun()) return Promise.resolve();
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          rerun = false;
          await opts.run();
        } while (rerun && opts.canRun());
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    schedule(delayMs) {
      if (!opts.canRun()) return;
      const due = opts.now() + delayMs;
      if (timer && timerDue <= due) return;
      if (timer) clearTimeout(timer);
      timerDue = due;
      timer = setTimeout(() => {
        timer = null;
        void runNow().catch(() => undefined);
      }, delayMs);
    },
    runNow,
    again() {
      rerun = true;
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

/**
 * The wait before retry number `attempts` + 1 (ms): 1 s doubling per attempt, at most `maxMs`,
 * with full jitter over its upper half (so devices that failed together do not retry together).
 */
export function jitteredBackoff(attempts: number, maxMs: number, random: () => number): number {
  const base = Math.min(maxMs, 1000 * 2 ** Math.min(attempts, 20));
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * Runs `fn` holding the device-wide Web Lock `name` if no other tab holds it (`locks` null: no
 * other tabs, runs at once). Returns false, without running, when another tab holds it.
 */
export async function withDeviceLock(locks: Pick<LockManager, 'request'> | null | undefined, name: string, fn: () => Promise<void>): Promise<boolean> {
  if (!locks) {
    await fn();
    return true;
  }
  return locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await fn();
    return true;
  });
}
