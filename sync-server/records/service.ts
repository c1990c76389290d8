/**
 * Reading and writing synced records on the server. Both the sync endpoint and the REST
 * endpoints of SPEC.md §7 go through here, and so through the one merge (rule 16).
 */
import { randomUUID } from 'node:crypto';
import { COLLECTIONS, type CollectionName, type EntityOf } from '../../shared/schema';
import {
  ClockError,
  createClock,
  addDerivedFields,
  fieldsOfPatch,
  isDeleted,
  materialize,
  newNodeId,
  TOMBSTONE_FIELD,
  validateChange,
  type Change,
  type Clock,
  type NewItemId,
  type RejectedChange,
  type ServerRecord,
} from '../../shared/sync';
import type { AsyncRecordStore, RecordStore } from './store/record-store';
import type { Limits } from '../config-limits';
import type { AccountUsage } from './store/usage';
import { ApiHttpError } from '../http/errors';
import { outsideTransaction } from '../db/tx-errors';
import type { RateLimiterFactory } from '../http/rate-limit';
import { createAdmission } from './admission';
import { checkSealedField, refuseSealedRestWrite, sealedAccountOf, sealingAt, type AccountKeysReader, type SealedAccount } from './sealed-check';
import { createBoundedCache } from '../db/bounded-cache';
import { sealedRestChange, sealedRestCheck, withSealedLists } from './sealed-rest';
import { watchFileRefs, type FileRefChanges } from './file-refs';
import { createAccountThrottle, type AccountThrottle } from '../http/account-throttle';

const itemId = () => randomUUID().replaceAll('-', '').slice(0, 16);

import type { MaybePromise } from '../db/maybe-promise';

export type { MaybePromise };

/**
 * What export, AI snapshots and (for now) the release code read: get and list of either
 * RecordService (both results can be awaited).
 */
export interface RecordReader {
  get<C extends CollectionName>(userId: string, collection: C, id: string): MaybePromise<EntityOf[C] | null>;
  list<C extends CollectionName>(userId: string, collection: C): MaybePromise<EntityOf[C][]>;
}

/**
 * The request path's record service (issue #19): every read and write returns a Promise, so the
 * same routes run over SQLite's synchronous store and PostgreSQL's AsyncRecordStore.
 */
