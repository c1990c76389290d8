/**
 * The server's one door to password hashing (issue 40 item 2; SECURITY.md "Limits"). scrypt at
 * production cost (N = 2^17, 128 MiB, accounts/password.ts) runs on libuv's thread pool — four threads,
 * shared with every file read and the app shell's static files. Unbounded, a handful of requests
 * that hash (key setup, sign-in, password changes) took all four, and a victim's file chunk waited
 * 10 s behind them. So at most `passwordHashesAtOnce` (shared/limits.ts, default 2: below the
 * pool's 4) hashes run at once on one instance; the rest wait their turn in arrival order, and file
 * reads always find a free thread.
 *
 * Every hash and verification of the server goes through `services.hasher`; `runs` counts the
 * hashes run, so a test can see that a refused request ran none.
 */
import { hashPassword, verifyPassword, type ScryptCost } from './password';

export interface Hasher {
  /** `hashPassword(password, cost)` in its turn (accounts/password.ts); the stored `scrypt$…` string. */
  hash(password: string, cost: ScryptCost): Promise<string>;
  /** `verifyPassword(password, stored)` in its turn: true when it matches. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Hashes and verifications started since the hasher was made (each runs scrypt once). */
  readonly runs: number;
  /** The most that ever ran at once (never above `atOnce`). */
  readonly peak: number;
  /** How many wait for their turn now. */
  readonly waiting: number;
}

/** A hasher running at most `atOnce` (a positive integer) scrypt computations at a time; throws on another `atOnce`. */
export function createHasher(atOnce: number): Hasher {
  if (!Number.isInteger(atOnce) || atOnce < 1) throw new Error(`passwordHashesAtOnce must be a positive integer, not ${atOnce}`);
  let running = 0;
  let runs = 0;
  let peak = 0;
  const queue: (() => void)[] = [];
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= atOnce) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    // Here `running` counts this one (a waiter inherits the slot of the one that woke it).
    runs++;
    peak = Math.max(peak, running);
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
  return {
    hash: (password, cost) => inTurn(() => hashPassword(password, cost)),
    verify: (password, stored) => inTurn(() => verifyPassword(password, stored)),
    get runs() {
      return runs;
    },
    get peak() {
      return peak;
    },
    get waiting() {
      return queue.length;
    },
  };
}
