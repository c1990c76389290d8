/**
 * One signed-in user's local database and the single function through which every local write
 * goes (rule 9 of shared/sync/README.md): in ONE Dexie read-write transaction it ticks the clock,
 * turns the patch into sync fields (lists item by item), validates them as the server will,
 * merges them into the record's field state, re-materialises the entity and appends the change
 * to the outbox. Nothing is written without its outbox entry, and no outbox entry without its write.
 */
import type { Transaction } from 'dexie';
import { COLLECTIONS, TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import type { EntityOf } from '../../shared/schema/collections';
import type { Change } from '../../shared/sync/change';
import { ClockError, createClock, newNodeId, type Clock, type Hlc } from '../../shared/sync/hlc';
import { emptyState, type RecordState } from '../../shared/sync/merge';
import type { NewItemId } from '../../shared/sync/record';
import { AfterwordDexie, type IndexedDbDeps, type MetaValues } from './schema';

/** The write kit (./write-kit.ts): validation, materialising and the rest of a write, which need zod. */
export type WriteKit = typeof import('./write-kit');

let kitLoading: Promise<WriteKit> | null = null;
let kitLoaded: WriteKit | null = null;

/**
 * Loads the write kit once (issue #20: zod is not needed to paint, only to write) and returns it; a
 * failed load (e.g. the chunk could not be fetched) is retried by the next call. Await it before
 * opening a transaction that writes records: awaiting a non-Dexie promise inside one commits it.
 */
export function loadWriteKit(): Promise<WriteKit> {
  kitLoading ??= import('./write-kit').then(
    (kit) => (kitLoaded = kit),
    (err: unknown) => {
      kitLoading = null;
      throw err;
    },
  );
  return kitLoading;
}

/** The loaded write kit; throws when loadWriteKit has not resolved yet (a caller forgot to await it). */
function writeKit(): WriteKit {
  if (!kitLoaded) throw new Error('The write kit is not loaded: await loadWriteKit() before the transaction');
  return kitLoaded;
}

/** A local write refused before anything was written; `message` names the collection and field. */
export class LocalWriteError extends Error {
  override name = 'LocalWriteError';
  /** The field at fault (`'recipientEmail'`, `'musicSelections/…'`), when known. */
  readonly field?: string;
  constructor(reason: string) {
    super(reason);
    const m = /^[A-Za-z]+\.([^:]+):/.exec(reason);
    this.field = m?.[1];
  }
}

/** A write of `patch` (entity fields, lists as plain arrays; `_deleted` for a tombstone). */
export interface WriteInput {
  collection: CollectionName;
  id: string;
  patch: Record<string, unknown>;
  /** Ids for new list items (default: random); stable ids make two devices write the same items. */
  newItemId?: NewItemId;
  /** The state a form started from: lists are diffed against it, so items added elsewhere stay (web/db/edit-session.ts). */
  listBase?: RecordState;
  /** For each written field, the HLC of the value the person edited from ('' for never written). */
  bases?: Record<string, Hlc>;
  /**
   * Compare-and-set (shared/sync/README.md rule 28): the server merges the write only while each
   * named field's stored HLC is the one given; else it is rejected and undone here (rule 11).
   */
  ifClocks?: Record<string, Hlc>;
  /**
   * Generated content only (rule 18): `patch` holds sync fields, written with this fixed HLC and
   * only where the record has never had the field written; the clock is not ticked.
   */
  generatedHlc?: Hlc;
  /** Sync fields written as they are (dismissing kept versions: `<field>~conflict/<hlc>` or `_restorable` set to null; rule 23). */
  rawFields?: Record<string, unknown>;
  /**
   * True only where the caller minted `id` for this write (a new record, shared/sync/record.ts
   * addCreationFields): never for a given id, which may name a record this device has not pulled.
   */
  creates?: boolean;
  /** Fields written even when this device holds the same value (a fresh HLC): the owner re-sealing an address (address-copies.ts resealAddress). */
  rewrite?: readonly string[];
}

/** Why a database can no longer be used in this tab (another tab upgraded or deleted it). */
export type DatabaseNotice = 'upgraded-elsewhere' | 'deleted-elsewhere' | 'blocked';

export interface OpenOptions extends IndexedDbDeps {
  /** Wall clock (ms) for the HLC; tests pass a virtual one. */
  now?: () => number;
  /** Called once when the database must stop being used here (see DatabaseNotice). */
  onNotice?: (notice: DatabaseNotice) => void;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class UserDatabase {
  readonly dexie: AfterwordDexie;
  readonly userId: string;
  private currentClock: Clock;
  private readonly writeListeners = new Set<(change: Change) => void>();
  /** Local writes begun and not yet committed or failed (writeMany). */
  private writesInFlight = 0;
  /** Server time − device time (ms), measured by the sync engine (rule 17); the clock reads it live. */
  private readonly offsetBox: { value: number };
  /** This device's own wall clock (ms), uncorrected: what the offset is measured against (rule 17). */
  readonly deviceNow: () => number;

  private constructor(dexie: AfterwordDexie, userId: string, clock: Clock, offset: { value: number }, deviceNow: () => number) {
    this.dexie = dexie;
    this.userId = userId;
    this.currentClock = clock;
    this.offsetBox = offset;
    this.deviceNow = deviceNow;
  }

  /**
   * Opens (creating if needed) `afterword-<userId>`, restoring the clock from `meta.lastHlc` with a
   * fresh node id for this tab (rule 1). A second tab's upgrade or delete closes this connection
   * for good (no auto-reopen, so no loop and no half-upgraded use) and calls `onNotice`.
   */
  static async open(userId: string, opts: OpenOptions = {}): Promise<UserDatabase> {
    const dexie = new AfterwordDexie(userId, { indexedDB: opts.indexedDB, IDBKeyRange: opts.IDBKeyRange });
    let noticed = false;
    const notice = (n: DatabaseNotice) => {
      if (noticed) return;
      noticed = true;
      opts.onNotice?.(n);
    };
    dexie.on('versionchange', (ev) => {
      dexie.close({ disableAutoOpen: true });
      notice(ev.newVersion ? 'upgraded-elsewhere' : 'deleted-elsewhere');
      return false;
    });
    dexie.on('blocked', () => notice('blocked'));
    await dexie.open();
    const last = (await dexie.meta.get('lastHlc'))?.value as Hlc | undefined;
    const offset = { value: ((await dexie.meta.get('clockOffset'))?.value as number | undefined) ?? 0 };
    const now = opts.now ?? Date.now;
    // Rule 3/17: the client never refuses a timestamp (the server already merged it), and reads
    // the server-corrected wall time, so its writes win over everything it has seen.
    const clock = createClock(newNodeId(), () => now() + offset.value, last, Infinity);
    // The write kit (zod) is not fetched here (issue 41: not before the first screen is idle): the
    // signed-in services fetch it once the network is quiet (web/app/SignedInServices.tsx), and a
    // write or a pull with records awaits it (loadWriteKit) before its transaction.
    return new UserDatabase(dexie, userId, clock, offset, now);
  }

  /** The HLC clock of this tab (rule 2). */
  get clock(): Clock {
    return this.currentClock;
  }

  /** This device's wall clock corrected by the measured offset (ms), as the HLC reads it (rule 17). */
  correctedNow(): number {
    return this.deviceNow() + this.offsetBox.value;
  }

  /**
   * Moves the clock back to `last` (with a fresh node id, rule 1) and stores it, even lower than
   * the stored one. Only for timestamps this device minted that the server refused as too far
   * ahead (web/sync/restamp.ts): nothing anyone merged is above `last`. Use inside a transaction.
   */
  async rewindClock(last: Hlc): Promise<void> {
    this.currentClock = createClock(newNodeId(), () => this.correctedNow(), last, Infinity);
    await this.dexie.meta.put({ key: 'lastHlc', value: last });
  }

  /** The measured offset (server time − device time, ms) the clock adds to the wall clock (rule 17). */
  clockOffset(): number {
    return this.offsetBox.value;
  }

  /** Sets and persists the clock offset (ms), so a reload keeps reading corrected time (rule 17). */
  async setClockOffset(ms: number): Promise<void> {
    const value = Math.round(ms);
    this.offsetBox.value = value;
    await this.dexie.meta.put({ key: 'clockOffset', value });
  }

  /** Closes the connection; later calls fail with Dexie's DatabaseClosedError. */
  close(): void {
    this.dexie.close({ disableAutoOpen: true });
  }

  /** Registers `fn` to run after every committed local write (the sync engine's trigger). */
  onWrite(fn: (change: Change) => void): () => void {
    this.writeListeners.add(fn);
    return () => this.writeListeners.delete(fn);
  }

  /** Every table a write or a sync response touches. */
  allTables() {
    return [this.dexie.fieldState, this.dexie.outbox, this.dexie.meta, this.dexie.versions, ...COLLECTIONS.map((c) => this.dexie.table(c))];
  }

  /**
   * The one local write (rule 9). Returns the change appended to the outbox, or null when the
   * patch changes nothing (no outbox entry). Throws LocalWriteError (naming the field) when the
   * change would be refused by the server, as plain or once sealed (shared/crypto/sealed-size.ts);
   * then nothing at all is written.
   */
  async write(collection: CollectionName, id: string, patch: Record<string, unknown>): Promise<Change | null> {
    const [change] = await this.writeMany([{ collection, id, patch }]);
    return change ?? null;
  }

  /**
   * True from the start of a local write until it has committed or failed: a page unloaded now
   * would lose it (the unsaved-changes guard asks before a reload or close then).
   */
  get writing(): boolean {
    return this.writesInFlight > 0;
  }

  /** Several writes in one transaction: all are written, or (if one is invalid) none. */
  async writeMany(inputs: readonly WriteInput[]): Promise<Change[]> {
    this.writesInFlight++;
    try {
      return await this.writeManyNow(inputs);
    } finally {
      this.writesInFlight--;
    }
  }

  private async writeManyNow(inputs: readonly WriteInput[]): Promise<Change[]> {
    await loadWriteKit(); // before the transaction (issue #20)
    const changes = await this.dexie.transaction('rw', this.allTables(), async (tx) => {
      await this.foldStoredClock();
      const out: Change[] = [];
      for (const input of inputs) {
        const change = await this.writeOne(input);
        if (change) out.push(change);
      }
      if (out.length) await this.persistClock(tx);
      return out;
    });
    for (const change of changes) for (const fn of this.writeListeners) fn(change);
    return changes;
  }

  private async writeOne({ collection, id, patch, newItemId, listBase, generatedHlc, bases, rawFields, ifClocks, creates = false, rewrite = [] }: WriteInput): Promise<Change | null> {
    const { fieldsOfPatch, missingFields, sealedSizeProblem, validateChange, viewOfDelete, addOwnerCopies, addCreationFields, addDerivedFields, mergeState, stateOfWrite } = writeKit();
    const state = await this.readState(collection, id);
    if (generatedHlc !== undefined) return this.writeGenerated(collection, id, state, missingFields(state, patch), generatedHlc);
    // A local write must beat everything this device shows for the record (another tab's writes too).
    for (const hlc of Object.values(state.clocks)) this.receive(hlc);
    const { [TOMBSTONE_FIELD]: tombstone, ...rest } = patch;
    const fields = fieldsOfPatch(collection, listBase ?? state, rest, newItemId ?? (() => crypto.randomUUID()));
    if (tombstone !== undefined) fields[TOMBSTONE_FIELD] = tombstone;
    Object.assign(fields, rawFields);
    // The owner's sealed copy of an address the server must read (issue 39), before unchanged
    // fields go: a letter saved again with the address its copy lacks gets one.
    addOwnerCopies(collection, state, fields);
    addCreationFields(collection, creates, fields); // a new letter's sealed delivery choice, from the start
    // Unchanged fields are not rewritten, so a form that sends the whole record never clobbers a
    // concurrent edit of a field the person did not touch (rule 4).
    for (const f of Object.keys(fields)) {
      if (f in state.values && sameJson(state.values[f], fields[f]) && !rewrite.includes(f)) delete fields[f];
    }
    if (Object.keys(fields).length === 0) return null;
    addDerivedFields(collection, state, fields); // plain fileBlobId and contentRevision beside sealed fields
    const hlc = this.clock.tick();
    // Rule 20: each written field's base travels with the change, so the server can tell a
    // concurrent edit (its loser is kept) from a sequential one.
    // Rule 22: a delete carries its view of the record, so an edit this device had not seen is offered back.
    const written = fields[TOMBSTONE_FIELD] === true ? viewOfDelete(collection, state) : Object.entries(bases ?? {}).filter(([f]) => f in fields);
    const change: Change = { collection, id, hlc, fields, ...(written.length ? { bases: Object.fromEntries(written) } : {}), ...(ifClocks ? { ifClocks } : {}) };
    const checked = validateChange(change, { actor: 'client', userId: this.userId });
    if (!checked.ok) throw new LocalWriteError(checked.reason);
    const { state: merged } = mergeState(state, stateOfWrite(fields, hlc));
    // Every account's words are sealed (from birth, or at the next sign-in's migration), and the
    // server's limits count envelopes: a write that would not fit sealed is refused here, naming
    // its field, before anything is written (issue 29 "Limits on ciphertext").
    const tooLarge = sealedSizeProblem(collection, id, checked.change, state, merged);
    if (tooLarge) throw new LocalWriteError(tooLarge.reason);
    await this.storeState(collection, id, merged);
    await this.dexie.outbox.add({ ...checked.change });
    return checked.change;
  }

  /** Writes generated sync `fields` (already only the missing ones) with their fixed HLC (rule 18). */
  private async writeGenerated(collection: CollectionName, id: string, state: RecordState, fields: Record<string, unknown>, hlc: Hlc) {
    if (Object.keys(fields).length === 0) return null;
    const { validateChange, mergeState, stateOfWrite } = writeKit();
    const checked = validateChange({ collection, id, hlc, fields }, { actor: 'client', userId: this.userId });
    if (!checked.ok) throw new LocalWriteError(checked.reason);
    await this.storeState(collection, id, mergeState(state, stateOfWrite(fields, hlc)).state);
    await this.dexie.outbox.add({ ...checked.change });
    return checked.change;
  }

  /** The field state of a record (empty when unknown). Use inside a transaction. */
  async readState(collection: CollectionName, id: string): Promise<RecordState> {
    const row = await this.dexie.fieldState.get([collection, id]);
    return row ? { values: row.values, clocks: row.clocks } : emptyState();
  }

  /**
   * Stores a record's field state and its materialised entity (absent when tombstoned). A state
   * with no fields (a refused create, rule 11) means no record at all: both rows are removed.
   * Use inside a transaction, after awaiting loadWriteKit() (issue #20).
   */
  async storeState(collection: CollectionName, id: string, state: RecordState): Promise<void> {
    const { keepReplacedTexts, materialize } = writeKit();
    await keepReplacedTexts(this, collection, id, state);
    if (Object.keys(state.clocks).length === 0) {
      await this.dexie.fieldState.delete([collection, id]);
      await this.dexie.entities(collection).delete(id);
      return;
    }
    await this.dexie.fieldState.put({ collection, id, values: state.values, clocks: state.clocks });
    const entity = materialize(collection, id, state, this.userId);
    if (entity) await this.dexie.entities(collection).put(entity as EntityOf[typeof collection]);
    else await this.dexie.entities(collection).delete(id);
  }

  /**
   * The field states of `keys` (collection and id), in order, read with one bulkGet; a record not
   * stored has the empty state. Use inside a transaction (applyResponse: a pulled page at once).
   */
  async readStates(keys: readonly { collection: CollectionName; id: string }[]): Promise<{ state: RecordState; stored: boolean }[]> {
    const rows = await this.dexie.fieldState.bulkGet(keys.map((k) => [k.collection, k.id]));
    return rows.map((row) => (row ? { state: { values: row.values, clocks: row.clocks }, stored: true } : { state: emptyState(), stored: false }));
  }

  /**
   * storeState for many records at once (a pulled page, issue 41): each record's replaced long
   * texts kept (from `prior`, its stored state as read before, or null when none), then its field
   * state and materialised entity written with one bulkPut (and one bulkDelete) per table;
   * `written`: its field state is already this state (web/sync/new-records.ts). `items` name each record once. Use inside a transaction, after awaiting loadWriteKit().
   */
  async storeStates(items: readonly { collection: CollectionName; id: string; state: RecordState; prior: RecordState | null; written?: boolean }[]): Promise<void> {
    if (items.length === 0) return; // nothing to store needs no write kit (an empty pull: issue 41)
    const { keepReplacedTexts, replacesText, materialize } = writeKit();
    const puts: { collection: CollectionName; id: string; values: RecordState['values']; clocks: RecordState['clocks'] }[] = [];
    const gone: [CollectionName, string][] = [];
    const entities = new Map<CollectionName, { put: EntityOf[CollectionName][]; del: string[] }>();
    const of = (c: CollectionName) => entities.get(c) ?? entities.set(c, { put: [], del: [] }).get(c)!;
    for (const { collection, id, state, prior, written } of items) {
      if (prior && replacesText(collection, state, prior)) await keepReplacedTexts(this, collection, id, state, prior);
      if (Object.keys(state.clocks).length === 0) {
        gone.push([collection, id]);
        of(collection).del.push(id);
        continue;
      }
      if (!written) puts.push({ collection, id, values: state.values, clocks: state.clocks });
      const entity = materialize(collection, id, state, this.userId);
      if (entity) of(collection).put.push(entity as EntityOf[CollectionName]);
      else of(collection).del.push(id);
    }
    if (gone.length) await this.dexie.fieldState.bulkDelete(gone);
    if (puts.length) await this.dexie.fieldState.bulkPut(puts);
    for (const [collection, { put, del }] of entities) {
      const table = this.dexie.entities(collection);
      if (del.length) await table.bulkDelete(del);
      if (put.length) await table.bulkPut(put as EntityOf[typeof collection][]);
    }
  }

  /** Folds `hlc` into the clock; a timestamp too far ahead is reported, never fatal (rule 3). */
  receive(hlc: Hlc): ClockError | null {
    try {
      this.clock.receive(hlc);
      return null;
    } catch (err) {
      if (err instanceof ClockError) return err;
      throw err;
    }
  }

  /**
   * Folds the HLC another tab may have persisted, so this tab never writes "in the past". Returns
   * it (undefined when none), for persistClock later in the same transaction.
   */
  async foldStoredClock(): Promise<Hlc | undefined> {
    const stored = (await this.dexie.meta.get('lastHlc'))?.value as Hlc | undefined;
    if (stored) this.receive(stored);
    return stored;
  }

  /**
   * Persists the clock (never lowering what another tab stored). Use inside a transaction;
   * `stored`: meta.lastHlc as foldStoredClock returned it in this same read-write transaction over
   * `meta` (no other tab can change it meanwhile), so it is not read again; never after a
   * rewindClock in the transaction (it stores a lower value).
   */
  async persistClock(_tx?: Transaction, stored?: { lastHlc: Hlc | undefined }): Promise<void> {
    const last = stored ? stored.lastHlc : ((await this.dexie.meta.get('lastHlc'))?.value as Hlc | undefined);
    const mine = this.clock.last();
    if (!last || mine > last) await this.dexie.meta.put({ key: 'lastHlc', value: mine });
  }

  /** A `meta` value, or undefined. */
  async getMeta<K extends keyof MetaValues>(key: K): Promise<MetaValues[K] | undefined> {
    return (await this.dexie.meta.get(key))?.value as MetaValues[K] | undefined;
  }

  /** Sets a `meta` value. */
  async setMeta<K extends keyof MetaValues>(key: K, value: MetaValues[K]): Promise<void> {
    await this.dexie.meta.put({ key, value });
  }

  /**
   * Number of things on this device the server does not have yet: changes in the outbox, plus
   * files a record holds that wait to upload (issue #17), so signing out never drops them. Files
   * the server refused (`failed`) are not counted: nothing is on its way.
   */
  async pendingCount(): Promise<number> {
    const files = await this.dexie.attachments.where('state').anyOf('queued', 'uploading').filter((r) => r.referenced).count();
    return (await this.dexie.outbox.count()) + files;
  }
}

