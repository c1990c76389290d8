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
 *
 * Its words are in its reader's language (issue 44, ./words.ts: catalog namespace `binder-pdf`,
 * passed in compiled by the caller), dates and numbers through shared/intl-format.ts; an Arabic
 * binder is set right to left (./layout.ts), numbers kept left to right (./bidi.ts).
 */
import fontkit from '@pdf-lib/fontkit';
import type { Messages } from '@lingui/core';
import { PDFDocument } from 'pdf-lib';
import type { DeathPlan, LegalDocument, Profile, SurvivorTask, Trustee } from '../schema';
import { TIMEFRAMES, type Timeframe } from '../schema/survivor-task';
import type { BinderFontBytes } from './fonts';
import { BinderWriter } from './layout';
import { binderMessageLine, type BinderDeliveryContext, type BinderMessage } from './delivery-line';
import { survivorsOnly } from '../task-roles';
import { binderWords } from './words';

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
  /**
   * The reader's language (shared/languages.ts; default English): the owner's copy in the app's,
   * a trustee's copy in the trustee page's (TrusteePageData `lang`). Never translates what the
   * family wrote.
   */
  lang?: string;
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
 * the glyphs used) and its words in `input.lang` from `messages`, that language's compiled
 * `binder-pdf` catalog (English needs none; a message it lacks is English's). Never throws on
 * text: a character the font lacks (CJK, most emoji) is replaced visibly (./text.ts). Throws only
 * when `fonts` are not TrueType/OpenType fonts.
 */
export async function buildBinder(input: BinderInput, fonts: BinderFontBytes, messages?: Messages): Promise<Uint8Array> {
  const words = binderWords(input.lang, messages);
  const { t } = words;
  const name = [input.profile?.firstName, input.profile?.lastName].filter(Boolean).join(' ') || t('binderPdf.unnamed');
  const made = words.date(input.madeAt);
  const meta = { title: t('binderPdf.titleOf', { name }), author: name, madeAt: input.madeAt, lang: words.lang, rtl: words.rtl };
  const { doc, writer: w } = await newPrintedDocument(fonts, meta);
  const tasks = [...input.tasks].sort((a, b) => a.priority - b.priority || a.title.localeCompare(b.title));
  const detail = (main: string, more: string | null | undefined) => (more ? t('binderPdf.nameAndDetail', { name: main, detail: more }) : main);

  // Cover
  w.gap(180);
  w.text(t('binderPdf.title'), { size: 16, grey: true, after: 12 });
  w.text(name, { size: 30, bold: true, after: 16 });
  w.text(t('binderPdf.madeOn', { date: made }), { size: 13, after: 40 });
  w.text(t('binderPdf.intro'), { size: 11 });

  // In the first 24 hours
  w.heading(t('binderPdf.firstHours'), 1, { newPage: true });
  w.heading(t('binderPdf.whatFirst'), 2);
  const first = tasks.filter((task) => FIRST_DAYS.includes(task.timeframe));
  if (first.length === 0) w.text(t('binderPdf.noFirstTasks'), { grey: true });
  for (const tf of FIRST_DAYS) {
    const due = first.filter((task) => task.timeframe === tf);
    if (due.length === 0) continue;
    w.heading(t(`binderPdf.timeframe.${tf}`), 3);
    for (const task of due) {
      w.checkItem(task.title, task.completionStatus === 'completed' && (!!input.afterRelease || !survivorsOnly(task)));
      w.text(task.description, { indent: 18, after: 6 });
    }
  }
  w.heading(t('binderPdf.emergencyContact'), 2);
  const ec = input.profile?.emergencyContact;
  if (ec && (ec.name || ec.phone)) w.text([ec.name, ec.phone && t('binderPdf.phone', { phone: ec.phone })].filter(Boolean).join(' · '));
  else w.text(t('binderPdf.noEmergencyContact'), { grey: true });
  // What a doctor or the family may need to know first (the wizard's "Important health information").
  const health = input.profile?.healthInfo?.trim();
  if (health) {
    w.heading(t('binderPdf.health'), 2);
    w.text(health);
  }
  w.heading(t('binderPdf.trustees'), 2);
  if (input.trustees.length === 0) w.text(t('binderPdf.noTrustees'), { grey: true });
  for (const tr of input.trustees) {
    w.text(detail(tr.name, tr.relationship), { bold: true, after: 0 });
    const phone = tr.phone ? t('binderPdf.phone', { phone: tr.phone }) : t('binderPdf.phoneNotGiven');
    w.text([phone, t('binderPdf.email', { email: tr.email }), words.label('binderPdf.access', tr.accessLevel)].join(' · '), { indent: 12, after: 6 });
  }

  // The after-death plan
  w.heading(t('binderPdf.plan'), 1, { newPage: true });
  const p = input.plan;
  const notWritten = t('binderPdf.notWritten');
  if (!p) w.text(t('binderPdf.noPlan'), { grey: true });
  else {
    w.field(t('binderPdf.field.service'), p.funeralType ? words.label('binderPdf.funeral', p.funeralType) : null, notWritten);
    w.field(t('binderPdf.field.location'), p.location, notWritten);
    w.field(t('binderPdf.field.burial'), p.burialPreference ? words.label('binderPdf.burial', p.burialPreference) : null, notWritten);
    listField(w, t('binderPdf.field.music'), p.musicSelections, notWritten);
    listField(w, t('binderPdf.field.readings'), p.readings, notWritten);
    w.field(t('binderPdf.field.specialRequests'), p.specialRequests, notWritten);
    w.field(t('binderPdf.field.obituary'), p.obituary, notWritten);
  }

  // Survivor tasks
  w.heading(t('binderPdf.tasks'), 1, { newPage: true });
  if (tasks.length === 0) w.text(t('binderPdf.noTasks'), { grey: true });
  for (const tf of TIMEFRAMES) {
    const due = tasks.filter((task) => task.timeframe === tf);
    if (due.length === 0) continue;
    w.heading(t(`binderPdf.timeframe.${tf}`), 2);
    for (const task of due) {
      const family = !input.afterRelease && survivorsOnly(task);
      w.checkItem(task.title, !family && task.completionStatus === 'completed');
      const line = t('binderPdf.taskLine', {
        priority: words.number(task.priority),
        priorityLabel: words.label('binderPdf.priority', task.priority),
        category: words.label('binderPdf.category', task.category),
        status: family ? t('binderPdf.familyToDo') : words.label('binderPdf.status', task.completionStatus),
      });
      w.text(line, { indent: 18, after: 1, grey: true, size: 10 });
      w.text(task.description, { indent: 18, after: 2 });
      if (task.resources.length) {
        w.text(t('binderPdf.resources'), { indent: 18, bold: true, after: 0, size: 10 });
        for (const r of task.resources) w.bullet(r, 24);
      }
      w.gap(6);
    }
  }

  // Legal documents
  w.heading(t('binderPdf.documents'), 1, { newPage: true });
  if (input.documents.length === 0) w.text(t('binderPdf.noDocuments'), { grey: true });
  for (const d of input.documents) {
    w.text(d.documentName, { bold: true, after: 0 });
    w.text(t('binderPdf.type', { type: words.label('binderPdf.documentType', d.documentType) }), { indent: 12, after: 0 });
    const where = d.file ? t('binderPdf.fileKept', { file: d.file.name }) : (d.documentUrl ?? t('binderPdf.notGiven'));
    const original = d.originalLocation?.trim();
    w.text(t('binderPdf.where', { where }), { indent: 12, after: original ? 0 : 8 });
    if (original) w.text(t('binderPdf.original', { original }), { indent: 12, after: 8 });
  }

  // Messages: recipients and state only
  w.heading(t('binderPdf.messages'), 1, { newPage: true });
  w.text(t('binderPdf.messagesNote'), { grey: true, after: 8 });
  if (input.messages.length === 0) w.text(t('binderPdf.noMessages'), { grey: true });
  for (const m of input.messages) {
    w.text(t('binderPdf.nameAndDetail', { name: m.recipientName, detail: m.recipientEmail }), { bold: true, after: 0 });
    w.text(binderMessageLine(m, { afterRelease: !!input.afterRelease, now: input.madeAt, delivery: input.delivery }, words), { indent: 12, after: 6 });
  }

  w.finish((i, n) => t('binderPdf.footer', { name, date: made, page: words.number(i), count: words.number(n) }));
  return doc.save();
}

function listField(w: BinderWriter, label: string, items: readonly string[], empty: string) {
  if (items.length === 0) return w.field(label, null, empty);
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
