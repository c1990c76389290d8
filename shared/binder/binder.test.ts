import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DeathPlan, LegalDocument, Message, SurvivorTask, Trustee } from '../schema';
import { binderInputOf, buildBinder, type BinderInput } from './index';
import { deliveryStateLine } from '../delivery-rule';
import { formatLongDate } from '../labels';
import { ASCII_REPLACEMENT, REPLACEMENT, drawableText } from './text';
import { visualRuns } from './bidi';

/** DejaVu Sans regular and bold, read from node_modules as the server does. */
const fontPath = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
const fonts = { regular: new Uint8Array(readFileSync(fontPath('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(fontPath('DejaVuSans-Bold.ttf'))) };
const build = (over: Partial<BinderInput> = {}) => buildBinder(input(over), fonts);

const userId = 'user-1';
const at = '2026-11-01T10:00:00.000Z';
const task = (id: string, title: string, timeframe: SurvivorTask['timeframe'], extra: Partial<SurvivorTask> = {}): SurvivorTask => ({
  id, userId, title, description: `Description of ${title}, written with care.`, category: 'immediate', timeframe,
  automationLevel: 'manual-with-guidance', priority: 1, resources: [], automationSteps: [], notifyTrustees: false,
  completionStatus: 'not-started', createdAt: at, ...extra,
});
const plan: DeathPlan = {
  id: userId, userId, funeralType: 'celebration_of_life', location: 'Saint Mary Chapel, Oxford', burialPreference: 'green_burial',
  musicSelections: ['Clair de Lune'], readings: ['Do not stand at my grave and weep'], specialRequests: 'Wear bright colours please',
  obituary: 'Ada loved the sea. '.repeat(400).trim(), completed: false, createdAt: at,
  // The AI helpers' input is not the plan's content: never in the binder (the obituary is).
  hometown: 'HELPER-INPUT-Hometown', occupation: null, achievements: null, familyMembers: null, personalQualities: null, musicGenres: ['folk'], shares: [],
};
const message: Message = {
  id: 'm1', userId, recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', recipientLanguage: null, messageType: 'text',
  messageContent: 'SECRET-BODY-never-in-the-binder', deliveryDate: null, file: null, fileBlobId: null, contentRevision: 0, delivered: false, deliveredAt: null, openedAt: null, createdAt: at, delivery: null, shares: [],
};
const trustee: Trustee = { id: 't1', userId, name: 'Charles Babbage', email: 'charles@example.com', language: null, phone: '+44 20 7946 0000', relationship: 'Friend', accessLevel: 'full', createdAt: at, shares: [], emergency: null };
const doc: LegalDocument = { id: 'd1', userId, documentType: 'will', documentName: 'Last will', documentUrl: 'https://vault.example.com/will', originalLocation: 'The signed copy is with Hale & Co, solicitors', file: null, fileBlobId: null, createdAt: at, shares: [] };
const poa: LegalDocument = { ...doc, id: 'd2', documentType: 'power-of-attorney', documentName: 'Lasting power of attorney', originalLocation: null };

const records = {
  profile: [{ firstName: 'Ada', lastName: 'Lovelace', emergencyContact: { name: 'Mary Somerville', phone: '+44 1865 000000' }, healthInfo: 'Allergic to penicillin. Pacemaker fitted in 2019.' }],
  deathPlan: [plan],
  survivorTasks: [task('a', 'Call the doctor', '24h'), task('b', 'Tell the employer', '72h'), task('c', 'Close the bank account', '1m', { resources: ['Bank helpline 0800 000'] })],
  documents: [doc, poa],
  messages: [message],
  trustees: [trustee],
};
const input = (over: Partial<BinderInput> = {}): BinderInput => ({ ...binderInputOf(records, new Date(at)), ...over });

async function textOf(pdf: Uint8Array) {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return { pages: text as string[], totalPages, all: (text as string[]).join('\n').replace(/\s+/g, ' ') };
}

/** Page `index`'s content stream (decoded operators) and its font resources. */
async function pageOps(pdf: Uint8Array, index: number): Promise<{ ops: string; resources: PDFDict }> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(index);
  const resources = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return { ops: streams.map((st) => new TextDecoder().decode(decodePDFRawStream(st as PDFRawStream).decode())).join('\n'), resources };
}

/** The fonts (BaseFont names) page `index` sets its text in, by font size, read from its content stream. */
async function fontsBySize(pdf: Uint8Array, index: number): Promise<Map<number, Set<string>>> {
  const { ops, resources } = await pageOps(pdf, index);
  const out = new Map<number, Set<string>>();
  for (const [, key, size] of ops.matchAll(/\/(\S+) ([\d.]+) Tf/g)) {
    const baseFont = String(resources.lookup(PDFName.of(key!), PDFDict).get(PDFName.of('BaseFont')));
    out.set(Number(size), (out.get(Number(size)) ?? new Set()).add(baseFont.replace(/-\d+$/, '')));
  }
  return out;
}

describe('family binder (issue #18)', () => {
  it('the owner’s copy leaves the family’s boxes empty: a task only survivors can do is never printed done (issue "Promises kept", finding 4)', async () => {
    const confirmed = task('default-confirm-death', 'Have the death formally confirmed', '24h', { completionStatus: 'completed' });
    const prepared = task('default-find-will', 'Find the will and the executor', '72h', { completionStatus: 'completed' });
    const owners = await textOf(await buildBinder(input({ tasks: [confirmed, prepared] }), fonts));
    expect(owners.all).toMatch(/Have the death formally confirmed .*For the family to do/);
    expect(owners.all).toMatch(/Find the will and the executor .*Completed/);
    // A trustee's copy after the release shows the family's own progress as it is.
    const trustees = await textOf(await buildBinder({ ...input({ tasks: [confirmed] }), afterRelease: true }, fonts));
    expect(trustees.all).toMatch(/Have the death formally confirmed .*Completed/);
  });

  it('tells the family where each original is kept, every kind of document, and the health information given (issue "Promises kept", finding 8)', async () => {
    const { all } = await textOf(await build());
    expect(all).toContain('Where the original is kept: The signed copy is with Hale & Co, solicitors');
    expect(all).toContain('Type: Power of Attorney');
    expect(all).toContain('Health information');
    expect(all).toContain('Allergic to penicillin. Pacemaker fitted in 2019.');
  });

  it('holds the plan, the first-days tasks first, the contacts, documents and recipients, but no message body', async () => {
    const { pages, all, totalPages } = await textOf(await build());
    expect(pages[0]).toContain('Ada Lovelace');
    expect(pages[0]).toContain('November 1, 2026');
    // The first page after the cover is "In the first 24 hours", with the 24-hour and 3-day tasks.
    expect(pages[1]).toContain('In the first 24 hours');
    expect(pages[1]).toContain('Call the doctor');
    expect(pages[1]).toContain('Tell the employer');
    expect(pages[1]).not.toContain('Close the bank account');
    expect(pages[1]).toContain('Mary Somerville');
    expect(pages[1]).toContain('+44 1865 000000');
    expect(pages[1]).toContain('Charles Babbage');
    expect(pages[1]).toContain('+44 20 7946 0000');
    expect(pages[1]).toContain('charles@example.com');
    for (const s of ['Celebration of Life', 'Saint Mary Chapel, Oxford', 'Green Burial', 'Clair de Lune', 'Do not stand at my grave and weep', 'Wear bright colours please', 'Ada loved the sea.']) {
      expect(all).toContain(s);
    }
    expect(all).toContain('Close the bank account');
    expect(all).toContain('Bank helpline 0800 000');
    expect(all).toContain('Last will');
    expect(all).toContain('https://vault.example.com/will');
    expect(all).toContain('Grace Hopper');
    expect(all).toContain('Pending');
    expect(all).not.toContain('SECRET-BODY');
    expect(all).not.toContain('HELPER-INPUT');
    // Page numbers on every page; the long obituary flowed over more than one page.
    expect(totalPages).toBeGreaterThan(6);
    pages.forEach((p, i) => expect(p.replace(/\s+/g, ' ')).toContain(`page ${i + 1} of ${totalPages}`));
  });

  it('a letter a trustee hands over is not "sent after release": the binder names who hands it over (README.md "How each message reaches its recipient")', async () => {
    const handed = { ...message, recipientName: 'Alan Turing', handover: ['Mary Somerville'] };
    const { all } = await textOf(await build({ messages: [message, handed] }));
    const flat = all.replace(/\s+/g, ' ');
    expect(flat).toContain('Grace Hopper (grace@example.com) Written message · Pending, sent after release');
    expect(flat).toMatch(/Alan Turing \(grace@example\.com\) Written message · Pending, for Mary Somerville to hand over after release by their own e-mail; Afterword does not send it/);
    expect(flat).not.toContain('Afterword delivers each message');
  });

  it('a trustee’s copy made after the release states each message’s real state and kind, in the page’s words (issue 38, item 7)', async () => {
    const madeAt = new Date('2026-11-20T12:00:00.000Z');
    const facts = { deliveredAt: null, openedAt: null, problem: null, handover: null };
    const messages = [
      { ...message, ...facts, delivered: true, deliveredAt: '2026-11-18T12:00:00.000Z', openedAt: '2026-11-19T12:00:00.000Z' },
      { ...message, ...facts, recipientName: 'Alan Turing', messageType: 'audio' as const },
      { ...message, ...facts, recipientName: 'Mary Somerville', messageType: 'video' as const, deliveryDate: '2027-03-04T00:00:00+01:00' },
      { ...message, ...facts, recipientName: 'Charles Babbage', handover: ['Grace Hopper', ''] },
      { ...message, ...facts, recipientName: 'Emmy Noether', problem: 'address' as const },
      // A sealed account's type is its recipient's to open (shared/crypto/fields.ts): not known to a trustee.
      { ...message, ...facts, recipientName: 'Hedy Lamarr', messageType: null },
    ];
    const { all } = await textOf(await build({ messages, madeAt, afterRelease: true }));
    for (const line of [
      'Grace Hopper (grace@example.com) Written message · Sent on November 18, 2026, opened on November 19, 2026',
      'Alan Turing (grace@example.com) Audio message · Being sent',
      'Mary Somerville (grace@example.com) Video message · Waiting for its date, March 4, 2027',
      'Charles Babbage (grace@example.com) Written message · For Grace Hopper (or a trustee, the backup) to hand over by their own e-mail; not opened yet',
      'Emmy Noether (grace@example.com) Written message · Cannot be sent: its e-mail address is not valid',
      'Hedy Lamarr (grace@example.com) Message (sealed for its recipient) · Being sent',
    ]) expect(all).toContain(line);
    expect(all).not.toContain('Pending');
    // Each state is the trustee page's own line for it (web/release/trustee.ts), not a second wording.
    for (const m of messages) {
      const page = deliveryStateLine({ ...m, handover: m.handover?.map((name) => ({ trusteeId: '', you: false, name })) ?? null }, madeAt.getTime(), (d) => formatLongDate(d));
      expect(all).toContain(`· ${page[0]!.toUpperCase()}${page.slice(1)}`);
    }
    // The owner's copy (before the release) keeps its own words.
    expect((await textOf(await build({ messages, madeAt }))).all).toContain('Alan Turing (grace@example.com) Audio message · Pending, sent after release');
  });

  it('prints Polish, Czech, Greek and Cyrillic names exactly, with DejaVu Sans embedded as a subset', async () => {
    const pdf = await build({
      profile: { firstName: 'Zofia', lastName: 'Wąsowska-Łęcka', emergencyContact: { name: 'Jiří Dvořák', phone: '+420 123 456 789' } },
      plan: { ...plan, location: 'Cmentarz Powązkowski, Łódź', specialRequests: 'Ἀθηνᾶ will read. Жанна will sing. Zażółć gęślą jaźń.' },
      trustees: [{ ...trustee, name: 'Жанна Иванова', relationship: 'Дочь' }],
    });
    const { pages, all } = await textOf(pdf);
    expect(pages[0]).toContain('Zofia Wąsowska-Łęcka'); // the cover, in the bold face
    for (const s of ['Zofia Wąsowska-Łęcka', 'Jiří Dvořák', 'Cmentarz Powązkowski, Łódź', 'Ἀθηνᾶ', 'Жанна', 'Жанна Иванова (Дочь)', 'Zażółć gęślą jaźń.']) {
      expect(all).toContain(s);
    }
    expect(all).not.toContain(REPLACEMENT);
    // Both faces are embedded, and as subsets: the whole two fonts are 1.4 MB (about 700 kB compressed).
    const loaded = await PDFDocument.load(pdf);
    const baseFonts = loaded.context
      .enumerateIndirectObjects()
      .map(([, o]) => (o as { get?: (k: PDFName) => unknown }).get?.(PDFName.of('BaseFont')))
      .filter(Boolean)
      .map(String);
    expect(baseFonts.some((f) => f.startsWith('/DejaVuSans-') && !f.startsWith('/DejaVuSans-Bold'))).toBe(true);
    expect(baseFonts.some((f) => f.startsWith('/DejaVuSans-Bold'))).toBe(true);
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('the bold headings still render, in the bold face; body text in the regular face', async () => {
    const pdf = await build();
    const { pages } = await textOf(pdf);
    expect(pages[1]).toContain('In the first 24 hours');
    expect(pages[1]).toContain('What to do first');
    expect(pages.join('\n')).toContain('The after-death plan');
    // Page 2: the level-1 heading is set at 20 pt, level 2 at 15 pt, the body at 11 pt.
    const bySize = await fontsBySize(pdf, 1);
    expect(bySize.get(20)).toEqual(new Set(['/DejaVuSans-Bold']));
    expect(bySize.get(15)).toEqual(new Set(['/DejaVuSans-Bold']));
    expect(bySize.get(11)).toContain('/DejaVuSans');
  });

  it('never crashes on characters the font lacks: CJK and most emoji are replaced visibly, one mark per character seen', async () => {
    const pdf = await build({
      profile: { firstName: 'Zażółć', lastName: 'Gęślą Jaźń 🌷', emergencyContact: null },
      plan: { ...plan, location: '東京 cemetery', specialRequests: 'Łódź 👨‍👩‍👧 ok\ttab' },
    });
    const { all } = await textOf(pdf);
    expect(all).toContain(`Zażółć Gęślą Jaźń ${REPLACEMENT}`);
    expect(all).toContain(`${REPLACEMENT}${REPLACEMENT} cemetery`);
    expect(all).toContain(`Łódź ${REPLACEMENT} ok`); // the family emoji is one sequence
  });

  it('prints right-to-left names in reading order inside a left-to-right line: drawn as runs left to right (UAX #9)', async () => {
    const pdf = await build({ trustees: [{ ...trustee, name: 'Dear سارة!', relationship: null }] });
    const { ops } = await pageOps(pdf, 1);
    // Each drawn string: its x and y (Tm) and its glyph count (2-byte glyph ids in hex).
    const drawn = [...ops.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\s+<([0-9A-F]*)> Tj/g)].map(([, x, y, hex]) => ({ x: Number(x), y: Number(y), glyphs: hex!.length / 4 }));
    const nameY = drawn.find((d) => d.glyphs === 5)!.y; // 'Dear '
    const line = drawn.filter((d) => d.y === nameY);
    // 'Dear ' at the left, then the name as one right-to-left run (the font reverses and joins it), then '!'.
    expect(line.map((d) => d.glyphs)).toEqual([5, 4, 1]);
    expect(line[0]!.x).toBeLessThan(line[1]!.x);
    expect(line[1]!.x).toBeLessThan(line[2]!.x);
  });

  it('orders runs by the bidirectional algorithm: the paragraph direction, neutrals and mirrored brackets', () => {
    expect(visualRuns('Dear سارة!', false)).toEqual([{ text: 'Dear ', rtl: false }, { text: 'سارة', rtl: true }, { text: '!', rtl: false }]);
    // A Hebrew paragraph's line that starts with a Latin word: the word is at the right end.
    expect(visualRuns('Word שלום עולם', true)).toEqual([{ text: ' שלום עולם', rtl: true }, { text: 'Word', rtl: false }]);
    // One right-to-left run, in logical order for the font to reverse, brackets mirrored.
    expect(visualRuns('שלום (עולם)', true)).toEqual([{ text: 'שלום )עולם(', rtl: true }]);
    expect(visualRuns('Plain text', false)).toEqual([{ text: 'Plain text', rtl: false }]);
  });

  it('drawableText keeps what the font has and marks what it lacks', () => {
    const latin1 = new Set(Array.from({ length: 256 }, (_, i) => i));
    expect(drawableText('Ana ł ß 😀 中', latin1)).toBe(`Ana l ß ${ASCII_REPLACEMENT} ${ASCII_REPLACEMENT}`);
    expect(drawableText('a\u200Db\uFE0Fc', latin1)).toBe('abc');
    const withMark = new Set([...latin1, REPLACEMENT.codePointAt(0)!, 0x141]);
    // Decomposed input is composed first; an emoji sequence or a flag is one replacement.
    expect(drawableText('A\u0301 Ł 👍🏽 🇵🇱 👨‍👩‍👧', withMark)).toBe(`Á Ł ${REPLACEMENT} ${REPLACEMENT} ${REPLACEMENT}`);
  });
});
