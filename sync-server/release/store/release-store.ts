/**
 * The release store behind one asynchronous shape for both engines (issue #19): SQLite's
 * synchronous ReleaseStore (release.ts) through `createSqliteAsyncReleaseStore` (below), and
 * PostgreSQL's (pg/pg-release-store.ts). Both pass release-store.contract.ts.
 *
 * Differences from ReleaseStore, on purpose:
 * - `transaction(fn)` hands `fn` a `tx` whose every call runs in that one transaction (all or
 *   none); a nested `tx.transaction(g)` is a savepoint: if `g` rejects, only `g`'s writes are undone.
 * - The trustee scan (release/trustees.ts) has no global number: SQLite's `release_cursor`
 *   follows one global sequence, PostgreSQL's sequences are per user (shared/sync/README.md
 *   rule 13). So `trusteeCursor`/`setTrusteeCursor`/`trusteeRecordsSince` become
 *   `trusteeChanges(limit)` (the trustee records changed after the mark, tombstones included)
 *   and `markTrusteesSeen(rows)` (moves the mark past them). The loop stays: take a page,
 *   follow each row, mark the page seen, until a page is empty.
 */
import { createKitStore, KIT_WRITES, type KitStoreMethods } from '../kits/store/sqlite-kits';
import type { ReleaseStore, TrusteeRecordRow } from './sqlite-release';
import type { Db } from '../../db/sqlite';
import { createSqliteAsync, type Asyncified } from '../../db/sqlite-async';

/** The methods of ReleaseStore that carry over one for one (as Promises), and the trustee kits' (kits.ts). */
export type ReleaseStoreMethods = Omit<ReleaseStore, 'transaction' | 'trusteeCursor' | 'setTrusteeCursor' | 'trusteeRecordsSince'> & KitStoreMethods;

/** The trustee scan, the same on both engines (see the file's docstring). */
export interface TrusteeScan {
  /** Trustee records (tombstones included) changed after the mark, each account's in sequence order, at most `limit`. */
  trusteeChanges(limit: number): TrusteeRecordRow[];
  /** Moves the mark past `rows` (a page of trusteeChanges, or part of one): they are not returned again. */
  markTrusteesSeen(rows: readonly TrusteeRecordRow[]): void;
}

/** ReleaseStore as Promises, with the trustee scan and an asynchronous transaction. */
export type AsyncReleaseStore = Asyncified<ReleaseStoreMethods & TrusteeScan> & {
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves (its value is returned), nothing kept
   * when it rejects (the rejection is rethrown). Only calls on `tx` belong to the transaction.
   * `fn` may run more than once on SQLite (see sqlite-async.ts): it must not have effects
   * outside the store (send nothing, call no other store's writes) before it resolves.
   */
  transaction<T>(fn: (tx: AsyncReleaseStore) => Promise<T>): Promise<T>;
};

/** The methods of ReleaseStore that write (SQLite's adapter replays these; see sqlite-async.ts). */
export const RELEASE_WRITES = [
  'putState',
  'touchCheckIn',
  'addActivity',
  'putInvitation',
  'bounceTrustee',
  'insertToken',
  'revokeSubject',
  'revokeToken',
  'enqueueEmail',
  'setVerifiedOwnerEmail',
  'claimEmail',
  'markSent',
  'markWritten',
  'markRetry',
  'markDeferred',
  'markGivenUp',
  'seeFailedEmails',
  'dropUnsentEmails',
  'purgeFinishedEmails',
  'putDelivery',
  'initReviews',
  'setReviewDue',
  'markTrusteesSeen',
  ...KIT_WRITES,
  'putTaskMark',
  'clearTaskMarks',
] as const satisfies readonly (keyof (ReleaseStoreMethods & TrusteeScan))[];

/** SQLite's scan: the one global sequence, from `release_cursor`. */
export function sqliteTrusteeScan(store: ReleaseStore): TrusteeScan {
  return {
    trusteeChanges: (limit) => store.trusteeRecordsSince(store.trusteeCursor(), limit),
    markTrusteesSeen(rows) {
      const top = Math.max(store.trusteeCursor(), ...rows.map((r) => r.seq));
      store.setTrusteeCursor(top);
    },
  };
}

/**
 * The release store of SQLite file `db` (migrated) as an AsyncReleaseStore. `store` is that
 * database's ReleaseStore (release.ts). Its transactions never hold SQLite's transaction open
 * across an `await` (sqlite-async.ts explains why and how).
 */
export function createSqliteAsyncReleaseStore(db: Db, store: ReleaseStore): AsyncReleaseStore {
  const { transaction: _t, trusteeCursor: _c, setTrusteeCursor: _s, trusteeRecordsSince: _r, ...methods } = store;
  const sync: ReleaseStoreMethods & TrusteeScan = { ...methods, ...createKitStore(db), ...sqliteTrusteeScan(store) };
  return createSqliteAsync(db, sync, RELEASE_WRITES) as AsyncReleaseStore;
}
