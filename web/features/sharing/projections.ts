/**
 * What a viewer of a share sees, per kind of item (docs/sharing.md "More kinds of item"; issue
 * 43): each kind's projection turns the owner's record(s) into the copy that is sealed under the
 * share key. One path serves every kind (share-client.ts seals whatever `projectItem` returns);
 * only the projection differs. A plan section, a task list and a trustee's details become labelled
 * lines the viewer's page shows as they are; a document keeps its own shape (shares made before).
 * Nothing else of the owner's leaves: a section holds only its own fields, a trustee's copy never
 * the access level or sealed fields, a task list only its category's tasks, a letter only its
 * recipient's name and its words (never its address, date or recording: letterCopy).
 */
import { BURIAL_PREFERENCE_LABELS, COMPLETION_STATUS_LABELS, FUNERAL_TYPE_LABELS, TASK_CATEGORY_LABELS, TIMEFRAME_LABELS } from '../../../shared/labels';
import type { DeathPlan, LegalDocument, Message, SurvivorTask, Trustee } from '../../../shared/schema';
import { TIMEFRAMES, type TaskCategory } from '../../../shared/schema/survivor-task';
import { PLAN_SECTIONS, type ShareKind } from '../../../shared/share-items';

export type { SharedCopy, SharedDocument, SharedEntries, SharedField } from '../../../shared/share-copy-view';
import type { SharedCopy, SharedDocument, SharedEntries, SharedField } from '../../../shared/share-copy-view';

/** The owner's records a projection reads (the device's collections, as useCollection gives them). */
export interface ShareSource {
  documents: readonly LegalDocument[];
  deathPlan: DeathPlan | null;
  survivorTasks: readonly SurvivorTask[];
  trustees: readonly Trustee[];
  /** The owner's letters (a letter is shared only by explicit choice: web/features/message-vault). */
  messages: readonly Message[];
}

/** A shareable item: its kind and id (docs/sharing.md), as the server names it. */
export interface ShareItemRef {
  kind: ShareKind;
  id: string;
}

/**
 * The document's shared copy. Its file goes with it, with the file's own key, only when the owner
 * agreed (its sealed `fileShared`, set in the Share dialog; review M1; docs/sharing.md "The file of a
 * shared document"): the copy is sealed under the share key, so the link opens the file and nothing
 * else does; the viewer fetches the sealed bytes by the share's token. Otherwise `hasFile` only.
 */
export const documentCopy = (d: Pick<LegalDocument, 'documentType' | 'documentName' | 'documentUrl' | 'originalLocation' | 'file'> & { fileShared?: boolean }): SharedDocument => ({
  kind: 'document',
  documentType: d.documentType,
  documentName: d.documentName,
  documentUrl: d.documentUrl ?? null,
  originalLocation: d.originalLocation ?? null,
  hasFile: d.file != null,
  file: d.file && d.fileShared === true ? { blobId: d.file.blobId, name: d.file.name, size: d.file.size, mimeType: d.file.mimeType, sha256: d.file.sha256, key: d.file.key, chunkSize: d.file.chunkSize } : null,
});

/** `copy` without a file's key: for a page that cannot fetch the file (an emergency bundle, web/features/emergency), which then says the file is not shared. */
export const withoutFile = (copy: SharedCopy): SharedCopy => (copy.kind === 'document' ? { ...copy, file: null } : copy);

/** Only the lines that say something (an empty field is left out, not shown as blank). */
const lines = (fields: Array<[string, string | string[] | null | undefined]>): SharedField[] =>
  fields.filter(([, v]) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '')).map(([label, value]) => ({ label, value: value! }));

/** A plan section's copy: only the fields of that section (shared/share-items.ts PLAN_SECTIONS). */
export function planSectionCopy(plan: DeathPlan, sectionId: string): SharedEntries | null {
  const section = PLAN_SECTIONS.find((s) => s.id === sectionId);
  if (!section) return null;
  const all: Record<string, [string, string | string[] | null | undefined]> = {
    funeralType: ['Funeral type', plan.funeralType ? FUNERAL_TYPE_LABELS[plan.funeralType] : null],
    location: ['Location', plan.location],
    burialPreference: ['Burial preference', plan.burialPreference ? BURIAL_PREFERENCE_LABELS[plan.burialPreference] : null],
    specialRequests: ['Special requests', plan.specialRequests],
    musicSelections: ['Music', plan.musicSelections],
    readings: ['Readings', plan.readings],
    obituary: ['Obituary', plan.obituary],
  };
  return { kind: 'plan-section', title: `My plan: ${section.label}`, entries: [{ heading: null, fields: lines(section.fields.map((f) => all[f]!)) }] };
}

