/**
 * One push/pull exchange on the client side (rules 11–13 of shared/sync/README.md): which
 * request to send, and applying the response in ONE Dexie transaction.
 */
import { COLLECTIONS, type CollectionName } from '../../shared/schema/collection-names';
import type { Change } from '../../shared/sync/change';
import { mergeState, type RecordState } from '../../shared/sync/merge';
import { parseConflictKey, RESTORABLE_FIELD } from '../../shared/sync/versions';
import { isClockRefusal, restampRefused } from './restamp';
import { checkOpened, isSealRefusal, openRecords, sealedFieldsOf, sealOutbox, writeSealErrors, type OpenedRecords, type SyncKeys } from './sealing';
import { MAX_PUSH_CHANGES, PROTOCOL_VERSION, type RejectedChange, type SyncRequest, type SyncResponse } from '../../shared/sync/protocol';
import { loadWriteKit, type UserDatabase } from '../db/user-database';
import { notePage, pageStates, type PageState, type PageStates } from './new-records';
import { markPulledDeletes } from '../db/pulled-deletes';
import { TOMBSTONE_FIELD } from '../../shared/schema/collection-names';

/**
 * The next request: the oldest ≤ MAX_PUSH_CHANGES outbox entries, the stored cursor, and whose
 * they are (rule 15). For a sealed account (`sealed`), the entries' envelopes, and only the
 * leading entries already sealed (rule 25): one not sealed yet waits with everything after it, so
 * a record's creation is never overtaken by its later, partial changes.
 */
export async function buildRequest(db: UserDatabase, sealed = false): Promise<SyncRequest> {
  const rows = await db.dexie.outbox.orderBy(':id').limit(MAX_PUSH_CHANGES).toArray();
  const waiting = sealed ? rows.findIndex((r) => !sealedFieldsOf(r)) : -1;
  const ready = waiting >= 0 ? rows.slice(0, waiting) : rows;
  const changes: Change[] = ready.map((row) => {
    const { collection, id, hlc, bases, ifClocks } = row;
    return { collection, id, hlc, fields: sealed ? sealedFieldsOf(row)! : row.fields, ...(bases ? { bases } : {}), ...(ifClocks ? { ifClocks } : {}) };
  });
  return { protocol: PROTOCOL_VERSION, cursor: (await db.getMeta('cursor')) ?? 0, changes, account: db.userId };
}

export interface ApplyResult {
  /** Changes the server refused (their fields were restored from the server's state). */
  rejected: RejectedChange[];
  /** Received timestamps refused by the clock (rule 3): recorded, never fatal. */
  clockErrors: string[];
  /** Outbox entries left after this response. */
  pending: number;
  /** Kept versions that arrived with this response and were not on this device before (rules 20, 22): tell the person, once. */
  kept: KeptNotice[];
}

/** A kept version new to this device: a losing text (`field` set) or an edit on a deleted record. */
export interface KeptNotice {
  collection: CollectionName;
  id: string;
  kind: 'conflict' | 'restorable';
  field?: string;
}

const isCollection = (c: string): c is CollectionName => (COLLECTIONS as readonly string[]).includes(c);

/** True when applying `res` stores record states (pulled records, or rejections restoring them): what needs the write kit. */
const storesRecords = (res: SyncResponse): boolean => res.records.length > 0 || res.rejected.length > 0;

/**
 * Applies `res` in one transaction: deletes exactly the accepted and rejected HLCs from the
 * outbox (rule 11); restores from the server's state each field whose local HLC is still a
 * rejected one; folds every received HLC into the clock (rule 3); merges pulled records with the
 * field-level LWW merge, so unpushed newer local fields are kept (rules 4, 13); marks each share
 * waiting on this device whose item a pulled record deletes (web/db/pulled-deletes.ts); stores the cursor.
 *
 * Responses may arrive late, twice or out of order: every step is idempotent, and the cursor
 * only moves forward — except after a restore from a response older than the stored cursor,
 * whose record may predate what was already pulled: then the cursor goes back to that
 * response's, so the newer state is pulled again.
 */
