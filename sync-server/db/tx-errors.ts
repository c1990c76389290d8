/**
 * Errors of asynchronous store transactions, the same on both engines (db/sqlite-async.ts,
 * db/pg/pool.ts): callers can tell them apart from the statement errors that caused them.
 */

/** A transaction could not commit because a call in it had failed (and the error was caught): nothing is kept. */
export class TransactionAbortedError extends Error {
  constructor() {
    super('The transaction was rolled back: a statement in it failed');
    this.name = 'TransactionAbortedError';
  }
}
