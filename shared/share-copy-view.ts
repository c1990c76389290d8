/**
 * The copy of one shared item (what a share's `s1` copy and an emergency bundle's items hold) and
 * what a person sees of it, read-only, whoever shows it (docs/sharing.md; issue 43):
 * the viewer's page in the app (web/features/sharing/SharedPage.tsx, React) and a trustee's emergency access on the kit
 * page (web/release/kit/emergency.ts, plain DOM) render the same `CopyView`, so the two never say
 * different things about the same copy. Also the check that a value which opened has the shape of
 * a copy (`isSharedCopy`): nothing else is ever shown. No zod and no React here: the release pages'
 * small bundle imports this file. Its words are the catalog namespace `copy-view` (issue 44), which
 * each page says through its own i18n (CopyWords).
 */
import { isHttpUrl } from './http-url';
import { DOCUMENT_TYPE_LABELS } from './labels';
import type { FileRef } from './files/ref';
import type { LegalDocument } from './schema';
import type { ShareKind } from './share-items';

/**
 * A shared document's file as its copy carries it (docs/sharing.md "The file of a shared document"):
 * what the viewer is shown (name, size, type) and what opens it (its blob id, chunk size, own AES key
 * and SHA-256). It travels only inside the copy, sealed under the share key: the server holds none of it.
 */
export type SharedFile = Pick<FileRef, 'blobId' | 'name' | 'size' | 'mimeType' | 'sha256' | 'key' | 'chunkSize'>;

/** What a viewer sees of a document: its words and, in a share, its file (with that file's key, sealed in the copy). */
export interface SharedDocument {
  kind: 'document';
  documentType: LegalDocument['documentType'];
  documentName: string;
  documentUrl: string | null;
  originalLocation: string | null;
  hasFile: boolean;
  /** The document's file, which the viewer can open; absent or null when it has none, in a copy made before files were shared, and in an emergency bundle (its page cannot fetch it). */
  file?: SharedFile | null;
  /** When the owner's device sealed this copy (ISO 8601): the page's "last changed" date. Absent in a projection, set on sealing (share-client.ts publish). */
  sealedAt?: string;
}

/** One labelled line: a text, or a list of texts. */
export interface SharedField {
  label: string;
  value: string | string[];
}

/** A plan section, a task list, a trustee's details or a letter: a title and entries of labelled lines (a task list has one entry per task). */
export interface SharedEntries {
  kind: Exclude<ShareKind, 'document'>;
  title: string;
  entries: Array<{ heading: string | null; fields: SharedField[] }>;
  /** As SharedDocument's `sealedAt`. */
  sealedAt?: string;
}

export type SharedCopy = SharedDocument | SharedEntries;

/** One shared item as it is shown: the line above its title, its title, its entries, a link (a document's), and a note. */
export interface CopyView {
  kindLine: string;
  title: string;
  entries: Array<{ heading: string | null; fields: SharedField[] }>;
  /** A document's web address, only when it is http(s) (never `javascript:`). */
  link: { href: string; label: string } | null;
  /** A plain remark under the entries (a document's file that is not shared, an empty item). */
  note: string | null;
}

/**
 * The ids of the words a copy's view says (catalog namespace `copy-view`,
 * web/i18n/catalogs/<lang>/copy-view.json; web/features/sharing/copy-words.ts checks each is there).
 */
export type CopyWordId =
  | `copyView.kind.${SharedCopy['kind']}`
  | `copyView.documentType.${LegalDocument['documentType'] | 'unknown'}`
  | 'copyView.type'
  | 'copyView.originalKept'
  | 'copyView.viewDocument'
  | 'copyView.empty'
  | 'copyView.fileNotShared';

/** The words of `id` in the language the page shows (the app's `t`, or the release pages' `wordsOf`). */
export type CopyWords = (id: CopyWordId) => string;

/** The view of `copy` (already checked by isSharedCopy), its words said by `say` in the page's language. */
export function copyView(copy: SharedCopy, say: CopyWords): CopyView {
  if (copy.kind !== 'document') {
    const empty = copy.entries.every((e) => e.fields.length === 0 && e.heading === null);
    return { kindLine: say(`copyView.kind.${copy.kind}`), title: copy.title, entries: copy.entries, link: null, note: empty ? say('copyView.empty') : null };
  }
  // A type the copy names that this code does not know (a newer device's) reads "Document".
  const type = Object.hasOwn(DOCUMENT_TYPE_LABELS, copy.documentType) ? copy.documentType : 'unknown';
  const fields: SharedField[] = [{ label: say('copyView.type'), value: say(`copyView.documentType.${type}`) }];
  if (copy.originalLocation) fields.push({ label: say('copyView.originalKept'), value: copy.originalLocation });
  return {
    kindLine: say('copyView.kind.document'),
    title: copy.documentName,
    entries: [{ heading: null, fields }],
    link: copy.documentUrl && isHttpUrl(copy.documentUrl) ? { href: copy.documentUrl, label: say('copyView.viewDocument') } : null,
    note: copy.hasFile && !copy.file ? say('copyView.fileNotShared') : null,
  };
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
/** True when `value` has a shared file's shape (the copy opened, so its fields are the owner's; the file's own checks follow on opening it). */
function isSharedFile(value: unknown): value is SharedFile {
  const f = value as Partial<Record<keyof SharedFile, unknown>>;
  return (
    typeof f === 'object' &&
    isText(f.blobId) && /^[A-Za-z0-9_-]{16,64}$/.test(f.blobId) &&
    isText(f.name) && isText(f.mimeType) && isText(f.key) && isText(f.sha256) &&
    isCount(f.size) && isCount(f.chunkSize) && f.chunkSize > 0
  );
}
/** True when `value` (what opened from a share) has the shape of a copy: nothing else is shown. */
export function isSharedCopy(value: unknown): value is SharedCopy {
  const v = value as { kind?: unknown; documentName?: unknown; title?: unknown; entries?: unknown; file?: unknown } | null;
  if (!v || typeof v !== 'object') return false;
  if (v.kind === 'document') return isText(v.documentName) && (v.file == null || isSharedFile(v.file));
  if (v.kind !== 'plan-section' && v.kind !== 'task-list' && v.kind !== 'trustee' && v.kind !== 'letter') return false;
  return (
    isText(v.title) &&
    Array.isArray(v.entries) &&
    (v.entries as Array<{ heading?: unknown; fields?: unknown } | null>).every(
      (e) => e && (e.heading === null || isText(e.heading)) && Array.isArray(e.fields) && (e.fields as Array<{ label?: unknown; value?: unknown } | null>).every((f) => f && isText(f.label) && (isText(f.value) || (Array.isArray(f.value) && f.value.every(isText)))),
    )
  );
}
