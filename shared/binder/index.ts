/**
 * The family binder (issue #18, DESIGN.md §10): a PDF a grieving family can hold, made from plain
 * data with pdf-lib, the same in the browser (offline, web/features/export) and on the server (a
 * full-access trustee's download after release). Contents, in the order a family needs them: a
 * cover; "In the first 24 hours" (the tasks due within 24 hours and 3 days, the emergency contact,
 * the trustees with phone and e-mail); the after-death plan; every survivor task as a checklist
 * by timeframe with its resources; the legal documents and where each is; the messages as a list
 * of recipients and delivery state, NEVER their words.
 *
 * Text is set in DejaVu Sans (regular and bold), embedded as subsets, so names in every Latin,
 * Greek and Cyrillic script print exactly ("Zofia Wąsowska-Łęcka", "Ἀθηνᾶ", "Жанна"); pdf-lib's
 * standard fonts stop at WinAnsi. The caller passes the font bytes (./fonts.ts says where each side
 * gets them), so the builder stays a pure function of data and fonts.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import {
  ACCESS_LEVEL_LABELS,
  BURIAL_PREFERENCE_LABELS,
  COMPLETION_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  FUNERAL_TYPE_LABELS,
  ORIGINAL_LOCATION_LABEL,
  PRIORITY_OPTIONS,
  TASK_CATEGORY_LABELS,
  TIMEFRAME_LABELS,
  formatLongDate,
} from '../labels';
import type { DeathPlan, LegalDocument, Profile, SurvivorTask, Trustee } from '../schema';
import { TIMEFRAMES, type Timeframe } from '../schema/survivor-task';
import type { BinderFontBytes } from './fonts';
import { BinderWriter } from './layout';
import { binderMessageLine, type BinderDeliveryContext, type BinderMessage } from './delivery-line';
import { survivorsOnly } from '../task-roles';

export type { BinderFontBytes } from './fonts';

/** What the binder is made from: the person's live records (shapes of SPEC.md §3). */
export interface BinderInput {
  profile: (Pick<Profile, 'firstName' | 'lastName' | 'emergencyContact'> & Partial<Pick<Profile, 'healthInfo'>>) | null;
  plan: DeathPlan | null;
  tasks: SurvivorTask[];
  documents: LegalDocument[];
  /**
   * Only recipients, kind and delivery state are printed; the body is never read here
   * (delivery-line.ts BinderMessage: who hands a letter over, what the server recorded).
   */
  messages: BinderMessage[];
  trustees: Trustee[];
  /** When the binder is made. */
  madeAt: Date;
  /**
   * True for a trustee's copy after the release: its ticks are the family's own progress, and each
   * message's line is its state at `madeAt` as the trustee's page says it (delivery-line.ts). The
   * owner's copy (false, the default) prints a task only survivors can do (shared/task-roles.ts)
   * with an empty box and "For the family to do", whatever the owner's app says, and each message
   * as it will go at the release.
   */
  afterRelease?: boolean;
  /** How messages go, when the owner's device knows (delivery-line.ts; before the release); default: known, kits in use. */
  delivery?: BinderDeliveryContext;
}

/**
 * A new A4 PDF made by Afterword, with `meta` as its title, author and dates, `fonts` embedded
 * as subsets, and a BinderWriter on its first page: the family binder and the printed trustee kit
 * (web/features/trustees/kits/kit-pdf.ts) are set the same way, from this one chunk (pdf-lib is
 * loaded only with it, web/features/export/binder-cache.ts).
 */
export async function newPrintedDocument(fonts: BinderFontBytes, meta: { title: string; author: string; madeAt: Date; lang?: string; rtl?: boolean }): Promise<{ doc: PDFDocument; writer: BinderWriter }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator('Afterword');
  doc.setProducer('Afterword');
  doc.setCreationDate(meta.madeAt);
  doc.setModificationDate(meta.madeAt);
  if (meta.lang) doc.setLanguage(meta.lang);
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.regular, { subset: true }), doc.embedFont(fonts.bold, { subset: true })]);
  return { doc, writer: new BinderWriter(doc, { regular, bold }, !!meta.rtl) };
}