/** The tables a response's transaction holds: the records' (db.allTables()), and the shares waiting on this device, which a pulled delete marks. */
const applyTables = (db: UserDatabase) => [...db.allTables(), db.dexie.pendingShares];

export async function applyResponse(db: UserDatabase, res: SyncResponse): Promise<ApplyResult> {
  // storeState needs it, and nothing but Dexie may be awaited in the transaction (issue #20); an
  // answer with nothing to store (most pulls of a reload) does without it (issue 41: zod not before idle).
  if (storesRecords(res)) await loadWriteKit();
  return db.dexie.transaction('rw', applyTables(db), async () => applyInTransaction(db, res)); // an async function, so Dexie keeps the transaction across its awaits
}

/**
 * applyResponse's work inside a transaction that holds applyTables(db), after loadWriteKit().
 * `read`: the states of `res.records` (readStates) when the caller already read them in this
 * transaction (mergeAnswer: one bulkGet a page); used only when nothing is rejected, since a
 * rejection is written before the pulled records merge. `storedCursor`: meta.cursor when the
 * caller already read it in this transaction. Requests that need not wait for each other are sent
 * together (issue 41: each wait for IndexedDB's answer held a first sync's page back).
 */
async function applyInTransaction(db: UserDatabase, res: SyncResponse, read?: PageState[], storedCursor?: number): Promise<ApplyResult> {
  const { dexie } = db;
  const [lastHlc, stored] = await Promise.all([db.foldStoredClock(), storedCursor ?? db.getMeta('cursor').then((c) => c ?? 0)]);
  // Rule 17: a change refused only because its timestamp ran ahead is re-stamped, not dropped.
  const refusedForClock = new Set(res.rejected.filter((r) => isClockRefusal(r.reason)).map((r) => r.hlc));
  // Rule 26: a change refused for its sealing (a stale key, plaintext) is sealed again, not dropped.
  const refusedForSeal = new Set(res.rejected.filter((r) => isSealRefusal(r.reason)).map((r) => r.hlc));
  const retried = (h: string) => refusedForClock.has(h) || refusedForSeal.has(h);
  const acknowledged = [...res.accepted, ...res.rejected.map((r) => r.hlc).filter((h) => !retried(h))];
  if (acknowledged.length) await dexie.outbox.where('hlc').anyOf(acknowledged).delete();
  if (refusedForSeal.size) await dexie.outbox.where('hlc').anyOf([...refusedForSeal]).modify((row) => void delete row.sealed);

  const clockErrors = new Set<string>();
  const fold = (clocks: Record<string, string>) => {
    for (const hlc of new Set(Object.values(clocks))) {
      const err = db.receive(hlc);
      if (err) clockErrors.add(err.message);
    }
  };

  // The server sends a record's state with its first rejection only (issue #15): later
  // rejections of the same record refer to it.
  const stateOf = new Map<string, NonNullable<RejectedChange['record']>>();
  for (const r of res.rejected) {
    const key = `${r.collection}/${r.id}`;
    if (r.record && r.record.collection === r.collection && r.record.id === r.id && !stateOf.has(key)) stateOf.set(key, r.record);
  }
  let restoredFromOlder = false;
  for (const r of res.rejected) {
    if (!isCollection(r.collection)) continue;
    const record = stateOf.get(`${r.collection}/${r.id}`) ?? null;
    if (record) fold(record.clocks);
    if (retried(r.hlc)) {
      if (record) await db.storeState(r.collection, r.id, mergeState(await db.readState(r.collection, r.id), record).state);
      continue;
    }
    const state = await db.readState(r.collection, r.id);
    const values = { ...state.values };
    const clocks = { ...state.clocks };
    let restored = false;
    for (const [field, hlc] of Object.entries(state.clocks)) {
      if (hlc !== r.hlc) continue;
      restored = true;
      if (record && field in record.clocks) {
        values[field] = record.values[field];
        clocks[field] = record.clocks[field]!;
      } else {
        delete values[field];
        delete clocks[field];
      }
    }
    const next = record ? mergeState({ values, clocks }, record).state : { values, clocks };
    if (restored || record) await db.storeState(r.collection, r.id, next);
    if (restored && res.cursor < stored) restoredFromOlder = true;
  }

  // The pulled page at once (issue 41: a new device merged ~1 ms a record, one read and one
  // write at a time): its states read with one bulkGet, merged in memory, written with one
  // bulkPut per table (a sealed first sync's new records: added, not read; new-records.ts). A
  // record named twice in a page merges into its first merge.
  const kept: KeptNotice[] = [];
  if (!read || res.rejected.length) read = await db.readStates(res.records);
  const merging = new Map<string, { collection: CollectionName; id: string; state: RecordState; prior: RecordState | null; changed: boolean; written?: boolean }>();
  for (const [i, record] of res.records.entries()) {
    fold(record.clocks);
    const recordKey = `${record.collection}/${record.id}`;
    const before = merging.get(recordKey);
    const state = before?.state ?? read[i]!.state;
    // `added`: pageStates already merged it from nothing and wrote its field state (named once in the page: no `before`).
    const { added } = read[i]!;
    const { state: merged, changed } = added && !before ? added : mergeState(state, record);
    merging.set(recordKey, { collection: record.collection, id: record.id, state: merged, prior: before?.prior ?? (read[i]!.stored ? read[i]!.state : null), changed: (before?.changed ?? false) || changed.length > 0, written: !!added && !before });
    for (const key of changed) {
      if (key in state.clocks || merged.values[key] === null) continue;
      const conflict = parseConflictKey(key);
      if (conflict) kept.push({ collection: record.collection, id: record.id, kind: 'conflict', field: conflict[0] });
      else if (key === RESTORABLE_FIELD) kept.push({ collection: record.collection, id: record.id, kind: 'restorable' });
    }
  }
  await db.storeStates([...merging.values()].filter((m) => m.changed));
  // A delete pulled here, not made here: a share made offline that waits for its item is told, not dropped in silence (web/db/pulled-deletes.ts).
  const pulledDeletes = [...merging.values()].filter((m) => m.changed && m.prior && m.prior.values[TOMBSTONE_FIELD] !== true && m.state.values[TOMBSTONE_FIELD] === true);
  await markPulledDeletes(dexie.pendingShares, db.userId, new Set(pulledDeletes.map((m) => `${m.collection}/${m.id}`)));

  // Only changes still in this device's outbox (a late or repeated response may name old ones).
  const stillWaiting = refusedForClock.size ? await dexie.outbox.where('hlc').anyOf([...refusedForClock]).primaryKeys() : [];
  const seen = res.rejected.filter((r) => refusedForClock.has(r.hlc)).flatMap((r) => Object.values(r.record?.clocks ?? {}));
  if (stillWaiting.length) await restampRefused(db, [...refusedForClock], seen);

  const cursor = restoredFromOlder ? Math.min(stored, res.cursor) : Math.max(stored, res.cursor);
  // The stored clock as read at the start, unless a re-stamp moved it back since (rewindClock stores its own).
  const clockStored = stillWaiting.length ? undefined : { lastHlc };
  const [, , pending] = await Promise.all([cursor !== stored ? db.setMeta('cursor', cursor) : undefined, db.persistClock(undefined, clockStored), dexie.outbox.count()]);
  return { rejected: res.rejected, clockErrors: [...clockErrors], pending, kept };
}

