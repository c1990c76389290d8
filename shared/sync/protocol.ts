/**
 * The wire protocol of `POST /api/sync` (rules 9–14 of shared/sync/README.md), without zod (issue
 * 41: the engine runs at a signed-in start): the request's zod schema, which the server parses
 * with, is ./protocol-schema.ts; a device checks the answer with web/sync/response-check.ts.
 */
import { ACCOUNT_LIMITS } from '../limits';
import type { CollectionName } from '../schema/collection-names';
import type { Change } from './change';
import type { RecordState } from './merge';

/** Bumped on any incompatible change; the server answers 426 to other versions (rule 14). */
export const PROTOCOL_VERSION = 2;
/**
 * The words of the server's refusals that a device answers by sealing the change again and pushing
 * it again, never by dropping it (rules 24, 26): plaintext in a sealed field, a stale key version,
 * a key the account's keyring does not have. sync-server/records/sealed-check.ts writes them;
 * web/sync/sealing.ts recognises them.
 */
export const SEAL_REFUSALS = { plaintext: 'must be sealed', stale: 'needs a newer key', unknownKey: 'key the account does not have' } as const;

/** Most changes one push may carry; a client sends its outbox in batches of at most this. */
export const MAX_PUSH_CHANGES = ACCOUNT_LIMITS.changesPerPush;
/** Most records one pull page returns. */
export const DEFAULT_PULL_LIMIT = 500;

export type SyncRequest = { protocol: number; cursor: number; changes: Change[]; limit?: number; account?: string };

/** A record as the server sends it: its whole field state and its server sequence number. */
export interface ServerRecord extends RecordState {
  collection: CollectionName;
  id: string;
  seq: number;
}

export interface RejectedChange {
  hlc: string;
  collection: string;
  id: string;
  reason: string;
  /**
   * The server's current state of that record (null if none), so the client can roll back (rule 11).
   * Sent with the record's first rejection in a response only; later ones carry null and mean the same.
   */
  record: ServerRecord | null;
}

export interface SyncResponse {
  /** HLCs of the changes merged (or already present): the client deletes these from its outbox. */
  accepted: string[];
  rejected: RejectedChange[];
  /** Records changed since the request's cursor, in sequence order. */
  records: ServerRecord[];
  cursor: number;
  hasMore: boolean;
  /**
   * With a page that has more after it (issue 41: a new device says how far it has got): how many
   * records the account holds and how many of them come after this page's cursor. Absent on the
   * last page, and from a server that does not count.
   */
  total?: number;
  remaining?: number;
  /** The server's wall clock when it answered (ms since the epoch), for the client's clock offset (rule 17). */
  serverTime: number;
}
