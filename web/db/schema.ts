/**
 * The Dexie schema of one user's local database (DESIGN.md §2 "Client"): one table per synced
 * collection holding the materialised entities (deleted records are absent), `fieldState` with
 * every record's per-field values and HLCs (tombstones included), the `outbox` of changes not
 * yet acknowledged by the server, `meta` (last HLC, server cursor, clock offset), and `versions`
 * (earlier values of long texts this device replaced); since v3 (issue #17) `files` (file bytes
 * kept here), `attachments` (the upload queue) and `downloadChunks` (downloads in progress); since v4
 * `sealErrors` (pulled fields of a sealed account that could not be opened); since v5
 * `shareRefreshes` (shared items whose copies wait to be sealed again, web/features/sharing); since
 * v6 `pendingShares` (shares made while offline that wait to reach the server); since v7 letters
 * indexed by the live shares they hold (`*shares`: the share refreshers read only those).
 */
import { Dexie, type Table } from 'dexie';
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import type { Change } from '../../shared/sync/change';
import type { Hlc } from '../../shared/sync/hlc';
import type { RecordState } from '../../shared/sync/merge';
import type { FileRef } from '../../shared/files/ref';
import type { ShareBody, ShareJson, ShareKind } from '../../shared/share-items';
import type { EmergencyChoice } from '../../shared/schema/trustee';

/** One record's sync state, keyed by [collection+id]. */
export interface FieldStateRow extends RecordState {
  collection: CollectionName;
  id: string;
}

/** An outbox entry: a change plus its auto-increment key (insertion order = push order). */
export interface OutboxRow extends Change {
  seq?: number;
  /**
   * A sealed account's envelopes of this change (web/sync/sealing.ts): `fields` with every sealed
   * field's value replaced by its envelope, made once for `hlc` after the write committed. Valid
   * only while `hlc` is the entry's HLC (a re-stamp seals again); pushed instead of `fields`.
   */
  sealed?: { hlc: Hlc; fields: Record<string, unknown> };
}

/**
 * A pulled field that could not be opened (web/sync/sealing.ts): moved, replayed, changed, cut short
 * or plaintext where an envelope belongs. Its value was never stored; the sync status names it.
 */
export interface SealErrorRow {
  collection: CollectionName;
  id: string;
  field: string;
  /** Why, in one word (sealing.ts UnopenedKind). */
  error: string;
  /** The HLC the refused value came with. */
  hlc: Hlc;
  /** When this device refused it (device ms). */
  at: number;
}

/** An earlier value of a long text this device replaced (rule 21): kept locally, newest last. */
export interface VersionRow {
  seq?: number;
  collection: CollectionName;
  id: string;
  field: string;
  text: string;
  /** The HLC the replaced text had been written with. */
  at: Hlc;
  /** When this device replaced it (device ms). */
  replacedAt: number;
}

/** `meta` rows. The node id is never stored: every tab mints its own (rule 1). */
export interface MetaValues {
  /** The greatest HLC this device has issued or received, so a reloaded tab never goes backwards. */
  lastHlc: Hlc;
  /** The server sequence up to which every record has been pulled (rule 13). */
  cursor: number;
  /** Server time − device time in ms, measured on every sync (rule 17). */
  clockOffset: number;
  /** The last file limits the server sent (`GET /api/files/usage`), for refusing offline (issue #17). */
  fileLimits: { maxFileBytes: number; quotaBytes: number; usedBytes: number };
  /** The highest emergency-choice version this device has sealed, per trustee id (web/features/emergency/choice-memory.ts). */
  emergencyChoices: Record<string, number>;
  /** Emergency choices saved while the server could not be reached, per trustee id (web/features/emergency/pending-choices.ts). */
  pendingEmergency: Record<string, PendingEmergencyChoice>;
  /** The server's list of each item's shares as this device last read it, per `<kind>:<id>`: Stop offline (web/features/sharing/known-shares.ts). */
  knownShares: Record<string, ShareJson[]>;
  /** The digest of the copy this device last sealed, per followed item `<kind>:<id>` (web/features/sharing/sealed-copies.ts). */
  sealedCopies: Record<string, string>;
}

