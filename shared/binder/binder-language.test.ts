/**
 * The family binder in its reader's language (issue 44: "the Arabic binder's extracted text
 * matches the catalog's words in logical order"): built with the `binder-pdf` catalog of the
 * language (compiled as the app compiles it, scripts/vite-catalogs.ts), its text read back from
 * the PDF as a person's PDF reader does (unpdf, pdf.js), and compared with the catalog's own words.
 */
import { readFileSync } from 'node:fs';
import type { Messages } from '@lingui/core';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import ar from '../../web/i18n/catalogs/ar/binder-pdf.json';
import de from '../../web/i18n/catalogs/de/binder-pdf.json';
import { kitFonts as fonts } from '../../web/features/trustees/kits/kit-pdf-reader';
import { buildBinder, type BinderInput } from './index';
import { isolate, visualRuns } from './bidi';

/** The catalog's words of `lang` as written (the JSON file, not the compiled module). */
const words = (lang: string) => JSON.parse(readFileSync(new URL(`../../web/i18n/catalogs/${lang}/binder-pdf.json`, import.meta.url), 'utf8')) as Record<string, string>;
const at = '2026-11-01T10:00:00.000Z';
const input: BinderInput = {
  profile: { firstName: 'سارة', lastName: 'Haddad', emergencyContact: { name: 'Omar', phone: '+44 1865 000000' } },
  plan: null,
  tasks: [
    {
      id: 'a', userId: 'u', title: 'اتصل بالطبيب', description: 'Call Dr Ali on 0800 123 456.', category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance',
      priority: 1, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started', createdAt: at,
    },
  ],
  documents: [],
  messages: [{ recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', messageType: 'text', delivered: false, deliveryDate: '2027-03-04' }],
  trustees: [],
  madeAt: new Date(at),
};

async function textOf(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return (text as string[]).map((page) => page.replace(/\s+/g, ' '));
}

/**
 * Text as compared here: without white space. pdf.js drops the space at the end of an item, so a
 * number set between two Arabic runs is read without the spaces around it; letters, words and
 * numbers must still come in reading order.
 */
const flat = (s: string) => s.replace(/\s+/g, '');

/**
 * The catalog's Arabic `s` as pdf.js reads it back from any PDF: it reverses a right-to-left item
 * character by character, so the one glyph of the mandatory lam-alef ligature ("لا", "لأ", mapped to
 * its two letters in reading order) comes out with its letters swapped. Every other letter keeps
 * its place.
 */
const asRead = (s: string) => flat(s).replace(/\u0644([\u0622\u0623\u0625\u0627])/g, '$1\u0644');

/** The x of each string drawn on page `index` at font size `size`, in drawing order, from the content stream. */
async function lineStarts(pdf: Uint8Array, index: number, size: number): Promise<number[]> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(index).node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const ops = streams.map((st) => new TextDecoder().decode(decodePDFRawStream(st as PDFRawStream).decode())).join('\n');
  return [...ops.matchAll(new RegExp(`/\\S+ ${size} Tf\\s+[\\d.]+ TL\\s+1 0 0 1 ([\\d.]+) [\\d.]+ Tm`, 'g'))].map(([, x]) => Number(x));
}

describe('the family binder in its reader’s language (issue 44)', () => {
  it('in Arabic: the catalog’s headings in logical order, set right to left, numbers and dates in Western digits left to right', async () => {
    const pdf = await buildBinder({ ...input, lang: 'ar' }, fonts, ar as unknown as Messages);
    const pages = (await textOf(pdf)).map(flat);
    const w = words('ar');
    const all = pages.join('');
    for (const id of ['binderPdf.title', 'binderPdf.intro', 'binderPdf.firstHours', 'binderPdf.whatFirst', 'binderPdf.timeframe.24h', 'binderPdf.emergencyContact', 'binderPdf.trustees', 'binderPdf.noTrustees', 'binderPdf.plan', 'binderPdf.noPlan', 'binderPdf.tasks', 'binderPdf.documents', 'binderPdf.messages', 'binderPdf.messagesNote', 'binderPdf.kind.text']) {
      expect(all, id).toContain(asRead(w[id]!));
    }
    expect(pages[1]).toContain(asRead(w['binderPdf.firstHours']!));
    // Numbers inside Arabic lines keep their digits' order, after the words before them; dates are in Arabic with Western digits.
    expect(all).toContain(asRead(`${w['binderPdf.emergencyContact']} Omar · ${w['binderPdf.phone']!.replace('{phone}', '+44 1865 000000')}`));
    expect(pages[0]).toContain(asRead(w['binderPdf.madeOn']!.replace('{date}', '1 نوفمبر 2026')));
    expect(all).toContain(asRead(w['binderPdf.delivery.sentOn']!.replace('{date}', '4 مارس 2027')));
    expect(all).toContain(asRead(w['binderPdf.footer']!.replace('{name}', 'سارة Haddad').replace('{date}', '1 نوفمبر 2026').replace('{page}', '1').replace('{count}', '6')));
    expect(all).not.toMatch(/[٠-٩]/);
    // None of the English words is left.
    for (const english of ['Familybinder', 'Inthefirst24hours', 'Trustees', 'Messages', 'Pending', 'Within24hours', 'page1of']) expect(all).not.toContain(english);
    // Lines are set from the right margin: a heading starts further right than an English one.
    const english = await buildBinder(input, fonts);
    const [arHeading] = await lineStarts(pdf, 1, 20);
    const [enHeading] = await lineStarts(english, 1, 20);
    expect(enHeading).toBe(56);
    expect(arHeading).toBeGreaterThan(300);
  });

  it('in German: every heading and label from the catalog, dates in German', async () => {
    const pdf = await buildBinder({ ...input, lang: 'de', afterRelease: true }, fonts, de as unknown as Messages);
    const all = (await textOf(pdf)).join(' ');
    const w = words('de');
    for (const id of ['binderPdf.title', 'binderPdf.firstHours', 'binderPdf.whatFirst', 'binderPdf.timeframe.24h', 'binderPdf.emergencyContact', 'binderPdf.plan', 'binderPdf.tasks', 'binderPdf.documents', 'binderPdf.messages', 'binderPdf.category.immediate', 'binderPdf.status.not-started']) {
      expect(all, id).toContain(w[id]);
    }
    expect(all).toContain('Erstellt am 1. November 2026');
    expect(all).toContain(`Grace Hopper (grace@example.com) ${w['binderPdf.kind.text']} · ${w['binderPdf.state.waiting']!.replace('{date}', '4. März 2027')}`);
    expect(all).toContain('Seite 1 von');
    for (const english of ['Family binder', 'In the first 24 hours', 'Emergency contact', 'Waiting for its date', 'page 1 of']) expect(all).not.toContain(english);
  });

  it('a number put into an Arabic sentence is one left-to-right piece: "+44 1865 000000", not its groups reordered (UAX #9 isolates)', () => {
    // Without the isolate the groups are reordered: the spaces between them take the sentence's direction.
    expect(visualRuns('الهاتف: +44 1865 000000', true).map((r) => r.text)).toEqual(['000000', ' ', '1865', ' ', '44', 'الهاتف: +']);
    expect(visualRuns(`الهاتف: ${isolate('+44 1865 000000')}`, true)).toEqual([{ text: '+44 1865 000000', rtl: false }, { text: 'الهاتف: ', rtl: true }]);
  });
});
