/**
 * The device's half of sealed sync (shared/sync/README.md rules 24–27; shared/crypto/README.md
 * "Sealing records"): what is written stays plain in this device's IndexedDB, and what travels is
 * sealed. Each outbox entry is sealed ONCE, after its Dexie write transaction committed (the HLC is
 * minted inside it, and awaiting WebCrypto there would end it), and the envelopes are stored on the
 * entry, so a retry resends the very same envelopes; a re-stamp (restamp.ts) or a stale key clears
 * them and the entry is sealed again. Pulled records are opened field by field before they merge:
 * a field that refuses is left out (never merged over good data, never shown) and recorded in
 * `sealErrors`, which the sync status names in words.
 */
import type { CollectionName } from '../../shared/schema/collection-names';
import {
  CryptoError,
  MalformedError,
  StaleKeyError,
  TamperedError,
  TruncatedError,
  UnknownKeyError,
  UnknownVersionError,
  WrongHlcError,
  WrongPlaceError,
  RolledBackError,
  UnvouchedError,
} from '../../shared/crypto/errors';
import { open } from '../../shared/crypto/envelope';
import { messageScope } from '../../shared/crypto/kid';
import { freshnessFields, VERSION_FIELD } from '../../shared/crypto/freshness';
import { openFields, sealFields, withFreshness, type OpenedState } from '../../shared/crypto/sealed-record';
import type { Hlc } from '../../shared/sync/hlc';
import { mergeState, type RecordState } from '../../shared/sync/merge';
import { SEAL_REFUSALS, type RejectedChange, type ServerRecord, type SyncResponse } from '../../shared/sync/protocol';
import type { OutboxRow, SealErrorRow } from '../db/schema';
import type { UserDatabase } from '../db/user-database';

import { KeysLockedError, type SyncKeys } from './keys-locked';

export { KeysLockedError, type SyncKeys };

/**
 * True for a server refusal the device answers by sealing again and pushing again (never by
 * dropping the change): a stale or unknown key version, or a sealed field that arrived as
 * plaintext (sync-server/records/sealed-check.ts words them).
 */
export const isSealRefusal = (reason: string) => Object.values(SEAL_REFUSALS).some((words) => reason.includes(words));

/** True for a refusal that means the keyring on this device is out of date (fetch it again). */
export const isStaleKeyRefusal = (reason: string) => reason.includes(SEAL_REFUSALS.stale) || reason.includes(SEAL_REFUSALS.unknownKey);

/** The entry's envelopes when they were made for its current HLC, else undefined. */
export const sealedFieldsOf = (row: OutboxRow) => (row.sealed && row.sealed.hlc === row.hlc ? row.sealed.fields : undefined);

const lockedRing = (keys: SyncKeys) => {
  const ring = keys.keyring();
  if (!ring) throw new KeysLockedError();
  return ring;
};

/**
 * Seals the first `limit` outbox entries that have no envelopes for their HLC yet, outside any
 * transaction (concurrently), then stores each entry's envelopes in one short transaction (an
 * entry re-stamped or acknowledged meanwhile is left alone). A new message's scope is added first
 * (SyncKeys.addScope), after one keyring refresh in case another device made it; an unknown key
 * fetches the keyring once. An entry that cannot be sealed waits (never dropped); when it is the
 * first one, nothing can be pushed, and its crypto error (or KeysLockedError) is thrown.
 */
export async function sealOutbox(db: UserDatabase, keys: SyncKeys, limit: number): Promise<void> {
  await sealRows(db, keys, (await db.dexie.outbox.orderBy(':id').limit(limit).toArray()).filter((r) => !sealedFieldsOf(r)));
}

