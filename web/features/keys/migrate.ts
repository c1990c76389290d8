/**
 * Seals an account made before keys, in place, nothing lost (contract: `sealAccountData`; the
 * server's half is sync-server/keys/seal-routes.ts). Runs on a device that holds AK and the
 * keyring (after setupKeys and the recovery kit), before sync starts with keys.
 *
 * The plaintext to seal is the server's: the device reads the account's every record (a full
 * pull, tombstoned records and kept versions included) and seals each plaintext sealed field AT
 * ITS STORED HLC (shared/crypto/migration.ts), so the sealed value is the same value at the same
 * clock. The server swaps each in by compare-and-set on that HLC; a field another device changed
 * meanwhile is answered `stale`, pulled again and sealed at its new HLC (the edit wins, nothing
 * is lost). When nothing plain is left, `finish` drops the plaintext history and sets `sealed_at`.
 * Every step is idempotent, so a crash (of the server or the device) anywhere is recovered by
 * running it again, and two devices running it at once both end sealed.
 *
 * Files (given `files`): before the records are sealed, every file whose reference is plain on the
 * server (its key was seen) is re-encrypted under a new key as a new blob and its record pointed
 * to it by a normal write (migrate-files.ts); that write syncs sealed once sync runs with keys.
 */
import { plaintextFields, scopesOf, sealStored } from '../../../shared/crypto/migration';
import { sealedRecordProblem } from '../../../shared/crypto/sealed-size';
import { fieldLabel } from '../../forms/field-limits';
import type { CollectionName } from '../../../shared/schema/collection-names';
import type { RecordState } from '../../../shared/sync/merge';
import { PROTOCOL_VERSION, type ServerRecord, type SyncResponse } from '../../../shared/sync/protocol';
import type { FilesDeps } from '../../files/add';
import { KeysLockedError, type SyncKeys } from '../../sync/keys-locked';
import { rekeyFiles, type RekeyOutcome } from './migrate-files';
import type { Api } from './sign-in';

/** What `onProgress` is told: records sealed so far of those found plain in this round. */
export interface SealProgress {
  phase: 'reading' | 'records' | 'finishing' | 'done';
  done: number;
  total: number;
}

export interface SealAccountDeps {
  /** apiFetch (web/api/client.ts), signed in as the account. */
  api: Api;
  /** The account's keys on this device (key-session's syncKeys()). */
  keys: SyncKeys;
  /** Told of each step; awaited (a screen may show it). */
  onProgress?: (p: SealProgress) => void | Promise<void>;
  /** This device's files and database (its state after a full sync): re-keys the files the server has seen. */
  files?: FilesDeps;
}

/** What one `seal/records` request answered (sync-server/keys/model/seal-merge.ts SealOutcome). */
interface SealAnswer {
  sealed: number;
  already: number;
  stale: { collection: CollectionName; id: string; field: string }[];
  refused: { collection: CollectionName; id: string; field: string; reason: string }[];
}

/** Most records per request (the server's SEAL_BATCH) and most JSON bytes, under `requestBytes` (1 MB). */
const BATCH_RECORDS = 100;
const BATCH_BYTES = 512 * 1024;
/** Rounds of read → seal → finish before giving up (each round seals what changed during the last). */
const MAX_ROUNDS = 8;

/** A record the migration left in plain text because it would not fit the limits once sealed: the person shortens it. */
export interface TooLargeToSeal {
  collection: CollectionName;
  id: string;
  /** The field to shorten, as stored (`resources/<item>` for a list item). */
  field: string;
  /** What the record is called (its title, name or recipient), for the message. */
  name: string;
  reason: string;
}

/**
 * The migration could not end sealed (a limit, or the account kept changing); nothing was lost.
 * `tooLarge` names the records left in plain text for being too large to seal (everything else
 * was sealed); once the person shortens them, the next run finishes.
 */
