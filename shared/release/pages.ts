/**
 * What the static release pages (web/release/) receive from the server (sync-server/release/
 * page-data.ts), as JSON: the same content as the server-rendered pages had (DESIGN.md §8), by
 * token purpose and access level, and nothing more. A trustee never gets a message's text, only
 * each recipient's name, address and delivery state (issue "Sealed from the server",
 * "Trustees never read letters").
 *
 * An account whose records are not sealed sends content and file keys as stored in the records; a
 * sealed one sends envelopes, opened by the page's `openPage` (web/release/open.ts) with the key in
 * a delivery link's fragment or the level keys a trustee's own kit opens, never a key of the server's.
 */
import type { AccessLevel, DeathPlan, DocumentType, LegalDocument, Message, Profile, SurvivorTask, Trustee } from '../schema';
import type { DeliveryFacts, DeliveryProblem, HandoverBy } from '../delivery-rule';
import type { BinderMessage } from '../binder/delivery-line';
import type { CollectionName } from '../schema/collection-names';

/** A record's stored file, and how to fetch (ciphertext, `url`) and open it (`key`, shared/files/crypto.ts). */
export interface PageFile {
  name: string;
  /** Plaintext bytes. */
  size: number;
  /** Detected by content at upload; application/octet-stream for anything not accepted inline. */
  type: string;
  blobId: string;
  chunkSize: number;
  chunkCount: number;
  /**
   * Plaintext bytes as stored, the chunks' layout: `size` padded to its bucket (issue 39,
   * shared/files/crypto.ts paddedFileSize), or `size` itself for a file stored before padding.
   * The page cuts the padding off at `size`.
   */
  storedSize: number;
  /** Token-checked endpoint answering the stored ciphertext (Range over the stored bytes). */
  url: string;
  /** The file's AES key (base64url): as stored in a plaintext record, or from the opened `envelope` (open.ts). */
  key: string;
  /**
   * A sealed account's file: the record's `file` envelope as stored. The server cannot read it, so
   * `name`, `size`, `chunkSize`, `key` (and `type`, from the device's detection) come from it once
   * the page opened it (web/release/open.ts); until then they are empty.
   */
  envelope?: string;
}

/**
 * What a page needs to open a sealed account's values in the browser (shared/crypto/README.md
 * "Sealing records"): each envelope's AAD binds the owner, collection, record, field and HLC.
 * Absent for an account whose records are not sealed (its values come as stored).
 */
export interface SealedInfo {
  /** The owner's user id. */
  userId: string;
  /** `<collection>/<recordId>` → stored field → the HLC it was sealed at. */
  clocks: Record<string, Record<string, string>>;
  /** The owner's devices deposited no keys for the release: nothing can be opened here. */
  noEscrow: boolean;
  /** The owner's trustee kits took over from the escrow: a trustee's page opens only with their kit (the kit page). */
  kits?: boolean;
  /**
   * A trustee's page of an account released with fewer than k kits in force: nothing sealed opens
   * for a trustee (issue "Release through trustees' key shares", constraint "The escrow ends").
   */
  noKits?: boolean;
  /** With `noKits`: the owner never made trustee kits (the page gives that reason: release-page `releasePage.trustee.noKits`). */
  noKitsMade?: boolean;
  /** A trustee's page of an account released through kits, for a trustee who holds no kit of them: it cannot open. */
  noOwnKit?: boolean;
  /**
   * A full-access trustee's page: the plan, the tasks, the owner's profile and the trustees as
   * stored (values and clocks by stored field), for the page and the family binder.
   */
  records?: { collection: SealedRecordCollection; id: string; values: Record<string, unknown>; clocks: Record<string, string> }[];
  /**
   * The freshness fields (shared/crypto/freshness.ts: `_version`, `_auth/_deleted`, the plain
   * `_deleted`) of each record whose values come one field at a time (a message, a document), by
   * `<collection>/<recordId>`, their HLCs in `clocks`: the page holds each field it opens to its
   * owner's last version (web/release/page-freshness.ts; SECURITY.md "Freshness").
   */
  versions?: Record<string, Record<string, unknown>>;
  /**
   * The records of the page's collections the server holds as deleted, their freshness fields only
   * (never their content): the page shows nothing of one its owner's devices deleted, and names one
   * whose deletion they did not write (a record hidden by the server).
   */
  removed?: { collection: CollectionName; id: string; values: Record<string, unknown>; clocks: Record<string, string> }[];
}

/** The collections a full-access trustee's page receives as stored records (SealedInfo.records). */
export type SealedRecordCollection = 'deathPlan' | 'survivorTasks' | 'profile' | 'trustees';

/**
 * A survivor task on a full-access trustee's page: what the owner's Survivor Tasks screen shows
 * of it. `done` is the owner's own status (completionStatus); the family's is in `taskMarks`.
 */