/**
 * The next request of a sealed account or not (`keys`): the outbox's entries not sealed yet are
 * sealed first (rule 25: after their writes committed, outside any transaction; `seal`, the
 * engine's outboxSealer beforePush, else sealOutbox), then buildRequest sends the sealed ones.
 * Throws KeysLockedError (sealing.ts) while the keys are locked.
 */
export async function nextRequest(db: UserDatabase, keys: SyncKeys | undefined, seal?: () => Promise<void>): Promise<SyncRequest> {
  if (keys) await (seal ? seal() : sealOutbox(db, keys, MAX_PUSH_CHANGES));
  return buildRequest(db, keys !== undefined);
}

/** A response as it came, or a sealed account's decrypted (openAnswer): what mergeAnswer applies. */
export type OpenedAnswer = { response: SyncResponse; sealed?: OpenedRecords };

/**
 * A sealed account's response decrypted (`keys`; sealing.ts openRecords), or the response as it is
 * (no keys). Reads and writes nothing of the database, so the engine opens the page it fetched
 * ahead while the page before it merges (issue 41); the freshness check against this device's
 * states (rule 29) is mergeAnswer's, in the merge's own transaction. Throws KeysLockedError while
 * the keys are locked.
 */
export async function openAnswer(keys: SyncKeys | undefined, res: SyncResponse): Promise<OpenedAnswer> {
  return keys ? { response: res, sealed: await openRecords(keys, res) } : { response: res };
}