/** What every row of the emergency queue holds (pending-choices.ts). */
interface PendingEmergencyBase {
  trusteeId: string;
  /** The version of the choice it was edited from (0: none); the server takes it only while it holds that one. */
  basedOn: number;
  /** When it was saved (device ms): a pass writes over a row only while it is still the one it read (compare-and-set). */
  at: number;
  /** Why it was not sent (changed elsewhere meanwhile, or refused), in the owner's words: kept, not retried, until they save again. */
  problem?: string;
  /** Passing failures in a row (a busy or unreachable server), and when it may be sent again (device ms; web/api/retry.ts). */
  tries?: number;
  retryAt?: number;
}

/**
 * An emergency choice saved on this device that waits to reach the server, or "Remove emergency
 * access" made offline (`remove`: the choice `basedOn` is to be removed). A Remove keeps the
 * choice removed, as it was shown, in `removed`, never in `choice`: a tab still running code older
 * than Remove (updates wait behind a prompt) re-seals any row's `choice`, so a Remove stored with
 * one would come back as a grant; without one that code throws and the row waits. Removes stored
 * before this rule carry it as `choice` (still read as Removes).
 */
export type PendingEmergencyChoice = PendingEmergencyBase &
  (
    | {
        /** The owner's choice as they saved it (its version is raised above the server's when it is sent). */
        choice: EmergencyChoice;
        remove?: undefined;
        removed?: undefined;
      }
    | { remove: true; removed?: EmergencyChoice; choice?: EmergencyChoice }
  );
export interface MetaRow {
  key: keyof MetaValues;
  value: MetaValues[keyof MetaValues];
}

/** A file's bytes kept on this device (issue #17): added here, or downloaded and kept for offline use. */
export interface FileRow {
  blobId: string;
  /** The plaintext bytes. */
  blob: Blob;
  /** When it was stored here (device ms). */
  storedAt: number;
}

/** Where a file added on this device is in the attachment queue (web/files/queue.ts). */
export type AttachmentState = 'queued' | 'uploading' | 'uploaded' | 'failed';

/** One row of the attachment queue (issue #17; anchor: PowerSync's attachment queue). */
export interface AttachmentRow {
  blobId: string;
  /** The reference the record holds (key, hashes, chunk size: everything the upload needs). */
  ref: FileRef;
  state: AttachmentState;
  /** Chunks the server has, as a fraction 0..1. */
  progress: number;
  /** For the person: why it failed, or why it is waiting. */
  reason?: string;
  /** Failed attempts in a row (for the backoff). */
  attempts: number;
  /** Device ms before which it is not tried again. */
  nextAttemptAt: number;
  /** Device ms when it was added. */
  createdAt: number;
  /** True once a live record was seen holding it: when none does any more, it is dropped. */
  referenced: boolean;
  /** True once the server accepted the upload (`POST /api/blobs`): its usedBytes counts it from then on. */
  reserved?: boolean;
  /** The size this device declared at `POST /api/blobs` (padded; web/files/upload.ts). Unset on rows a version before padding reserved at the exact size. */
  declaredSize?: number;
}

/** A decrypted chunk of a download in progress, kept so a download resumes (web/files/download.ts). */
export interface DownloadChunkRow {
  blobId: string;
  index: number;
  blob: Blob;
}

/**
 * A shared item whose copies wait to be sealed again (docs/sharing.md "Always current";
 * web/features/sharing/pending-refreshes.ts): it changed while offline, or its refresh failed. Only
 * which item: its copy is made from the record when the refresh runs, so no words are kept here.
 */
export interface ShareRefreshRow {
  /** `<kind>:<id>` (share-follow.ts). */
  key: string;
  /** A shared item's kind, or a trustee's emergency bundle (web/features/emergency). */
  kind: ShareKind | 'emergency-bundle';
  id: string;
  /** Raised at every change of the item: a refresh clears the row only if no change came meanwhile. */
  stamp: number;
}

/**
 * A share made on this device while it could not reach the server (issue 43: the choices are saved
 * on the device; web/features/sharing/pending-shares.ts): what `POST /api/shares` will carry (the
 * key only wrapped under the `docs` key, the name only sealed), for whom, and when.
 */