/**
 * Seals each entry as its write commits (rule 25), so that a sync pushes what is already sealed
 * and the person's edit, not the sync, pays for the WebCrypto calls (shared/crypto/README.md
 * "Figures": sealing at push time added the device's sealing to every push). Returns:
 * - `written()`: call after a local write committed (UserDatabase.onWrite). Seals, in the
 *   background and `limit` at a time, the entries added since the last sealing (the outbox's
 *   auto-increment key says which); calls arriving meanwhile are folded into one more pass.
 *   Errors are left for the push, which seals again and names them (KeysLockedError while locked).
 * - `beforePush()`: waits for a sealing in progress, then seals the first `limit` entries still
 *   without envelopes (sealOutbox: a re-stamped entry, a stale key, an entry written by another
 *   tab). So two sealings of one entry never run at once in this tab.
 * - `idle()`: resolves once no sealing runs (the engine's stop waits for it).
 */
export function outboxSealer(db: UserDatabase, keys: SyncKeys, limit: number) {
  let after = 0; // the outbox key up to which entries were sealed at their write
  let running: Promise<void> | null = null;
  let again = false;
  const sealNew = async () => {
    // While the keys are locked nothing is sealed here (the push says so: KeysLockedError).
    while (keys.keyring()) {
      const rows = await db.dexie.outbox.where(':id').above(after).limit(limit).toArray();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.seq!;
      // An entry that cannot be sealed now waits for the push, which seals it again and names the error.
      await sealRows(db, keys, rows.filter((r) => !sealedFieldsOf(r))).catch(() => undefined);
    }
  };
  const pass = (): void => {
    running = (async () => {
      do {
        again = false;
        await sealNew().catch(() => undefined); // (a closed database: the push reports what matters)
      } while (again);
    })().finally(() => {
      running = null;
      if (again) pass(); // a write that committed as this pass ended
    });
  };
  const idle = async () => {
    while (running) await running;
  };
  return {
    written(): void {
      if (running) again = true;
      else pass();
    },
    async beforePush(): Promise<void> {
      await idle();
      await sealOutbox(db, keys, limit);
    },
    idle,
  };
}

/** Seals `rows` (entries without envelopes for their HLC) and stores their envelopes: sealOutbox's work. */
async function sealRows(db: UserDatabase, keys: SyncKeys, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  let refreshed = false;
  const refresh = async () => {
    if (refreshed) return false;
    refreshed = true;
    await keys.refreshKeyring();
    return true;
  };
  const newScopes = () => [...new Set(rows.filter((r) => r.collection === 'messages').map((r) => messageScope(r.id)))].filter((s) => lockedRing(keys).version(s) === 0);
  if (newScopes().length) await refresh();
  for (const scope of newScopes()) await keys.addScope(scope);
  // Each change carries its record's version and its plain fields' twins (freshness.ts), from this device's state of the record.
  const states = await db.readStates(rows);
  const withFreshness = new Map(rows.map((row, i) => [row, { ...row.fields, ...freshnessFields(row.collection, states[i]!.state, row.hlc, row.fields) }] as const));
  const sealAll = (batch: readonly OutboxRow[]) =>
    Promise.all(batch.map((row) => sealFields(lockedRing(keys), keys.userId, row.collection, row.id, row.hlc, withFreshness.get(row)!).then((fields) => ({ row, fields }), (error: unknown) => ({ row, error }))));
  let results = await sealAll(rows);
  const unknown = results.filter((r) => 'error' in r && r.error instanceof UnknownKeyError);
  if (unknown.length && (await refresh())) {
    const again = new Map((await sealAll(unknown.map((r) => r.row))).map((r) => [r.row, r] as const));
    results = results.map((r) => again.get(r.row) ?? r);
  }
  const done = results.flatMap((r) => ('fields' in r ? [{ row: r.row, fields: r.fields }] : []));
  if (done.length) {
    await db.dexie.transaction('rw', db.dexie.outbox, async () => {
      // Two requests for the batch, not two per entry; an entry re-stamped or acknowledged meanwhile is left alone.
      const now = await db.dexie.outbox.bulkGet(done.map((d) => d.row.seq!));
      const updates = done.flatMap((d, i) => (now[i]?.hlc === d.row.hlc ? [{ key: d.row.seq!, changes: { sealed: { hlc: d.row.hlc, fields: d.fields } } }] : []));
      if (updates.length) await db.dexie.outbox.bulkUpdate(updates);
    });
  }
  const first = results[0]!;
  if ('error' in first && first.row.seq === (await db.dexie.outbox.orderBy(':id').first())?.seq) throw first.error;
}