export class SealAccountError extends Error {
  override name = 'SealAccountError';
  constructor(
    message: string,
    readonly tooLarge: readonly TooLargeToSeal[] = [],
  ) {
    super(message);
  }
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * Seals every record of the signed-in account (see above). Resolves `{ sealedAt }` (ms) once the
 * server has set it (at once when it already was), with `files` (re-keyed, and left with the
 * reason, e.g. offline: those stay under their old key) when `files` was given. Throws SealAccountError when a record cannot be
 * sealed within shared/limits.ts or the account kept changing for MAX_ROUNDS rounds, ApiError for
 * a refusal (409: no keys yet, or a release under way), KeysLockedError-like errors from `keys`.
 */
export async function sealAccountData(deps: SealAccountDeps): Promise<{ sealedAt: number; files?: RekeyOutcome }> {
  const { api, keys } = deps;
  const progress = async (p: SealProgress) => {
    await deps.onProgress?.(p);
  };
  const current = await api<{ sealedAt: number | null }>('/api/keys');
  if (current.sealedAt !== null) return { sealedAt: current.sealedAt };

  const states = new Map<string, ServerRecord>();
  let cursor = 0;
  /** Pulls what changed since the last pull (everything, the first time). */
  const pull = async () => {
    for (;;) {
      const res = await api<SyncResponse>('/api/sync', { body: { protocol: PROTOCOL_VERSION, cursor, changes: [] } });
      for (const r of res.records) states.set(keyOf(r.collection, r.id), r);
      cursor = res.cursor;
      if (!res.hasMore) return;
    }
  };

  let files: RekeyOutcome | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await progress({ phase: 'reading', done: 0, total: 0 });
    await pull();
    if (round === 0 && deps.files) files = await rekeyFiles(deps.files, [...states.values()]);
    const found = [...states.values()].map((r) => ({ r, fields: plaintextFields(r.collection, r.id, r) })).filter((p) => p.fields.length > 0);
    // A record that would not fit the limits once sealed is not sent (the server would refuse it,
    // or a whole batch for one envelope too large): it stays as it is, named to the person to
    // shorten, and everything else is sealed (issue 29 "Limits on ciphertext").
    const tooLarge: TooLargeToSeal[] = [];
    const plain = found.filter(({ r }) => {
      const problem = sealedRecordProblem(r.collection, r.id, r);
      if (problem) tooLarge.push({ collection: r.collection, id: r.id, field: problem.field, name: recordName(r), reason: problem.reason });
      return !problem;
    });
    const total = plain.reduce((n, p) => n + p.fields.length, 0);
    let done = 0;
    const refused: string[] = [];
    for await (const batch of batches(keys, plain)) {
      await progress({ phase: 'records', done, total });
      const answer = await api<SealAnswer>('/api/keys/seal/records', { body: { records: batch } });
      done += batch.reduce((n, b) => n + Object.keys(b.fields).length, 0);
      refused.push(...answer.refused.map((f) => f.reason));
    }
    if (tooLarge.length) throw new SealAccountError(tooLargeMessage(tooLarge, refused), tooLarge);
    if (refused.length) throw new SealAccountError([...new Set(refused)].join('; '));
    await progress({ phase: 'finishing', done, total });
    try {
      const { sealedAt } = await api<{ sealedAt: number }>('/api/keys/seal/finish', { body: {} });
      await progress({ phase: 'done', done, total });
      return files ? { sealedAt, files } : { sealedAt };
    } catch (err) {
      if ((err as { status?: number }).status !== 409 || !(err as { bodyText?: string }).bodyText?.includes('"left"')) throw err;
      // Something was written plain meanwhile (another device, a stale field): the next round pulls and seals it.
    }
  }
  throw new SealAccountError('Your words kept changing while they were being sealed; please try again.');
}

type SealBody = { collection: CollectionName; id: string; fields: Record<string, { hlc: string; value: string }> };

/**
 * The envelopes of `plain`, sealed batch by batch as they are sent (so memory holds one request's
 * worth), in requests of at most BATCH_RECORDS records and about BATCH_BYTES bytes. A message's
 * own scope (`msg:<id>`) is added to the keyring first (SyncKeys.addScope, after one refresh in
 * case another device made it). Throws KeysLockedError when the keys are locked.
 */
async function* batches(keys: SyncKeys, plain: readonly { r: RecordState & { collection: CollectionName; id: string }; fields: string[] }[]): AsyncGenerator<SealBody[]> {
  const ring = () => {
    const k = keys.keyring();
    if (!k) throw new KeysLockedError();
    return k;
  };
  const needed = [...new Set(plain.flatMap((p) => scopesOf(p.r.collection, p.r.id, p.fields)))];
  if (needed.some((s) => ring().version(s) === 0)) await keys.refreshKeyring();
  for (const scope of needed) if (ring().version(scope) === 0) await keys.addScope(scope);
  let batch: SealBody[] = [];
  let bytes = 0;
  for (const { r, fields } of plain) {
    const body: SealBody = { collection: r.collection, id: r.id, fields: await sealStored(ring(), keys.userId, r.collection, r.id, r, fields) };
    const size = JSON.stringify(body).length;
    if (batch.length && (batch.length >= BATCH_RECORDS || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(body);
    bytes += size;
  }
  if (batch.length) yield batch;
}


/** What a record is called in a message: its title, name, recipient or document name, else what it is. */
function recordName(r: RecordState & { collection: CollectionName }): string {
  const v = r.values;
  const named = [v.title, v.documentName, v.recipientName && `Your message to ${String(v.recipientName)}`, v.name].find((x) => typeof x === 'string' && x.trim() !== '');
  if (typeof named === 'string') return named.length > 60 ? `${named.slice(0, 57)}...` : named;
  return { profile: 'Your profile', deathPlan: 'Your plan', messages: 'A message', documents: 'A document', trustees: 'A trustee', survivorTasks: 'A task' }[r.collection];
}

/**
 * The words for records left plain as too large (SealAccountError's message, shown in a toast by
 * key-effects.ts): each named with the field to shorten, and that everything else was sealed.
 */
function tooLargeMessage(tooLarge: readonly TooLargeToSeal[], refused: readonly string[]): string {
  const named = tooLarge.map((t) => {
    const why = /: (too long to keep end-to-end encrypted \(.*\))$/.exec(t.reason)?.[1] ?? t.reason;
    return `“${t.name}”: ${fieldLabel(t.field.split('~')[0]!)} is ${why}`;
  });
  const others = refused.length ? ` ${[...new Set(refused)].join('; ')}.` : '';
  return `${named.join('; ')}. Everything else is sealed; once ${tooLarge.length === 1 ? 'this is' : 'these are'} shorter, it will be sealed the next time you open Afterword.${others}`;
}
