/**
 * The store of synced records behind one interface (DESIGN.md §2 "Scale"): SQLite's is
 * synchronous (RecordStore), PostgreSQL's asynchronous (AsyncRecordStore, issue #19); both pass
 * the same contract suite (record-store.contract.ts).
 * `applyChanges` also keeps what would otherwise be lost (rules 20–22): losing long texts as
 * conflict fields, `_restorable` on edits of deleted records, and a bounded text history.
 */
import type { Change, ServerRecord } from '../../../shared/sync';
import type { CollectionName } from '../../../shared/schema';
import type { AccountUsage } from './usage';

export interface PullPage {
  records: ServerRecord[];
  /** The last sequence returned, or the request's cursor when nothing changed. */
  cursor: number;
  hasMore: boolean;
}

/** A PullPage whose records are their JSON texts, as the sync route sends them (RecordStore.pullJson). */
export interface PullJsonPage {
  /** Each record's JSON text: `JSON.parse` gives what `pull` returns for it. */
  records: string[];
  cursor: number;
  hasMore: boolean;
}

/**
 * One pull page of `rows` (in sequence order, at most `limit` + 1): it stops at `limit` records or
 * `pageBytes` of state, whichever first, at least one record, so one pull's cost is bounded however
 * large the records (issue #15). `hasMore` when a row was left.
 */
export function pageOf<R>(rows: Iterable<R>, limit: number, pageBytes: number, bytesOf: (r: R) => number): { rows: R[]; hasMore: boolean } {
  const page: R[] = [];
  let bytes = 0;
  for (const row of rows) {
    const b = bytesOf(row);
    if (page.length === limit || (page.length > 0 && bytes + b > pageBytes)) return { rows: page, hasMore: true };
    bytes += b;
    page.push(row);
  }
  return { rows: page, hasMore: false };
}

/**
 * A pulled record's JSON text from its row: `{"collection","id","seq"` and the stored state's own
 * `"values"` and `"clocks"`, spliced as text, never parsed. Every store writes a state as
 * JSON.stringify of `{ values, clocks }`, in that order (a record is created as emptyState and
 * merged as RecordState; the contract compares pullJson with the parsed pull). A state that does
 * not start with `{"values":{` and end with a flat `"clocks"` object is parsed and written again
 * (throwing SyntaxError if it is not JSON); a damaged state that keeps that start and end is sent
 * as it is, and the device's parse of the answer refuses it (no writer makes one).
 */
export function recordJson(collection: string, id: string, seq: number, state: string): string {
  const head = `{"collection":${JSON.stringify(collection)},"id":${JSON.stringify(id)},"seq":${seq},`;
  if (state.startsWith('{"values":{') && /},"clocks":{[^{}]*}}$/.test(state.slice(-STATE_TAIL_CHARS))) return head + state.slice(1);
  const { values, clocks } = JSON.parse(state) as { values: unknown; clocks: unknown };
  return head + JSON.stringify({ values, clocks }).slice(1);
}
/** How far from a state's end its `"clocks"` are looked for (a record's clocks are one HLC per field). */
const STATE_TAIL_CHARS = 64 * 1024;

export interface RecordStore {
  /**
   * Merges already-validated `changes` of `userId` in one transaction (rule 12): all or none.
   * Returns the records that changed. Throws only on storage failure.
   */
  applyChanges(userId: string, changes: readonly Change[]): ServerRecord[];
  /** Records of `userId` with a sequence greater than `cursor`, in order, at most `limit` (rule 13). */
  pull(userId: string, cursor: number, limit: number): PullPage;
  /**
   * The page `pull` returns, each record as its JSON text spliced from the stored state
   * (recordJson), never parsed into objects and written again (POST /api/sync: the pull's time and the
   * server's garbage grow with the bytes sent, and a sealed account's are larger: issue 29 "Speed").
   */
  pullJson(userId: string, cursor: number, limit: number): PullJsonPage;
  /** One record (tombstoned ones included), or null. */
  get(userId: string, collection: CollectionName, id: string): ServerRecord | null;
  /** Every live (not tombstoned) record of a collection. */
  list(userId: string, collection: CollectionName): ServerRecord[];
  /**
   * Every tombstoned record of a collection, oldest change first: a release page checks each
   * deletion against its owner's version (page-data.ts removedOf; SECURITY.md "Freshness").
   */
  listDeleted(userId: string, collection: CollectionName): ServerRecord[];
  /**
   * The highest sequence of `userId`'s records, of one `collection` when given (0 when none): it
   * grows with every change of the account (of that collection) and with nothing else, so an
   * unchanged value means nothing changed. Optional (issue #20): callers use it to skip work; a
   * store without it is always asked in full.
   */
  latestSeq?(userId: string, collection?: CollectionName): number;
  /**
   * How many records `userId` holds (tombstones too: each is pulled once) and how many of them come
   * after `cursor`: the pull answer's `total` and `remaining` while more pages wait (issue 41: a new
   * device tells the person how far it has got). Never the records themselves: one pass over the
   * account's index entries per change of the account, then fewer than MARK_STEP entries a call
   * (issue 40, backlog-marks.ts: a page of one record must not cost a count of the whole account).
   * Optional: a store without it answers pulls without the counts.
   */
  backlog?(userId: string, cursor: number): { total: number; remaining: number };
  /** Counts of live records per collection, for summaries. */
  counts(userId: string): Record<CollectionName, number>;
  /**
   * Earlier values of a long-text field the server replaced, newest first, at most
   * MAX_HISTORY_PER_FIELD (rule 21); `at` is the HLC each was written with.
   */
  history(userId: string, collection: CollectionName, id: string, field: string): { text: string; at: string }[];
}

/**
 * RecordStore with every method returning a Promise of the same result (PostgreSQL:
 * pg-record-store.ts). Same semantics, same errors (as rejections).
 */
export type AsyncRecordStore = {
  [K in keyof RecordStore]: (
    ...args: Parameters<NonNullable<RecordStore[K]>>
  ) => Promise<ReturnType<NonNullable<RecordStore[K]>>>;
} & {
  /**
   * Admission inside the merge's transaction (PostgreSQL, issue #19): takes the account's lock,
   * reads the records `keys` names and the account's usage in that transaction, calls `admit`
   * with them and merges the changes it returns, all or none. Writes of one account on several
   * instances are thus admitted one after the other, over what the others committed, so none
   * passes a limit of shared/limits.ts. `admit` may throw: nothing is written, the error rejects.
   */
  applyAdmitted?(userId: string, keys: readonly (readonly [CollectionName, string])[], admit: Admit): Promise<ServerRecord[]>;
};

/**
 * Decides, over the current records and usage, which changes to merge (records/service.ts admission).
 * `sealedAt` is the account's `account_keys.sealed_at` (ms; null: not sealed, or no keys) as read
 * in the same transaction, after the account's lock, so a migration that finished meanwhile is
 * seen (shared/sync/README.md rule 24).
 */
export type Admit = (get: (collection: CollectionName, id: string) => ServerRecord | null, usage: AccountUsage, sealedAt: number | null) => readonly Change[];

/** Most earlier versions kept per long-text field on the server (rule 21). */
export const MAX_HISTORY_PER_FIELD = 20;