/** Why a field did not open, in a word that survives minification (class names do not). */
export type UnopenedKind = 'moved' | 'replayed' | 'tampered' | 'truncated' | 'malformed' | 'newer-app' | 'missing-key' | 'stale-key' | 'rolled-back' | 'unvouched';

/** The kind of a crypto error (errors.ts). */
export function errorKind(err: CryptoError): UnopenedKind {
  if (err instanceof WrongPlaceError) return 'moved';
  if (err instanceof WrongHlcError) return 'replayed';
  if (err instanceof RolledBackError) return 'rolled-back';
  if (err instanceof UnvouchedError) return 'unvouched';
  if (err instanceof TamperedError) return 'tampered';
  if (err instanceof TruncatedError) return 'truncated';
  if (err instanceof UnknownVersionError) return 'newer-app';
  if (err instanceof UnknownKeyError) return 'missing-key';
  if (err instanceof StaleKeyError) return 'stale-key';
  if (err instanceof MalformedError) return 'malformed';
  return 'tampered';
}

/** A field of a pulled record and the HLC it came with. */
export interface FieldAt {
  collection: CollectionName;
  id: string;
  field: string;
  hlc: Hlc;
}

/** A field that did not open: where, why and the HLC it came with. */
export interface Unopened extends FieldAt {
  error: UnopenedKind;
}

/** A record state with its refused fields left out (values AND clocks: it never merges). */
function withoutRefused(state: RecordState, opened: Record<string, unknown>, refused: readonly string[]): RecordState {
  const clocks = { ...state.clocks };
  for (const f of refused) delete clocks[f];
  return { values: opened, clocks };
}

/**
 * Opens every record of a sync response (pulled records and the states sent with rejections).
 * Returns the response with plaintext values (refused fields left out), the fields that refused,
 * and the fields that opened (to clear their earlier errors). `UnknownKeyError` fetches the
 * keyring and retries once. `knownStates` gives this device's state of each record, so that a
 * record older than the version this device already pulled is refused (freshness.ts). Throws
 * KeysLockedError when the keys are locked. (openRecords, then checkOpened.)
 */
export async function openResponse(
  keys: SyncKeys,
  res: SyncResponse,
  knownStates?: (records: readonly ServerRecord[]) => Promise<RecordState[]>,
): Promise<CheckedResponse> {
  const opened = await openRecords(keys, res);
  return checkOpened(opened, opened.all.length && knownStates ? await knownStates(opened.all) : undefined);
}

/** A response's records decrypted (openRecords), their freshness not checked yet: what checkOpened takes. */
export interface OpenedRecords {
  response: SyncResponse;
  /** The pulled records, then the states sent with rejections: every record the response holds. */
  all: ServerRecord[];
  /** Each of `all` opened field by field (sealed-record.ts openFields). */
  results: OpenedState[];
}

/** A response opened and checked: plaintext values (refused fields left out), the fields that refused, the fields that opened. */
export interface CheckedResponse {
  response: SyncResponse;
  unopened: Unopened[];
  opened: FieldAt[];
}

/**
 * The first half of openResponse: every record of `res` decrypted, all at once (concurrently,
 * README.md "Figures"), reading nothing of this device's database, so a page can be opened while
 * the page before it merges (issue 41). `UnknownKeyError` fetches the keyring and retries once.
 * Throws KeysLockedError when the keys are locked.
 */