/**
 * Applies an answer openAnswer gave, in ONE transaction: a sealed answer's records checked for
 * freshness against this device's states of its records (rule 29; read with one bulkGet, or for a mostly new pull added first: new-records.ts, that the
 * merge then uses), the refused fields left out (rule 26) and, for a current answer (its cursor not
 * behind the stored one), recorded in `sealErrors`; a response older than one already applied, a
 * late or repeated answer, may carry older states honestly, so what it refuses is left out
 * silently (the engine refuses an answer behind its own request: CursorBehindError), then
 * applyResponse's work. `sealErrorsChanged` says
 * whether `sealErrors` changed (the sync status reads it again).
 */
export async function mergeAnswer(db: UserDatabase, answer: OpenedAnswer): Promise<ApplyResult & { sealErrorsChanged?: boolean }> {
  const { sealed } = answer;
  if (!sealed) return applyResponse(db, answer.response);
  if (storesRecords(answer.response)) await loadWriteKit(); // before the transaction (issue #20)
  return db.dexie.transaction('rw', [...applyTables(db), db.dexie.sealErrors], async () => {
    // Sent together (nothing waits for another): the stored cursor, whether any field is recorded
    // unopened, and the page's states (a mostly new pull's records added, not read, and then
    // already checked: new-records.ts).
    const [stored, unopenedHeld, { states, checked }] = await Promise.all([
      db.getMeta('cursor').then((c) => c ?? 0),
      db.dexie.sealErrors.count(),
      sealed.all.length ? pageStates(db, sealed) : Promise.resolve<PageStates>({ states: [] }),
    ]);
    const current = sealed.response.cursor >= stored;
    notePage(db, sealed.response.hasMore, states.slice(0, sealed.response.records.length));
    // Always held to this device's states (an older answer too: a field it refuses is left out, not
    // named, since an honest late answer may carry older states); only a current answer records them.
    const { response, unopened, opened } = checked ?? checkOpened(sealed, states.map((s) => s.state));
    const sealErrorsChanged = current ? await writeSealErrors(db, unopened, opened, unopenedHeld) : false;
    return { ...(await applyInTransaction(db, response, states.slice(0, response.records.length), stored)), sealErrorsChanged };
  });
}

/**
 * Applies a response of a sealed account or not (`keys`): a sealed account's records are opened
 * first (rule 26; refused fields recorded in `sealErrors` and left out), each checked against
 * this device's own state of its record when the answer is not older than one already applied
 * (rule 29: never older than the version it already has), then applyResponse.
 */
export async function receiveResponse(db: UserDatabase, keys: SyncKeys | undefined, res: SyncResponse): Promise<ApplyResult> {
  return mergeAnswer(db, await openAnswer(keys, res));
}
