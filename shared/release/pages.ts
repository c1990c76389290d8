/**
 * What the static release pages (web/release/) receive from the server (sync-server/release/
 * page-data.ts), as JSON: the same content as the server-rendered pages had (DESIGN.md §8), by
 * token purpose and access level, and nothing more. A trustee never gets a message's text, only
 * each recipient's name, address and delivery state (issue "Sealed from the server",
 * "Trustees never read letters").
 *
 * Today content and file keys come as stored in the records; once records are sealed they come as
 * envelopes and keys from the release escrow or the link's fragment, and only the page's
 * `openPage` (web/release/open.ts) changes.
 */
import type { AccessLevel, DeathPlan, DocumentType, LegalDocument, Message, Profile, SurvivorTask, Trustee } from '../schema';

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
  /** Token-checked endpoint answering the stored ciphertext (Range over the stored bytes). */
  url: string;
  /** The file's AES key as stored in its record (base64url). */
  key: string;
}

/** A recipient's page (`/r/d/<token>`). */
export interface DeliveryPageData {
  ownerName: string;
  message: {
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
  profile: Pick<Profile, 'firstName' | 'lastName' | 'emergencyContact'>[];
  deathPlan: DeathPlan[];
  survivorTasks: SurvivorTask[];
  documents: LegalDocument[];
  messages: Pick<Message, 'recipientName' | 'recipientEmail' | 'messageType' | 'deliveryDate' | 'delivered'>[];
  trustees: Trustee[];
}

/** A trustee's page (`/r/t/<token>`), by access level. */
export interface TrusteePageData {
  ownerName: string;
  ownerFirstName: string;
  level: AccessLevel;
  /** The server's now (ISO), for the binder's date. */
  now: string;
  /** Full and messages-only. `state` is the delivery state in words (shared/delivery-rule.ts). */
  messages?: { id: string; recipientName: string; recipientEmail: string; state: string; canResend: boolean }[];
  /** Full and documents-only. */
  documents?: { id: string; documentType: DocumentType; documentName: string; documentUrl: string | null; file: PageFile | null | 'missing' }[];
  /** Full only. */
  plan?: DeathPlan | null;
  /** Full only. */
  tasks?: { id: string; title: string; done: boolean }[];
  /** Full only. */
  binder?: BinderRecords;
}