export async function openRecords(keys: SyncKeys, res: SyncResponse): Promise<OpenedRecords> {
  const all: ServerRecord[] = [...res.records, ...res.rejected.flatMap((r) => (r.record ? [r.record] : []))];
  const openAll = (records: readonly ServerRecord[]) => {
    const lookup = lockedRing(keys).lookup;
    return Promise.all(records.map((r) => openFields(lookup, keys.userId, r.collection, r.id, r)));
  };
  const results = await openAll(all);
  const missing = results.flatMap((r, i) => (Object.values(r.errors).some((e) => e instanceof UnknownKeyError) ? [i] : []));
  if (missing.length) {
    await keys.refreshKeyring(); // once per response: a key made on another device since this one loaded
    const again = await openAll(missing.map((i) => all[i]!));
    missing.forEach((i, k) => (results[i] = again[k]!));
  }
  return { response: res, all, results };
}

/**
 * The second half of openResponse (pure): each opened record's freshness checked against `known`
 * (this device's state of each of `opened.all`, in order; omitted for an answer older than one
 * already applied, rule 29), and the response rebuilt with the plaintext values, refused fields
 * left out (values and clocks: they never merge), with the fields that refused and those that opened.
 */
export function checkOpened({ response: res, all, results }: OpenedRecords, known?: readonly RecordState[]): CheckedResponse {
  const unopened: Unopened[] = [];
  const opened: FieldAt[] = [];
  const byRecord = new Map<ServerRecord, ServerRecord>();
  const held = withinPage(all, results, known);
  all.forEach((record, i) => {
    const { values, errors } = withFreshness(record.collection, record, results[i]!, held[i]);
    const at = (field: string) => ({ collection: record.collection, id: record.id, field, hlc: record.clocks[field] ?? '' });
    for (const [field, err] of Object.entries(errors)) unopened.push({ ...at(field), error: errorKind(err) });
    for (const field of Object.keys(values)) opened.push(at(field));
    byRecord.set(record, { ...record, ...withoutRefused(record, values, Object.keys(errors)) });
  });
  const records = res.records.map((r) => byRecord.get(r)!);
  const rejected: RejectedChange[] = res.rejected.map((r) => (r.record ? { ...r, record: byRecord.get(r.record)! } : r));
  return { response: { ...res, records, rejected }, unopened, opened };
}

/**
 * The state each of `all` is checked against (checkOpened): `known`'s, except for a record the answer
 * holds more than once (a pulled record and a rejection's state of it; or a lying server's older
 * copy), whose every other copy is held to its newest copy whose version opened, merged over
 * `known`'s state: an older copy beside a newer one whose fields were left out would otherwise
 * bring the older words back (merged after it, nothing newer to lose to). Pure.
 */
function withinPage(all: readonly ServerRecord[], results: readonly OpenedState[], known?: readonly RecordState[]): (RecordState | undefined)[] {
  const held: (RecordState | undefined)[] = all.map((_, i) => known?.[i]);
  // The usual answer names each record once: one pass, nothing more.
  const first = new Map<string, number>();
  const copies = new Map<string, number[]>();
  all.forEach((r, i) => {
    const key = `${r.collection}/${r.id}`;
    const at = first.get(key);
    if (at === undefined) first.set(key, i);
    else copies.set(key, [...(copies.get(key) ?? [at]), i]);
  });
  for (const indexes of copies.values()) {
    const vouched = indexes.filter((i) => all[i]!.clocks[VERSION_FIELD] !== undefined && !results[i]!.errors[VERSION_FIELD]);
    if (vouched.length === 0) continue;
    const newest = vouched.reduce((a, b) => (all[b]!.clocks[VERSION_FIELD]! > all[a]!.clocks[VERSION_FIELD]! ? b : a));
    const record = all[newest]!;
    const { values, errors } = withFreshness(record.collection, record, results[newest]!, known?.[newest]);
    const state = mergeState(known?.[newest], withoutRefused(record, values, Object.keys(errors))).state;
    for (const i of indexes) if (i !== newest) held[i] = state;
  }
  return held;
}