export interface RecordService {
  /** The live entity, or null when missing or deleted. */
  get<C extends CollectionName>(userId: string, collection: C, id: string): Promise<EntityOf[C] | null>;
  /** Every live entity of a collection, newest first where it has createdAt. */
  list<C extends CollectionName>(userId: string, collection: C): Promise<EntityOf[C][]>;
  /**
   * `list(userId, collection)` as JSON text. Kept per account and collection while that
   * collection's records are unchanged (RecordStore.latestSeq), so repeated reads of an unchanged
   * account's list cost one index-only seek instead of reading, parsing and serialising every
   * record (issue #20).
   */
  listJson(userId: string, collection: CollectionName): string | Promise<string>;
  /**
   * Writes `patch` (entity fields; lists as arrays; `_deleted: false` brings a deleted record
   * back) with the account's clock and returns the entity. `newItemId` gives new list items stable
   * ids (default: random). Rejects with 400 naming the field for an invalid or incomplete record, 403 or
   * 413 past a limit of shared/limits.ts, 404 when the record is missing or deleted afterwards.
   */
  write<C extends CollectionName>(
    userId: string,
    collection: C,
    id: string,
    patch: Record<string, unknown>,
    newItemId?: NewItemId,
  ): Promise<EntityOf[C]>;
  /**
   * A sealed account's REST write (records/sealed-rest.ts): `fields` (plain values, envelopes, list
   * items) written at exactly the client's `hlc`, which the envelopes are bound to. Checks `hlc` as
   * a push's (rule 3: 422 past the drift bound) and the envelopes (rule 24), derives the plain
   * fields (addDerivedFields), then refuses with 409 and the current `clocks` when any field it
   * writes has a clock not older than `hlc` (the write would lose: the client seals again at a newer
   * one), or on `create` when the id is taken; 404 when updating a missing or deleted record.
   */
  writeAt<C extends CollectionName>(userId: string, collection: C, id: string, hlc: string, fields: Record<string, unknown>, mode: 'create' | 'update'): Promise<EntityOf[C]>;
  /**
   * Merges generated content (shared/sync/README.md rule 18: the default survivor tasks, with their
   * fixed low HLCs) through admission in one transaction: the limits of shared/limits.ts, and a
   * sealed account's rule checked against the sealing as it stands at the merge. Its words are
   * plain, so a sealed account (or one whose migration finishes meanwhile) is refused with 422
   * naming the field and nothing is written: its device writes the guide itself and seals it
   * (web/db/generated.ts; issue 29 "Fields the server writes today move to the device").
   */
  writeGenerated(userId: string, changes: readonly Change[]): Promise<void>;
  /** The account's sealing when it is sealed (`sealed_at` set): its REST writes take the sealed form; else null. */
  sealing(userId: string): Promise<SealedAccount | null>;
  /** Tombstones a record (rule 5). */
  remove(userId: string, collection: CollectionName, id: string): Promise<void>;
  /**
   * Validates, admits and merges a client push (rules 3, 10–12; shared/limits.ts). On SQLite the
   * whole push runs synchronously inside `opts.writeBatch` (the group commit, db/group-commit.ts);
   * on PostgreSQL the push's records are read first and its merge is one transaction of the store.
   */
  applyClientChanges(userId: string, raw: readonly unknown[], refuse?: RefuseChange): Promise<{ accepted: string[]; rejected: RejectedChange[] }>;
  /**
   * The per-account rate limits of client requests (requests, writes, bytes read per minute).
   * Server-side writes (release, registration) are never counted.
   */
  throttle: AccountThrottle;
}

/** How many accounts' clocks and usage figures stay in memory (least recently used go first). */
const CACHED_ACCOUNTS = 10_000;
/** How many serialised lists stay in memory, and the largest one kept (bytes): at most 32 MB. */
const CACHED_LISTS = 512;
const CACHED_LIST_BYTES = 64 * 1024;
/** A serialised list, kept with the account's and the collection's latest sequences it was read at. */
interface KeptList {
  accountSeq: number;
  seq: number;
  json: string;
}
/** Usage figures are re-read from the database at least this often (ms); between, they are kept up to date here. */
const USAGE_TTL_MS = 60_000;

type Get = (collection: CollectionName, id: string) => ServerRecord | null;
/**
 * A caller's own refusal of a valid change (e.g. accounts/unproven.ts: a session made by a password
 * reset may not re-address a message): the reason, or null to let it through. A refused change is
 * rejected with the record's state like any other (rule 11), never dropped.
 */
export type RefuseChange = (change: Change) => string | null;
const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * The store a RecordService runs over: SQLite's synchronous one (with its group commit,
 * db/group-commit.ts, which runs a push synchronously inside a shared transaction), or
 * PostgreSQL's asynchronous one (each push its own transaction of the store).
 */
export type RecordSource =
  | {
      engine: 'sqlite';
      store: RecordStore;
      writeBatch?: <T>(write: () => T) => Promise<T>;
      /**
       * The account's `account_keys.sealed_at` (ms, null: not sealed or no keys), read synchronously
       * in the caller's transaction (keys/seal-store.ts sqliteSealedAt): a push or a server-clock
       * write is held to the sealing as it stands when it commits, not as it was read before
       * (shared/sync/README.md rule 24: the migration's finish may land in between).
       */
      sealedAt?: (userId: string) => number | null;
    }
  | { engine: 'postgres'; store: AsyncRecordStore };

/**
 * A RecordService over `source` (SQLite's RecordStore or PostgreSQL's AsyncRecordStore). Every
 * account has its OWN HLC (rule 3: a timestamp one account
 * pushes never moves another's clock), created on first use with a fresh node id; a write folds
 * the record's current clocks first, so a clock recreated after eviction still wins over what it
 * wrote before. `usage` reads an account's stored records for the limits; `limits` is Config.limits;
 * `now` is the wall clock (ms). `onFileRefs` is told after each commit which files records stopped
 * or started referring to (issue #17: the blob service deletes files no live record refers to).
 */
