/**
 * Errors of asynchronous store transactions, the same on both engines (db/sqlite-async.ts,
 * db/pg/pool.ts): callers can tell them apart from the statement errors that caused them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A transaction could not commit because a call in it had failed (and the error was caught): nothing is kept. */
export class TransactionAbortedError extends Error {
  constructor() {
    super('The transaction was rolled back: a statement in it failed');
    this.name = 'TransactionAbortedError';
  }
}

/**
 * Which code runs inside an asynchronous store transaction (issue #19). A transaction body may
 * run more than once (SQLite's adapter re-runs it on a conflict, db/sqlite-async.ts) and may be
 * rolled back, so it must have no effect outside the store: `inTransaction(fn)` marks `fn`'s
 * asynchronous context, and `outsideTransaction(what)` (in the mailer, the record service's
 * writes, the scheduler's poke) throws EffectInTransactionError there, on both engines, so code
 * that would send an e-mail twice fails its tests instead. An AsyncLocalStorage holds only that
 * mark per asynchronous context, never data.
 *
 * On SQLite the mark is a check for tests and development: it is set unless NODE_ENV is
 * 'production' (`npm start` sets it). On Node 20 a used AsyncLocalStorage turns on promise hooks
 * for the whole process, which cost every request about 5% of its CPU (issue #20's profile), to
 * catch a mistake the tests catch. On PostgreSQL it is always set (`always`): there it also stops
 * a transaction opened inside another (db/pg/pool.ts), which would wait for a second connection
 * and the first one's row locks, forever; there the request's time goes to the database anyway.
 */
const transactionContext = new AsyncLocalStorage<true>();
const checked = process.env.NODE_ENV !== 'production';

/**
 * Runs `fn` marked as a transaction body: always with `opts.always`, else unless
 * NODE_ENV=production (an unmarked body is just run).
 */
export function inTransaction<T>(fn: () => Promise<T>, opts: { always?: boolean } = {}): Promise<T> {
  return checked || opts.always ? transactionContext.run(true, fn) : fn();
}

/** Thrown by `outsideTransaction` inside a transaction body. */
export class EffectInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} inside a store transaction: a transaction body may run again or be rolled back, so it must not act outside the store`);
    this.name = 'EffectInTransactionError';
  }
}

/** Throws EffectInTransactionError when called from a transaction body; `what` names the effect. */
export function outsideTransaction(what: string): void {
  if (transactionContext.getStore()) throw new EffectInTransactionError(what);
}

/** Codes of a moment's overload: PostgreSQL's lock_not_available (a lock timeout or NOWAIT), too_many_connections, cannot_connect_now; SQLite's busy. */
const BUSY_CODES = new Set(['55P03', '53300', '57P03', 'SQLITE_BUSY']);

/**
 * True for an error of a database too busy to answer now, not of a fault, on either engine: no
 * connection came free in time (db/pg/pool.ts), a lock wait ran out, no connection left on the
 * server. The server answers 503 with Retry-After (http/errors.ts); background work tries again later.
 */
export const isDatabaseBusy = (err: unknown): boolean =>
  err instanceof Error &&
  (/timeout exceeded when trying to connect|connection timeout/i.test(err.message) || BUSY_CODES.has(String((err as { code?: unknown }).code)));