export type { BinderWriter, TextStyle } from './layout';
export { WIDTH as PRINT_WIDTH } from './layout';

/** Tasks of the first page: due within 24 hours and within 3 days. */
const FIRST_DAYS: readonly Timeframe[] = ['24h', '72h'];

/**
 * The binder as PDF bytes, its text in `fonts` (DejaVu Sans TrueType, embedded as subsets: only
 * the glyphs used). Never throws on text: a character the font lacks (CJK, most emoji) is replaced
 * visibly (./text.ts). Throws only when `fonts` are not TrueType/OpenType fonts.
 */
export async function buildBinder(input: BinderInput, fonts: BinderFontBytes): Promise<Uint8Array> {
  const name = [input.profile?.firstName, input.profile?.lastName].filter(Boolean).join(' ') || 'Unnamed';
  const made = formatLongDate(input.madeAt.toISOString());
  const { doc, writer: w } = await newPrintedDocument(fonts, { title: `Family binder of ${name}`, author: name, madeAt: input.madeAt });
  const tasks = [...input.tasks].sort((a, b) => a.priority - b.priority || a.title.localeCompare(b.title));

  // Cover
  w.gap(180);
  w.text('Family binder', { size: 16, grey: true, after: 12 });
  w.text(name, { size: 30, bold: true, after: 16 });
  w.text(`Made on ${made}`, { size: 13, after: 40 });
  w.text(
    'This binder holds what matters in the first days, the after-death plan, the tasks for the family, where the legal documents are, and who will receive a message. The messages themselves are delivered privately and are not printed here.',
    { size: 11 },
  );

  // In the first 24 hours
  w.heading('In the first 24 hours', 1, { newPage: true });
  w.heading('What to do first', 2);
  const first = tasks.filter((t) => FIRST_DAYS.includes(t.timeframe));
  if (first.length === 0) w.text('No tasks are due in the first days.', { grey: true });
  for (const tf of FIRST_DAYS) {
    const due = first.filter((t) => t.timeframe === tf);
    if (due.length === 0) continue;
    w.heading(TIMEFRAME_LABELS[tf], 3);
    for (const t of due) {
      w.checkItem(t.title, t.completionStatus === 'completed' && (!!input.afterRelease || !survivorsOnly(t)));
      w.text(t.description, { indent: 18, after: 6 });
    }
  }
  w.heading('Emergency contact', 2);
  const ec = input.profile?.emergencyContact;
  if (ec && (ec.name || ec.phone)) w.text([ec.name, ec.phone && `Phone: ${ec.phone}`].filter(Boolean).join(' · '));
  else w.text('No emergency contact was given.', { grey: true });
  // What a doctor or the family may need to know first (the wizard's "Important health information").
  const health = input.profile?.healthInfo?.trim();
  if (health) {
    w.heading('Health information', 2);
    w.text(health);
  }
  w.heading('Trustees', 2);
  if (input.trustees.length === 0) w.text('No trustees were named.', { grey: true });
  for (const t of input.trustees) {
    w.text(t.relationship ? `${t.name} (${t.relationship})` : t.name, { bold: true, after: 0 });
    w.text([t.phone ? `Phone: ${t.phone}` : 'Phone: not given', `E-mail: ${t.email}`, ACCESS_LEVEL_LABELS[t.accessLevel]].join(' · '), { indent: 12, after: 6 });
  }

  // The after-death plan
  w.heading('The after-death plan', 1, { newPage: true });
  const p = input.plan;
  if (!p) w.text('No plan was written.', { grey: true });
  else {
    w.field('Service', p.funeralType ? FUNERAL_TYPE_LABELS[p.funeralType] : null);
    w.field('Location', p.location);
    w.field('Burial', p.burialPreference ? BURIAL_PREFERENCE_LABELS[p.burialPreference] : null);
    listField(w, 'Music', p.musicSelections);
    listField(w, 'Readings', p.readings);
    w.field('Special requests', p.specialRequests);
    w.field('Obituary', p.obituary);
  }

  // Survivor tasks
  w.heading('Tasks for the family', 1, { newPage: true });
  if (tasks.length === 0) w.text('No tasks were written.', { grey: true });
  for (const tf of TIMEFRAMES) {
    const due = tasks.filter((t) => t.timeframe === tf);
    if (due.length === 0) continue;
    w.heading(TIMEFRAME_LABELS[tf], 2);
    for (const t of due) {
      const family = !input.afterRelease && survivorsOnly(t);
      w.checkItem(t.title, !family && t.completionStatus === 'completed');
      w.text(`Priority ${t.priority} (${PRIORITY_OPTIONS[t.priority as 1]}) · ${TASK_CATEGORY_LABELS[t.category]} · ${family ? 'For the family to do' : COMPLETION_STATUS_LABELS[t.completionStatus]}`, { indent: 18, after: 1, grey: true, size: 10 });
      w.text(t.description, { indent: 18, after: 2 });
      if (t.resources.length) {
        w.text('Resources', { indent: 18, bold: true, after: 0, size: 10 });
        for (const r of t.resources) w.bullet(r, 24);
      }
      w.gap(6);
    }
  }

  // Legal documents
  w.heading('Legal documents', 1, { newPage: true });
  if (input.documents.length === 0) w.text('No documents were listed.', { grey: true });
  for (const d of input.documents) {
    w.text(d.documentName, { bold: true, after: 0 });
    w.text(`Type: ${DOCUMENT_TYPE_LABELS[d.documentType]}`, { indent: 12, after: 0 });
    const where = d.file ? `File "${d.file.name}", kept in Afterword (and in the data export under files/documents/)` : (d.documentUrl ?? 'Not given');
    const original = d.originalLocation?.trim();
    w.text(`Where: ${where}`, { indent: 12, after: original ? 0 : 8 });
    if (original) w.text(`${ORIGINAL_LOCATION_LABEL}: ${original}`, { indent: 12, after: 8 });
  }

  // Messages: recipients and state only
  w.heading('Messages', 1, { newPage: true });
  // Not "Afterword delivers each": a letter a trustee hands over is never sent by Afterword.
  w.text('Each message reaches its recipient privately. Their words are not printed here.', { grey: true, after: 8 });
  if (input.messages.length === 0) w.text('No messages were written.', { grey: true });
  for (const m of input.messages) {
    w.text(`${m.recipientName} (${m.recipientEmail})`, { bold: true, after: 0 });
    w.text(binderMessageLine(m, { afterRelease: !!input.afterRelease, now: input.madeAt, delivery: input.delivery }), { indent: 12, after: 6 });
  }

  w.finish((i, n) => `Family binder of ${name} · made ${made} · page ${i} of ${n}`);
  return doc.save();
}

function listField(w: BinderWriter, label: string, items: readonly string[]) {
  if (items.length === 0) return w.field(label, null);
  w.keep(2 * 11 * 1.4);
  w.text(label, { bold: true, after: 0 });
  for (const item of items) w.bullet(item);
  w.gap(5);
}

/** The binder's input from a person's records by collection (the export's shape, on both sides). */
export function binderInputOf(
  records: { profile: BinderInput['profile'][]; deathPlan: DeathPlan[]; survivorTasks: SurvivorTask[]; documents: LegalDocument[]; messages: BinderInput['messages']; trustees: Trustee[] },
  madeAt: Date,
): BinderInput {
  return {
    profile: records.profile[0] ?? null,
    plan: records.deathPlan[0] ?? null,
    tasks: records.survivorTasks,
    documents: records.documents,
    messages: records.messages,
    trustees: records.trustees,
    madeAt,
  };
}