export function createRecordService(
  source: RecordSource,
  opts: {
    now: () => number;
    usage: (userId: string) => MaybePromise<AccountUsage>;
    limits: Limits;
    onFileRefs?: (userId: string, refs: FileRefChanges) => void;
    /** Told after each commit of every record it wrote as deleted (share now stops a deleted document's shares: docs/sharing.md). */
    onDeleted?: (userId: string, collection: CollectionName, id: string) => void;
    /** The per-account limiters (default: in memory; services.ts gives PostgreSQL's shared ones). */
    rateLimiters?: RateLimiterFactory;
    /** An account's keys (services.keys.get): a sealed account's pushes must carry envelopes (rule 24). */
    accountKeys?: AccountKeysReader;
  },
): RecordService {
  const store: RecordStore | AsyncRecordStore = source.store;
  const clocks = createBoundedCache<Clock>(CACHED_ACCOUNTS);
  const usages = createBoundedCache<{ at: number; usage: AccountUsage }>(CACHED_ACCOUNTS);
  const lists = createBoundedCache<KeptList>(CACHED_LISTS);
  const clockOf = (userId: string) => clocks.get(userId) ?? clocks.set(userId, createClock(newNodeId(), opts.now));
  const cachedUsage = (userId: string) => {
    const cached = usages.get(userId);
    return cached && opts.now() - cached.at < USAGE_TTL_MS ? cached.usage : null;
  };
  // On PostgreSQL other instances write too: a usage kept here would let each instance fill the
  // account up to its limit (issue #19), so it is read for every write (one indexed query).
  const usageOf = async (userId: string) =>
    source.engine === 'postgres' ? await opts.usage(userId) : (cachedUsage(userId) ?? usages.set(userId, { at: opts.now(), usage: await opts.usage(userId) }).usage);
  /** The entity of `r`; a sealed list answers its envelopes by item id (sealed-rest.ts withSealedLists). */
  const toEntity = <C extends CollectionName>(collection: C, id: string, r: ServerRecord | null, userId: string) => {
    const entity = r ? materialize(collection, id, r, userId) : null;
    if (entity) withSealedLists(collection, r!, entity as Record<string, unknown>);
    return entity;
  };

  /** Tells `onFileRefs` what files `changes` released or referenced (`before`/`after`: the records around the commit). */
  const followFiles = (userId: string, changes: readonly Change[], before: Get, after: () => Get) => {
    if (!opts.onFileRefs) return;
    const files = watchFileRefs(changes, before);
    return () => {
      try {
        const refs = files.after(after());
        if (refs.released.length > 0 || refs.referenced.length > 0) opts.onFileRefs!(userId, refs);
      } catch (err) {
        console.error('Following file references after a commit failed (the sweep catches up):', err); // the write itself succeeded
      }
    };
  };

  /** Tells `onDeleted` of each record of `written` that is deleted (a failure there never fails the write). */
  const followDeletes = (userId: string, written: readonly ServerRecord[]) => {
    for (const r of written) if (opts.onDeleted && isDeleted(r)) opts.onDeleted(userId, r.collection, r.id);
  };

  /** The records after a commit: `written`, else as `before`. */
  const afterCommit = (written: readonly ServerRecord[], before: Get): Get => {
    const m = new Map(written.map((r) => [keyOf(r.collection, r.id), r] as const));
    return (c: CollectionName, id: string) => m.get(keyOf(c, id)) ?? before(c, id);
  };

  /** Merges admitted `changes` of `userId` in one transaction of the store, then follows their files. */
  const commit = async (userId: string, changes: Change[], before: Get): Promise<ServerRecord[]> => {
    let written: ServerRecord[] = [];
    const done = followFiles(userId, changes, before, () => afterCommit(written, before));
    written = await store.applyChanges(userId, changes);
    done?.();
    followDeletes(userId, written);
    return written;
  };

  /**
   * PostgreSQL: admits in the merge's own transaction (AsyncRecordStore.applyAdmitted), over the
   * records `keys` names and the usage as committed by every instance; `admit` returns what to merge.
   * Follows the files of what was merged. Resolves the written records.
   */
  const commitAdmitted = async (userId: string, keys: readonly (readonly [CollectionName, string])[], admit: (get: Get, usage: AccountUsage, sealedAt: number | null) => readonly Change[]) => {
    let before: Get = () => null;
    let merged: readonly Change[] = [];
    const written = await (store as AsyncRecordStore).applyAdmitted!(userId, keys, (get, usage, sealedAt) => {
      before = get;
      merged = admit(get, usage, sealedAt);
      return merged;
    });
    followFiles(userId, merged, before, () => afterCommit(written, before))?.();
    followDeletes(userId, written);
    return written;
  };

  /** The next timestamp of `userId`'s clock, after every clock of `current` (see above). */
  const tickAfter = (userId: string, current: ServerRecord | null) => {
    const clock = clockOf(userId);
    let latest = '';
    for (const hlc of Object.values(current?.clocks ?? {})) if (hlc > latest) latest = hlc;
    if (latest && latest > clock.last()) {
      try {
        clock.receive(latest);
      } catch (err) {
        if (!(err instanceof ClockError)) throw err; // a stored clock far ahead: the write may lose, never fail
      }
    }
    return clock.tick();
  };

  /** The account's `sealed_at` as SQLite stands now (null on PostgreSQL, whose store reads it in its transaction). */
  const sealedAtNow = (userId: string) => (source.engine === 'sqlite' ? (source.sealedAt?.(userId) ?? null) : null);

  /**
   * Admits and merges one server-made change over `current`; rejects with the refusal as an HTTP
   * error. `check` (a sealed REST write's clock check) runs on the record as the merge will see it.
   * `account` (a server-clock write: the sealing read before it) is checked again against the
   * sealing as it stands at the merge (refuseSealedRestWrite, 422): a migration that finished
   * meanwhile makes its plaintext in a sealed field a refusal, never a stored plaintext (rule 24).
   */
  const applyServerChange = async (userId: string, change: Change, current: ServerRecord | null, check?: (current: ServerRecord | null) => void, account?: SealedAccount | null) => {
    outsideTransaction('Writing a record'); // the release writes records after its transactions commit
    const admitOne = (get: Get, usage: AccountUsage, sealedAt: number | null) => {
      if (account !== undefined) refuseSealedRestWrite(change.collection, change.id, change.fields, sealingAt(account, sealedAt));
      check?.(get(change.collection, change.id));
      const refusal = createAdmission(userId, () => get(change.collection, change.id), usage, opts.limits).admit(change);
      if (refusal) throw new ApiHttpError(refusal.status, refusal.reason, [{ path: refusal.path, message: refusal.reason }]);
      return [change];
    };
    if (source.engine === 'postgres' && source.store.applyAdmitted) {
      await commitAdmitted(userId, [[change.collection, change.id]], admitOne);
      return;
    }
    const usage = await usageOf(userId);
    // SQLite's store is synchronous: a checked write re-reads the record here, and the sealing,
    // so nothing lands between its checks and its merge (admitOne and commit's merge run in one
    // synchronous step).
    const now = check && source.engine === 'sqlite' ? source.store.get(userId, change.collection, change.id) : current;
    admitOne(() => now, usage, sealedAtNow(userId));
    await commit(userId, [change], () => now);
  };

  /** RecordService.writeGenerated: `changes` admitted over the records as the merge sees them (one transaction). */
  const applyGenerated = async (userId: string, changes: readonly Change[], account: SealedAccount | null) => {
    outsideTransaction('Writing a record');
    const admitAll = (get: Get, usage: AccountUsage, sealedAt: number | null) => {
      const admission = createAdmission(userId, get, usage, opts.limits);
      for (const change of changes) {
        refuseSealedRestWrite(change.collection, change.id, change.fields, sealingAt(account, sealedAt));
        const refusal = admission.admit(change);
        if (refusal) throw new ApiHttpError(refusal.status, refusal.reason, [{ path: refusal.path, message: refusal.reason }]);
      }
      return changes;
    };
    if (source.engine === 'postgres' && source.store.applyAdmitted) {
      await commitAdmitted(userId, changes.map((c) => [c.collection, c.id] as const), admitAll);
      return;
    }
    const usage = await usageOf(userId);
    // SQLite: admission, the sealing read and the merge run in one synchronous step (as applyServerChange).
    const get: Get = (c, id) => (store as RecordStore).get(userId, c, id);
    const now = source.engine === 'sqlite' ? get : await snapshotOf(userId, changes);
    admitAll(now, usage, sealedAtNow(userId));
    await commit(userId, [...changes], now);
  };

  /** The records `changes` name, read once (a store without applyAdmitted). */
  const snapshotOf = async (userId: string, changes: readonly Change[]): Promise<Get> => {
    const found = new Map<string, ServerRecord | null>();
    for (const c of changes) found.set(keyOf(c.collection, c.id), await store.get(userId, c.collection, c.id));
    return (c, id) => found.get(keyOf(c, id)) ?? null;
  };

  /**
   * Phase 1 of a push: validates, receives the clocks of and admits `raw` over `get` and `usage`
   * (all synchronous). A sealed account's sealed fields are checked as envelopes (rule 24);
   * `refuse` may refuse a change with a reason (an unproven session, accounts/unproven.ts).
   */
  const admitPush = (userId: string, raw: readonly unknown[], get: Get, usage: AccountUsage, account: SealedAccount | null, refuse?: RefuseChange) => {
    const clock = clockOf(userId);
    const admission = createAdmission(userId, get, usage, opts.limits);
    const valid: Change[] = [];
    const refused: { item: unknown; change: Change | null; reason: string }[] = [];
    const sealed = account ? (c: CollectionName, id: string, f: string, v: unknown) => checkSealedField(account, c, id, f, v) : undefined;
    for (const item of raw) {
      const result = validateChange(item, { actor: 'client', userId, sealed });
      if (!result.ok) {
        refused.push({ item, change: null, reason: result.reason });
        continue;
      }
      const refusedByCaller = refuse?.(result.change);
      if (refusedByCaller) {
        refused.push({ item, change: result.change, reason: refusedByCaller });
        continue;
      }
      try {
        clock.receive(result.change.hlc);
      } catch (err) {
        if (!(err instanceof ClockError)) throw err;
        refused.push({ item, change: result.change, reason: err.message });
        continue;
      }
      const refusal = admission.admit(result.change);
      if (refusal) refused.push({ item, change: result.change, reason: refusal.reason });
      else valid.push(result.change);
    }
    return { admission, valid, refused };
  };

  /** Phase 2 of a push: the answer, once `written` (what the merge changed) is known. */
  const answerPush = ({ admission, valid, refused }: ReturnType<typeof admitPush>, written: readonly ServerRecord[]) => {
    const changed = new Map(written.map((r) => [`${r.collection}/${r.id}`, r] as const));
    // Rule 11: the record's state rides with the FIRST rejection of that record only; later
    // ones carry null and the client uses the first (issue #15: bounded responses).
    const sent = new Set<string>();
    const rejected: RejectedChange[] = refused.map(({ item, change, reason }) => {
      const c = (change ?? item ?? {}) as Partial<Change>;
      const hlc = typeof c.hlc === 'string' ? c.hlc.slice(0, 64) : '';
      const collection = typeof c.collection === 'string' ? c.collection.slice(0, 64) : '';
      const id = typeof c.id === 'string' ? c.id.slice(0, 64) : '';
      const key = `${collection}/${id}`;
      const known = change !== null || ((COLLECTIONS as readonly string[]).includes(collection) && /^[A-Za-z0-9_-]{1,64}$/.test(id));
      const first = known && !sent.has(key);
      if (first) sent.add(key);
      return { hlc, collection, id, reason, record: first ? admission.stateOf(collection as CollectionName, id, changed) : null };
    });
    return { accepted: valid.map((c) => c.hlc), rejected };
  };

  /**
   * SQLite: the whole push synchronously (inside the group commit when given), as before issue #19.
   * The sealing `account` read before is checked again in the push's transaction (sealingAt).
   */
  const pushSync = (sync: RecordStore, userId: string, raw: readonly unknown[], usage: AccountUsage, account: SealedAccount | null, refuse?: RefuseChange) => {
    const get: Get = (c, id) => sync.get(userId, c, id);
    const admitted = admitPush(userId, raw, get, usage, sealingAt(account, sealedAtNow(userId)), refuse);
    const done = followFiles(userId, admitted.valid, get, () => get);
    const written = sync.applyChanges(userId, admitted.valid);
    done?.();
    followDeletes(userId, written);
    return answerPush(admitted, written);
  };

  /** PostgreSQL: the records the push names are read, admitted and merged in ONE transaction of the store (applyAdmitted; a store without it: read, admitted, then merged). */
  const pushAsync = async (userId: string, raw: readonly unknown[], account: SealedAccount | null, refuse?: RefuseChange) => {
    const keys = new Map<string, [CollectionName, string]>();
    for (const item of raw) {
      const { collection, id } = (item ?? {}) as { collection?: unknown; id?: unknown };
      if (typeof collection === 'string' && (COLLECTIONS as readonly string[]).includes(collection) && typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)) {
        keys.set(keyOf(collection, id), [collection as CollectionName, id]);
      }
    }
    if (source.engine === 'postgres' && source.store.applyAdmitted) {
      let admitted: ReturnType<typeof admitPush> | undefined;
      const written = await commitAdmitted(userId, [...keys.values()], (get, inTx, sealedAt) => (admitted = admitPush(userId, raw, get, inTx, sealingAt(account, sealedAt), refuse)).valid);
      if (admitted) return answerPush(admitted, written);
    }
    const found = new Map<string, ServerRecord | null>();
    await Promise.all([...keys].map(async ([k, [c, id]]) => found.set(k, await store.get(userId, c, id))));
    const get: Get = (c, id) => found.get(keyOf(c, id)) ?? null;
    const admitted = admitPush(userId, raw, get, await usageOf(userId), account, refuse);
    return answerPush(admitted, await commit(userId, admitted.valid, get));
  };

  const sortNewestFirst = <T>(all: T[]) =>
    all.sort((a, b) => {
      const ca = (a as { createdAt?: string }).createdAt ?? '';
      const cb = (b as { createdAt?: string }).createdAt ?? '';
      return cb.localeCompare(ca);
    });
  const materializeAll = <C extends CollectionName>(userId: string, collection: C, rows: ServerRecord[]) =>
    sortNewestFirst(rows.map((r) => toEntity(collection, r.id, r, userId)).filter((e): e is NonNullable<typeof e> => e !== null));

  /** The change `patch` makes to `current`, or null when it changes nothing; throws 400 when invalid. */
  const serverChange = (
    userId: string,
    collection: CollectionName,
    id: string,
    patch: Record<string, unknown>,
    current: ServerRecord | null,
    newItemId: NewItemId,
    account: SealedAccount | null,
  ) => {
    const { [TOMBSTONE_FIELD]: tombstone, ...rest } = patch;
    const fields = fieldsOfPatch(collection, current ?? { values: {}, clocks: {} }, rest, newItemId);
    if (typeof tombstone === 'boolean') fields[TOMBSTONE_FIELD] = tombstone;
    if (Object.keys(fields).length === 0) return null;
    addDerivedFields(collection, current ?? { values: {}, clocks: {} }, fields);
    refuseSealedRestWrite(collection, id, fields, account);
    const result = validateChange({ collection, id, hlc: tickAfter(userId, current), fields }, { actor: 'server', userId });
    if (!result.ok) throw new ApiHttpError(400, result.reason);
    return result.change;
  };

  const throttle = createAccountThrottle(opts.now, opts.limits, opts.rateLimiters);

  const service: RecordService = {
    async get(userId, collection, id) {
      return toEntity(collection, id, await store.get(userId, collection, id), userId);
    },
    async list(userId, collection) {
      return materializeAll(userId, collection, await store.list(userId, collection));
    },
    listJson(userId, collection) {
      if (!store.latestSeq) return service.list(userId, collection).then((list) => JSON.stringify(list));
      // Both keys are read BEFORE the records, so a kept answer is never older than its keys.
      // First the account's latest sequence (index-only, one seek): every change of any of its
      // records takes a new, higher one, so while it stands nothing of the account changed.
      // Only when it moved, the collection's own (which reads each of its rows: issue #20's
      // profile gave it 15% of a list read's CPU), so a change elsewhere keeps this list.
      // A kept list on SQLite is answered at once, without a promise (issue 41).
      const latestSeq = store.latestSeq;
      const key = `${userId}\u0000${collection}`;
      const read = async (accountSeq: number, cached: KeptList | undefined) => {
        const seq = await latestSeq(userId, collection);
        if (cached && cached.seq === seq) {
          cached.accountSeq = accountSeq;
          return cached.json;
        }
        const json = JSON.stringify(await service.list(userId, collection));
        if (json.length <= CACHED_LIST_BYTES) lists.set(key, { accountSeq, seq, json });
        return json;
      };
      const kept = (accountSeq: number) => {
        const cached = lists.get(key);
        return cached && cached.accountSeq === accountSeq ? cached.json : read(accountSeq, cached);
      };
      const accountSeq = latestSeq(userId);
      return accountSeq instanceof Promise ? accountSeq.then(kept) : kept(accountSeq);
    },
    async write(userId, collection, id, patch, newItemId = itemId) {
      const account = await sealedAccountOf(opts.accountKeys, userId);
      const current = await store.get(userId, collection, id);
      const change = serverChange(userId, collection, id, patch, current, newItemId, account);
      if (change) await applyServerChange(userId, change, current, undefined, account);
      const entity = await service.get(userId, collection, id);
      if (!entity) throw new ApiHttpError(404, 'Not found');
      return entity;
    },
    async writeAt(userId, collection, id, hlc, fields, mode) {
      const account = await sealedAccountOf(opts.accountKeys, userId);
      try {
        clockOf(userId).receive(hlc);
      } catch (err) {
        if (!(err instanceof ClockError)) throw err;
        throw new ApiHttpError(422, `hlc: ${err.message}`, [{ path: 'hlc', message: err.message }]);
      }
      const current = await store.get(userId, collection, id);
      const change = sealedRestChange(userId, collection, id, hlc, fields, current, account);
      const check = sealedRestCheck(change, mode);
      check(current);
      await applyServerChange(userId, change, current, check);
      const entity = await service.get(userId, collection, id);
      if (!entity) throw new ApiHttpError(404, 'Not found');
      return entity;
    },
    async writeGenerated(userId, changes) {
      await applyGenerated(userId, changes, await sealedAccountOf(opts.accountKeys, userId));
    },
    async sealing(userId) {
      const account = await sealedAccountOf(opts.accountKeys, userId);
      return account?.strict ? account : null;
    },
    async remove(userId, collection, id) {
      const current = await store.get(userId, collection, id);
      await applyServerChange(userId, { collection, id, hlc: tickAfter(userId, current), fields: { [TOMBSTONE_FIELD]: true } }, current);
    },
    async applyClientChanges(userId, raw, refuse) {
      const account = await sealedAccountOf(opts.accountKeys, userId);
      if (source.engine === 'postgres') return pushAsync(userId, raw, account, refuse);
      const usage = await usageOf(userId);
      const sqlite = source.store;
      return source.writeBatch ? source.writeBatch(() => pushSync(sqlite, userId, raw, usage, account, refuse)) : pushSync(sqlite, userId, raw, usage, account, refuse);
    },
    throttle,
  };

  return service;
}
