/**
 * Reading and writing synced records on the server. Both the sync endpoint and the REST
 * endpoints of SPEC.md §7 go through here, and so through the one merge (rule 16).
 */
import { randomUUID } from 'node:crypto';
import { COLLECTIONS, type CollectionName, type EntityOf } from '../shared/schema';
import {
  ClockError,
  fieldsOfPatch,
  materialize,
  TOMBSTONE_FIELD,
  validateChange,
  type Change,
  type Clock,
  type NewItemId,
  type RejectedChange,
} from '../shared/sync';
import type { RecordStore } from './db/record-store';
import { ApiHttpError } from './http/errors';

const itemId = () => randomUUID().replaceAll('-', '').slice(0, 16);

export interface RecordService {
  /** The live entity, or null when missing or deleted. */
  get<C extends CollectionName>(userId: string, collection: C, id: string): EntityOf[C] | null;
  /** Every live entity of a collection, newest first where it has createdAt. */
  list<C extends CollectionName>(userId: string, collection: C): EntityOf[C][];
  /**
   * Writes `patch` (entity fields; lists as arrays; `_deleted: false` brings a deleted record
   * back) with the server clock and returns the entity. `newItemId` gives new list items stable
   * ids (default: random). Throws 404 when the record is missing or deleted afterwards.
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
  /** Validates and merges a client push (rules 3, 10–12). */
  applyClientChanges(userId: string, raw: readonly unknown[]): { accepted: string[]; rejected: RejectedChange[] };
}

/** A RecordService over `store`, stamping server writes with `clock`. */
export function createRecordService(store: RecordStore, clock: Clock): RecordService {
  const toEntity = <C extends CollectionName>(userId: string, collection: C, id: string) => {
    const r = store.get(userId, collection, id);
    return r ? materialize(collection, id, r, userId) : null;
  };

  return {
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
    write(userId, collection, id, patch, newItemId = itemId) {
      const current = store.get(userId, collection, id) ?? { values: {}, clocks: {} };
      const { [TOMBSTONE_FIELD]: tombstone, ...rest } = patch;
      const fields = fieldsOfPatch(collection, current, rest, newItemId);
      if (typeof tombstone === 'boolean') fields[TOMBSTONE_FIELD] = tombstone;
      if (Object.keys(fields).length > 0) {
        const result = validateChange({ collection, id, hlc: clock.tick(), fields }, { actor: 'server', userId });
        if (!result.ok) throw new ApiHttpError(400, result.reason);
        store.applyChanges(userId, [result.change]);
      }
      const entity = toEntity(userId, collection, id);
      if (!entity) throw new ApiHttpError(404, 'Not found');
      return entity;
    },
    remove(userId, collection, id) {
      store.applyChanges(userId, [{ collection, id, hlc: clock.tick(), fields: { [TOMBSTONE_FIELD]: true } }]);
    },
    applyClientChanges(userId, raw) {
      const valid: Change[] = [];
      const rejected: RejectedChange[] = [];
      for (const item of raw) {
        const result = validateChange(item, { actor: 'client', userId });
        let reason = result.ok ? null : result.reason;
        if (result.ok) {
          try {
            clock.receive(result.change.hlc);
            valid.push(result.change);
          } catch (err) {
            if (!(err instanceof ClockError)) throw err;
            reason = err.message;
          }
        }
        if (reason !== null) {
          const c = (item ?? {}) as Partial<Change>;
          const hlc = typeof c.hlc === 'string' ? c.hlc : '';
          const collection = typeof c.collection === 'string' ? c.collection : '';
          const id = typeof c.id === 'string' ? c.id : '';
          const known = result.ok || ((COLLECTIONS as readonly string[]).includes(collection) && id !== '');
          rejected.push({
            hlc,
            collection,
            id,
            reason,
            record: known ? store.get(userId, collection as CollectionName, id) : null,
          });
        }
      }
      store.applyChanges(userId, valid);
      return { accepted: valid.map((c) => c.hlc), rejected };
    },
  };
}