export type PageTask = Pick<SurvivorTask, 'id' | 'title' | 'description' | 'category' | 'timeframe' | 'priority' | 'automationLevel' | 'resources' | 'automationSteps'> & { done: boolean };

/**
 * A trustee's "done" on a task after the release (sync-server/release/task-marks.ts): who and
 * when. `name` is the marking trustee's, when this page may read it (null: sealed, the page
 * opens it from the trustees' records or says "another trustee").
 */
export interface TaskMark {
  taskId: string;
  trusteeId: string;
  /** ISO time of the mark. */
  at: string;
  /** Marked by this page's own trustee. */
  mine: boolean;
  name: string | null;
}

/** The owner's profile as a full-access trustee's page shows it: the health information only. */
export interface PageProfile {
  healthInfo: string | null;
}

/** A recipient's page (`/r/d/<token>`). */
export interface DeliveryPageData {
  ownerName: string;
  /**
   * The language of the recipient's page (issue 44): the message's `recipientLanguage` as the owner
   * chose it, else the account's (a code of shared/languages.ts). Absent from older servers: English.
   */
  lang?: string;
  /** A sealed account's: the message's own key comes from the link's fragment. */
  sealed?: SealedInfo;
  message: {
    id: string;
    recipientName: string;
    messageType: Message['messageType'];
    messageContent: string;
    createdAt: string;
    /** null: no file; `missing`: the record names a file the server no longer has. */
    file: PageFile | null | 'missing';
  };
}

/** The records a full-access trustee's family binder is made from (shared/binder binderInputOf). */
export interface BinderRecords {
  /** The owner's names, emergency contact and health information (printed under "In the first 24 hours"). */
  profile: Pick<Profile, 'firstName' | 'lastName' | 'emergencyContact' | 'healthInfo'>[];
  deathPlan: DeathPlan[];
  survivorTasks: SurvivorTask[];
  documents: LegalDocument[];
  /**
   * Each message's recipient, kind (null: sealed for its recipient) and delivery facts as the
   * page knows them, with the names of who hands a letter over (shared/binder/delivery-line.ts).
   */
  messages: BinderMessage[];
  trustees: Trustee[];
}

/** A trustee's page (`/r/t/<token>`), by access level. */
export interface TrusteePageData {
  ownerName: string;
  ownerFirstName: string;
  level: AccessLevel;
  /** The server's now (ISO), for the binder's date. */
  now: string;
  /**
   * The language of the trustee's page (issue 44): the trustee's `language` as the owner chose it,
   * else the account's (sync-server/release/service.ts readerLanguage, the e-mails' rule; a code of
   * shared/languages.ts). Absent from older servers: English.
   */
  lang?: string;
  /** A sealed account's: envelopes and their places (never a key: a trustee's level opens with their kit). */
  sealed?: SealedInfo;
  /** Set by the page (web/release/open.ts): the entries that did not open, named as the page shows them (never shown as content). */
  notOpened?: string[];
  /**
   * Set by the page (web/release/open.ts) when it opens nothing sealed (no kits were in force, or
   * this trustee holds none): why, and what can still be done. The page then shows only that and
   * the messages' plain delivery facts (addresses, sent, opened, resend), names left out.
   */
  cannotOpen?: string;
  /**
   * Full and messages-only. The delivery facts are the page's to put in words, in the reader's
   * own time zone (shared/delivery-rule.ts deliveryStateLine); `canResend` once it was sent.
   * `handover`: a letter a trustee hands over (who, in order; empty when no released kit holds its
   * key), absent or null when the server delivers it; `problem`: why the server cannot.
   */
  messages?: ({ id: string; recipientName: string; recipientEmail: string; canResend: boolean; handover?: HandoverBy[] | null; problem?: DeliveryProblem | null } & Required<DeliveryFacts>)[];
  /** Full and documents-only. */
  documents?: { id: string; documentType: DocumentType; documentName: string; documentUrl: string | null; originalLocation: string | null; file: PageFile | null | 'missing' }[];
  /** Full only; absent for a sealed account (not sent yet: the page says so). */
  plan?: DeathPlan | null;
  /**
   * Full only: what the owner wrote as "Important Health Information" (wizard step 1, SPEC.md §4),
   * null when nothing (issue "Promises kept", Deliver "Documents"). A sealed account's is opened
   * by the page from its profile record (web/release/open.ts); the lower levels never get it.
   */
  profile?: PageProfile;
  /** Full only; a sealed account's are opened by the page (web/release/open.ts). */
  tasks?: PageTask[];
  /** Full only: who marked which task done, and when (the same for plain and sealed accounts). */
  taskMarks?: TaskMark[];
  /** Full only; a sealed account's is made by the page from the opened records (web/release/open.ts). */
  binder?: BinderRecords;
}