/**
 * Records the refused fields (`sealErrors`, one row per field, the newest refusal) and clears the
 * rows of fields that have since opened at the same or a newer HLC, inside a transaction that holds
 * `sealErrors` (web/sync/apply-response.ts mergeAnswer: with the page's merge). `held`: the number
 * of `sealErrors` rows when the caller counted them in this transaction. Returns true when it
 * changed a row.
 */
export async function writeSealErrors(db: UserDatabase, unopened: readonly Unopened[], opened: readonly FieldAt[], held?: number): Promise<boolean> {
  if (unopened.length === 0 && (held ?? (await db.dexie.sealErrors.count())) === 0) return false; // the usual case: nothing to record or clear
  const at = db.deviceNow();
  const key = (f: FieldAt) => `${f.collection}\u0000${f.id}\u0000${f.field}`;
  const rows = new Map((await db.dexie.sealErrors.toArray()).map((r) => [key(r), r] as const));
  const cleared = opened.flatMap((o) => {
    const row = rows.get(key(o));
    return row && o.hlc >= row.hlc ? [[o.collection, o.id, o.field] as [CollectionName, string, string]] : [];
  });
  if (cleared.length) await db.dexie.sealErrors.bulkDelete(cleared);
  if (unopened.length) await db.dexie.sealErrors.bulkPut(unopened.map((u) => ({ ...u, at }) satisfies SealErrorRow));
  return cleared.length + unopened.length > 0;
}

/** What the person calls each collection's screen (the sync status names where words are missing). */
export const SCREEN_OF: Record<CollectionName, string> = {
  profile: 'Profile',
  deathPlan: 'Death plan',
  messages: 'Messages',
  documents: 'Documents',
  trustees: 'Trustees',
  survivorTasks: 'Survivor guide',
};

/**
 * Words for the sync status when some fields could not be opened: which screens, never the
 * values. Undefined when none.
 */
export function unopenedWords(rows: readonly Pick<SealErrorRow, 'collection'>[]): string | undefined {
  if (rows.length === 0) return undefined;
  const screens = [...new Set(rows.map((r) => SCREEN_OF[r.collection]))].sort();
  return `Some words could not be opened on this device and are not shown (${screens.join(', ')}). They may have been changed on the server; what you wrote here is kept.`;
}

/**
 * Opens the server's earlier versions of a long text (`GET /api/sync/history/...`, rule 21): each
 * `{ text: envelope, at }` opens with its own field and HLC `at`, all concurrently. Versions that
 * refuse are left out and returned as `unopened`; both lists keep the server's order. Throws
 * KeysLockedError when the keys are locked.
 */
export async function openHistory(
  keys: SyncKeys,
  collection: CollectionName,
  id: string,
  field: string,
  versions: readonly { text: unknown; at: string }[],
): Promise<{ versions: { text: string; at: string }[]; unopened: Unopened[] }> {
  const lookup = lockedRing(keys).lookup;
  const place = { userId: keys.userId, collection, recordId: id, field };
  // Concurrently (README.md "Figures"), each settled by itself; the answer keeps the server's order.
  const results = await Promise.all(
    versions.map(async (v) => {
      try {
        if (typeof v.text !== 'string') throw new MalformedError('not an envelope');
        return { v, text: await open(lookup, place, v.at, v.text), error: null };
      } catch (err) {
        if (!(err instanceof CryptoError)) throw err;
        return { v, text: undefined, error: err };
      }
    }),
  );
  const out: { text: string; at: string }[] = [];
  const unopened: Unopened[] = [];
  for (const r of results) {
    if (r.error) unopened.push({ collection, id, field, error: errorKind(r.error), hlc: r.v.at });
    else if (typeof r.text === 'string') out.push({ text: r.text, at: r.v.at });
  }
  return { versions: out, unopened };
}