/** A survivor task list's copy: one category's tasks, soonest first, then by priority. */
export function taskListCopy(tasks: readonly SurvivorTask[], category: string): SharedEntries | null {
  if (!(category in TASK_CATEGORY_LABELS)) return null;
  const mine = tasks
    .filter((t) => t.category === category)
    .sort((a, b) => TIMEFRAMES.indexOf(a.timeframe) - TIMEFRAMES.indexOf(b.timeframe) || a.priority - b.priority || a.title.localeCompare(b.title));
  return {
    kind: 'task-list',
    title: `Tasks: ${TASK_CATEGORY_LABELS[category as TaskCategory]}`,
    entries: mine.map((t) => ({
      heading: t.title,
      fields: lines([
        ['What to do', t.description],
        ['When', TIMEFRAME_LABELS[t.timeframe]],
        ['Status', COMPLETION_STATUS_LABELS[t.completionStatus]],
        ['Resources', t.resources],
      ]),
    })),
  };
}

/**
 * A trustee's details: how to reach them, nothing about what they are trusted with. The e-mail is
 * the owner's sealed copy when there is one: the plain field is the server's say, which a lying
 * server could rewrite (security review of session 21, finding 2).
 */
export const trusteeCopy = (t: Pick<Trustee, 'name' | 'email' | 'phone' | 'relationship'> & { sealedEmail?: string | null }): SharedEntries => ({
  kind: 'trustee',
  title: t.name,
  entries: [{ heading: null, fields: lines([['Relationship', t.relationship], ['E-mail', t.sealedEmail ?? t.email], ['Phone', t.phone]]) }],
});

/**
 * A letter's copy, shared now only by the owner's explicit choice for it: to whom, and its words.
 * A recording's words are its note; the recording itself is not shared (the viewer is told so).
 */
export const letterCopy = (m: Pick<Message, 'recipientName' | 'messageType' | 'messageContent' | 'file'>): SharedEntries => ({
  kind: 'letter',
  title: `A letter to ${m.recipientName}`,
  entries: [
    {
      heading: null,
      fields: lines([
        [m.messageType === 'text' ? 'Letter' : 'Note with the recording', m.messageContent],
        ['Recording', m.messageType !== 'text' && m.file ? 'A recording goes with this letter. It is not shared now: it is kept for after.' : null],
      ]),
    },
  ],
});

/** The copy of item `ref` from `source`, or null when the item is not there (deleted, or never made). */
export function projectItem(ref: ShareItemRef, source: ShareSource): SharedCopy | null {
  switch (ref.kind) {
    case 'document': {
      const d = source.documents.find((x) => x.id === ref.id);
      return d ? documentCopy(d) : null;
    }
    case 'plan-section':
      return source.deathPlan ? planSectionCopy(source.deathPlan, ref.id) : null;
    case 'task-list':
      return taskListCopy(source.survivorTasks, ref.id);
    case 'trustee': {
      const t = source.trustees.find((x) => x.id === ref.id);
      return t ? trusteeCopy(t) : null;
    }
    case 'letter': {
      const m = source.messages.find((x) => x.id === ref.id);
      return m ? letterCopy(m) : null;
    }
  }
}

/** Every item of `source` that can be shared now, with its copy (what share-follow.ts watches). */
export function shareableItems(source: ShareSource): Array<{ ref: ShareItemRef; copy: SharedCopy }> {
  const refs: ShareItemRef[] = [
    ...source.documents.map((d) => ({ kind: 'document' as const, id: d.id })),
    ...(source.deathPlan ? PLAN_SECTIONS.map((s) => ({ kind: 'plan-section' as const, id: s.id })) : []),
    ...[...new Set(source.survivorTasks.map((t) => t.category))].map((c) => ({ kind: 'task-list' as const, id: c })),
    ...source.trustees.map((t) => ({ kind: 'trustee' as const, id: t.id })),
    ...source.messages.map((m) => ({ kind: 'letter' as const, id: m.id })),
  ];
  return refs.flatMap((ref) => {
    const copy = projectItem(ref, source);
    return copy ? [{ ref, copy }] : [];
  });
}

/** Whether an opened value has a copy's shape: copy-view.ts (zod-free, for the release pages too). */
export { isSharedCopy } from '../../../shared/share-copy-view';

/** The title a person knows an item by: a document's name, or the copy's title ("My plan: Music", a trustee's name). */
export const copyTitle = (copy: SharedCopy): string => (copy.kind === 'document' ? copy.documentName : copy.title);