export interface PendingShareRow {
  shareId: string;
  kind: ShareKind;
  id: string;
  /** The body of POST /api/shares, as the device made it. */
  body: ShareBody;
  /** The person's name, for this device's own list (never sent plain). */
  name: string;
  /** The item's title when it was shared, to name it once the item is deleted (absent on rows made before it was kept). */
  title?: string;
  /** When it was made (ms). */
  at: number;
  /**
   * False while no send of it has started; true once one has (its answer may be lost, so it may be
   * on the server). Rows from before this flag have none and count as maybe sent.
   */
  sent?: boolean;
  /** The owner stopped it while the server could not be reached: the device sends the stop once online, never the share. */
  stopping?: boolean;
  /** Why the server refused its stop for good (its words): not sent again by itself, listed until the owner tries again (pending-shares.ts retryStop). */
  problem?: string;
  /** Passing failures of its stop in a row, and when it may be sent again (device ms; web/api/retry.ts). */
  tries?: number;
  retryAt?: number;
  /** A sync brought its item's delete from another device (web/db/pulled-deletes.ts): the owner is told once its share is dropped. */
  deletedElsewhere?: boolean;
}

/** Environment a database is opened in; tests pass fake-indexeddb's factory per simulated device. */
export interface IndexedDbDeps {
  indexedDB?: { open: Function };
  IDBKeyRange?: { bound: Function; lowerBound: Function; upperBound: Function };
}

/** Name of a user's database: the user id keeps two accounts on one device apart (DESIGN.md §2). */
export const databaseName = (userId: string) => `afterword-${userId}`;

/** Indexes of each collection table beyond the primary key `id`. */
const COLLECTION_INDEXES: Record<CollectionName, string> = {
  profile: 'id',
  deathPlan: 'id',
  messages: 'id, createdAt',
  documents: 'id, createdAt, documentType',
  trustees: 'id, createdAt',
  survivorTasks: 'id, createdAt, category, completionStatus',
};

export class AfterwordDexie extends Dexie {
  fieldState!: Table<FieldStateRow, [string, string]>;
  outbox!: Table<OutboxRow, number>;
  meta!: Table<MetaRow, string>;
  versions!: Table<VersionRow, number>;
  files!: Table<FileRow, string>;
  attachments!: Table<AttachmentRow, string>;
  downloadChunks!: Table<DownloadChunkRow, [string, number]>;
  sealErrors!: Table<SealErrorRow, [string, string, string]>;
  shareRefreshes!: Table<ShareRefreshRow, string>;
  pendingShares!: Table<PendingShareRow, string>;

  constructor(userId: string, deps: IndexedDbDeps = {}) {
    // Only given deps: an explicit `indexedDB: undefined` makes Dexie miss the browser's own.
    super(databaseName(userId), {
      ...(deps.indexedDB ? { indexedDB: deps.indexedDB } : {}),
      ...(deps.IDBKeyRange ? { IDBKeyRange: deps.IDBKeyRange } : {}),
      autoOpen: true,
    });
    this.version(1).stores({
      ...COLLECTION_INDEXES,
      fieldState: '[collection+id]',
      outbox: '++seq, hlc',
      meta: 'key',
    });
    // v2 (issue 14): earlier versions of long texts, per record field (rule 21).
    this.version(2).stores({ versions: '++seq, [collection+id+field]' });
    // v3 (issue #17): files kept on this device, the attachment queue, downloads in progress, and
    // records indexed by the file they hold (to drop a file no record refers to any more).
    this.version(3).stores({
      documents: `${COLLECTION_INDEXES.documents}, file.blobId`,
      messages: `${COLLECTION_INDEXES.messages}, file.blobId`,
      files: 'blobId',
      attachments: 'blobId, state',
      downloadChunks: '[blobId+index]',
    });
    // v4 (sealed sync): pulled fields that could not be opened, by record field.
    this.version(4).stores({ sealErrors: '[collection+id+field], collection' });
    // v5 (issue 43, share now): shared items whose copies wait to be sealed again, kept over a reload.
    this.version(5).stores({ shareRefreshes: 'key' });
    // v6 (issue 43, share now offline): shares made on this device that wait to reach the server.
    this.version(6).stores({ pendingShares: 'shareId' });
    // v7 (issue 43): letters by each live share they hold, so the share refreshers read only the
    // shared ones (web/features/sharing/use-share-source.ts), not every letter at each start.
    this.version(7).stores({ messages: `${COLLECTION_INDEXES.messages}, file.blobId, *shares` });
  }

  /** The table of materialised entities of `collection`. */
  entities<C extends CollectionName>(collection: C): Table<EntityOf[C], string> {
    return this.table(collection) as Table<EntityOf[C], string>;
  }
}
