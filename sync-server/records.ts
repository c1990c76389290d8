/**
 * Reading and writing synced records on the server. Both the sync endpoint and the REST
 * endpoints of SPEC.md §7 go through here, and so through the one merge (rule 16).
 */
import { randomUUID } from 'node:crypto';
import { COLLECTIONS, type CollectionName, type EntityOf } from '../shared/schema';
import {
  ClockError,
  createClock,
  fieldsOfPatch,
  materialize,
  newNodeId,
  TOMBSTONE_FIELD,
  validateChange,
  type Change,
  type Clock,
  type NewItemId,
  type RejectedChange,
  type ServerRecord,
} from '../shared/sync';
import type { RecordStore } from './db/record-store';
import type { Limits } from './config-limits';
import type { AccountUsage } from './db/usage';
import { ApiHttpError } from './http/errors';
import { createAdmission } from './records/admission';
import { createBoundedCache } from './records/bounded-cache';
import { watchFileRefs, type FileRefChanges } from './records/file-refs';
import { createAccountThrottle, type AccountThrottle } from './records/throttle';

const itemId = () => randomUUID().replaceAll('-', '').slice(0, 16);

export interface RecordService {
  /** The live entity, or null when missing or deleted. */
  get<C extends CollectionName>(userId: string, collection: C, id: string): EntityOf[C] | null;
  /** Every live entity of a collection, newest first where it has createdAt. */
  list<C extends CollectionName>(userId: string, collection: C): EntityOf[C][];
  /**
   * `list(userId, collection)` as JSON text. Kept per account and collection while that
   * collection's records are unchanged (RecordStore.latestSeq), so repeated reads of an unchanged list cost one
   * index seek instead of reading, parsing and serialising every record (issue #20).
   */
  listJson(userId: string, collection: CollectionName): string;
  /**
   * Writes `patch` (entity fields; lists as arrays; `_deleted: false` brings a deleted record
   * back) with the account's clock and returns the entity. `newItemId` gives new list items stable
   * ids (default: random). Throws 400 naming the field for an invalid or incomplete record, 403 or
   * 413 past a limit of shared/limits.ts, 404 when the record is missing or deleted afterwards.
   */
  write<C extends CollectionName>(
    userId: string,
    collection: C,
    id: string,
    patch: Record<string, unknown>,
    newItemId?: NewItemId,
  ): EntityOf[C];
  /** Tombstones a record (rule 5). */
  remove(userId: string, collection: CollectionName, id: string): void;
  /** Validates, admits and merges a client push (rules 3, 10–12; shared/limits.ts). */
  applyClientChanges(userId: string, raw: readonly unknown[]): { accepted: string[]; rejected: RejectedChange[] };
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
/** Usage figures are re-read from the database at least this often (ms); between, they are kept up to date here. */
const USAGE_TTL_MS = 60_000;

/**
 * A RecordService over `store`. Every account has its OWN HLC (rule 3: a timestamp one account
 * pushes never moves another's clock), created on first use with a fresh node id; a write folds
 * the record's current clocks first, so a clock recreated after eviction still wins over what it
 * wrote before. `usage` reads an account's stored records for the limits; `limits` is Config.limits;
 * `now` is the wall clock (ms). `onFileRefs` is told after each commit which files records stopped
 * or started referring to (issue #17: the blob service deletes files no live record refers to).
 */
export function createRecordService(
  store: RecordStore,
  opts: {
    now: () => number;
    usage: (userId: string) => AccountUsage;
    limits: Limits;
    onFileRefs?: (userId: string, refs: FileRefChanges) => void;
  },
): RecordService {
  const clocks = createBoundedCache<Clock>(CACHED_ACCOUNTS);
  const usages = createBoundedCache<{ at: number; usage: AccountUsage }>(CACHED_ACCOUNTS);
  const lists = createBoundedCache<{ seq: number; json: string }>(CACHED_LISTS);
  const clockOf = (userId: string) => clocks.get(userId) ?? clocks.set(userId, createClock(newNodeId(), opts.now));
  const usageOf = (userId: string) => {
    const cached = usages.get(userId);
    if (cached && opts.now() - cached.at < USAGE_TTL_MS) return cached.usage;
    return usages.set(userId, { at: opts.now(), usage: opts.usage(userId) }).usage;
  };
  const toEntity = <C extends CollectionName>(userId: string, collection: C, id: string) => {
    const r = store.get(userId, collection, id);
    return r ? materialize(collection, id, r, userId) : null;
  };

  /** Merges admitted `changes` of `userId` in one transaction, then tells `onFileRefs` what files they released. */
  const commit = (userId: string, changes: Change[]) => {
    const get = (c: CollectionName, id: string) => store.get(userId, c, id);
    const files = opts.onFileRefs ? watchFileRefs(changes, get) : null;
    const written = store.applyChanges(userId, changes);
    if (files) {
      try {
        const refs = files.after(get);
        if (refs.released.length > 0 || refs.referenced.length > 0) opts.onFileRefs!(userId, refs);
      } catch (err) {
        console.error('Following file references after a commit failed (the sweep catches up):', err); // the write itself succeeded
      }
    }
    return written;
  };

  /** Admits and merges one server-made change; throws the refusal as an HTTP error. */
  const applyServerChange = (userId: string, change: Change, current: ServerRecord | null) => {
    const admission = createAdmission(userId, () => current, usageOf(userId), opts.limits);
    const refusal = admission.admit(change);
    if (refusal) throw new ApiHttpError(refusal.status, refusal.reason, [{ path: refusal.path, message: refusal.reason }]);
    commit(userId, [change]);
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

  const service: RecordService = {
    get: toEntity,
    list(userId, collection) {
      const all = store
        .list(userId, collection)
        .map((r) => materialize(collection, r.id, r, userId))
        .filter((e): e is NonNullable<typeof e> => e !== null);
      return all.sort((a, b) => {
        const ca = (a as { createdAt?: string }).createdAt ?? '';
        const cb = (b as { createdAt?: string }).createdAt ?? '';
        return cb.localeCompare(ca);
      });
    },
    listJson(userId, collection) {
      const seq = store.latestSeq?.(userId, collection);
      const key = `${userId}\u0000${collection}`;
      const cached = seq === undefined ? undefined : lists.get(key);
      if (cached && cached.seq === seq) return cached.json;
      const json = JSON.stringify(service.list(userId, collection));
      if (seq !== undefined && json.length <= CACHED_LIST_BYTES) lists.set(key, { seq, json });
      return json;
    },
    write(userId, collection, id, patch, newItemId = itemId) {
      const current = store.get(userId, collection, id);
      const { [TOMBSTONE_FIELD]: tombstone, ...rest } = patch;
      const fields = fieldsOfPatch(collection, current ?? { values: {}, clocks: {} }, rest, newItemId);
      if (typeof tombstone === 'boolean') fields[TOMBSTONE_FIELD] = tombstone;
      if (Object.keys(fields).length > 0) {
        const result = validateChange({ collection, id, hlc: tickAfter(userId, current), fields }, { actor: 'server', userId });
        if (!result.ok) throw new ApiHttpError(400, result.reason);
        applyServerChange(userId, result.change, current);
      }
      const entity = toEntity(userId, collection, id);
      if (!entity) throw new ApiHttpError(404, 'Not found');
      return entity;
    },
    remove(userId, collection, id) {
      const current = store.get(userId, collection, id);
      applyServerChange(userId, { collection, id, hlc: tickAfter(userId, current), fields: { [TOMBSTONE_FIELD]: true } }, current);
    },
    applyClientChanges(userId, raw) {
      const clock = clockOf(userId);
      const admission = createAdmission(userId, (c, id) => store.get(userId, c, id), usageOf(userId), opts.limits);
      const valid: Change[] = [];
      const refused: { item: unknown; change: Change | null; reason: string }[] = [];
      for (const item of raw) {
        const result = validateChange(item, { actor: 'client', userId });
        if (!result.ok) {
          refused.push({ item, change: null, reason: result.reason });
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
      const written = new Map(commit(userId, valid).map((r) => [`${r.collection}/${r.id}`, r] as const));
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
        return { hlc, collection, id, reason, record: first ? admission.stateOf(collection as CollectionName, id, written) : null };
      });
      return { accepted: valid.map((c) => c.hlc), rejected };
    },
    throttle: createAccountThrottle(opts.now, opts.limits),
  };
  return service;
}
