/**
 * The printed kit in its holder's language (issue 44: "the printed binder and kits (shaped Arabic
 * text, right-to-left lines, numbers kept left to right; checked by extracting the PDF's text)"):
 * built with the `kit-pdf` catalog of the language (compiled as the app compiles it), its text read
 * back as a person's PDF reader does (unpdf, pdf.js) and compared with the catalog's own words, in
 * logical order; the code, the fingerprint and the QR code are the kit’s whatever the language; and
 * every language’s kit fits on one page with names at the schema’s limits (kit-plan.ts kitsTooLongText).
 */
import { readFileSync } from 'node:fs';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildKitPdf, type KitPrint } from './kit-pdf';
import { asRead, flat, kitFonts, pdfQrTexts, pdfText } from './kit-pdf-reader';
import { kitLanguage, loadKitPdfWords, type KitPdfId } from './kit-pdf-words';
import { LANGUAGES } from '../../../../shared/languages';
import { LIMITS } from '../../../../shared/schema/common';

/** The catalog's words of `lang` as written (the JSON file, not the compiled module). */
const catalog = (lang: string) => JSON.parse(readFileSync(new URL(`../../../i18n/catalogs/${lang}/kit-pdf.json`, import.meta.url), 'utf8')) as Record<KitPdfId, string>;

/** `message` with its plain placeholders filled in (no plural: those are checked through the compiled words). */
const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

const CODE = ['AB12C', 'D34EF', 'GH56J', 'K78MN', 'PQ9RS', 'TV0WX', 'YZ12A', 'B34CD', 'E56FG', 'H78JK', 'M9NPQ', 'R0STV', 'WX12Y', 'Z34AB', 'C56DE', 'F78GH', 'J9KMN', 'P0QRS', 'TV12W', 'XY34Z', 'A56BC', 'D78EF', 'G9HJK'].join('-');
const PAGE = 'https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv';
const LINK = `${PAGE}#AQEBAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw`;

const print = (over: Partial<KitPrint> = {}): KitPrint => ({
  people: { ownerName: 'سارة حداد', ownerFirstName: 'سارة', trusteeName: 'عمر الخطيب', k: 2, n: 3 },
  index: 2,
  code: CODE,
  page: PAGE,
  link: LINK,
  fingerprint: '7K3Q-F9XA',
  madeAt: new Date('2026-11-27T10:00:00Z'),
  ...over,
});

/** The kit's code, fingerprint and QR code, as in every language: the groups in order, left to right. */
async function expectTheKit(pdf: Uint8Array, text: string) {
  expect(text.replace(/[^A-Z0-9]/g, '')).toContain(CODE.replaceAll('-', ''));
  expect(text).toContain('7K3Q-F9XA');
  expect(await pdfQrTexts(pdf)).toEqual([LINK]);
}

describe('the printed kit in its holder’s language (issue 44)', () => {
  it('in Arabic: the catalog’s words in logical order, the numbers and date in Western digits left to right, the code and QR code the kit’s', async () => {
    const words = await loadKitPdfWords('ar');
    expect(words.rtl).toBe(true);
    const pdf = await buildKitPdf(print(), kitFonts, words);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    const all = flat(text);
    const ar = catalog('ar');
    const values = { owner: 'سارة حداد', first: 'سارة', trustee: 'عمر الخطيب', page: PAGE, date: '27 نوفمبر 2026' };
    for (const id of ['kitPdf.trustee.title', 'kitPdf.trustee.for', 'kitPdf.purposeHeading', 'kitPdf.trustee.nowHeading', 'kitPdf.whenHeading', 'kitPdf.trustee.kitHeading', 'kitPdf.trustee.now1', 'kitPdf.trustee.now2', 'kitPdf.trustee.now3', 'kitPdf.trustee.now4', 'kitPdf.trustee.when1', 'kitPdf.trustee.when4', 'kitPdf.code', 'kitPdf.fingerprint', 'kitPdf.fingerprintNote', 'kitPdf.scan'] as const) {
      expect(all, id).toContain(asRead(fill(ar[id], values)));
    }
    // The paragraphs with plurals, as the catalog's compiled words say them.
    const counted = { ...values, k: 2, n: 3 };
    for (const id of ['kitPdf.trustee.purpose', 'kitPdf.trustee.when3'] as const) expect(all, id).toContain(asRead(words.t(id, counted)));
    // The address inside an Arabic step stays one left-to-right run, after the words before it.
    expect(all).toContain(asRead(fill(ar['kitPdf.trustee.when2'], values)));
    // "Kit 2 of 3 · 2 needed · made on 27 November 2026": the numbers in their places, Western digits.
    expect(all).toContain(asRead(fill(ar['kitPdf.kitLine'], { index: '2', n: '3', k: '2', date: values.date })));
    expect(all).toContain(asRead(fill(ar['kitPdf.madeFor'], { for: fill(ar['kitPdf.trustee.for'], values), date: values.date })));
    expect(all).not.toMatch(/[٠-٩]/);
    expect(text).not.toMatch(/What this is for|When the time comes|Your kit|Fingerprint|Scan the QR/);
    await expectTheKit(pdf, text);
  });

  it('in German: the catalog’s words in logical order (an executor kit too), the date in German, the code and QR code the kit’s', async () => {
    const words = await loadKitPdfWords('de');
    const people = { ownerName: 'Margarete Weiß-Öztürk', ownerFirstName: 'Margarete', trusteeName: 'Jürgen Groß', k: 2, n: 3 };
    const de = catalog('de');
    const values = { owner: people.ownerName, first: people.ownerFirstName, trustee: people.trusteeName, page: PAGE, date: '27. November 2026' };
    const trustee = await buildKitPdf(print({ people }), kitFonts, words);
    const { text } = await pdfText(trustee);
    for (const id of ['kitPdf.trustee.title', 'kitPdf.purposeHeading', 'kitPdf.trustee.nowHeading', 'kitPdf.trustee.now1', 'kitPdf.trustee.now4', 'kitPdf.trustee.when1', 'kitPdf.trustee.when2', 'kitPdf.fingerprintNote', 'kitPdf.scan'] as const) {
      expect(text, id).toContain(fill(de[id], values));
    }
    expect(text).toContain(words.t('kitPdf.trustee.purpose', { ...values, k: 2, n: 3 }));
    expect(text).toContain('Kit 2 von 3 · 2 benötigt · erstellt am 27. November 2026');
    expect(text).toContain('Für Jürgen Groß · erstellt am 27. November 2026');
    expect(text).not.toMatch(/What this is for|When the time comes|made on/);
    await expectTheKit(trustee, text);

    const executor = await buildKitPdf(print({ people: { ...people, trusteeName: 'the executor' }, executor: true, index: 3 }), kitFonts, words);
    const read = (await pdfText(executor)).text;
    for (const id of ['kitPdf.executor.title', 'kitPdf.executor.for', 'kitPdf.executor.nowHeading', 'kitPdf.executor.now1', 'kitPdf.executor.when1', 'kitPdf.executor.when2'] as const) {
      expect(read, id).toContain(fill(de[id], values));
    }
    expect(read).toContain('Dieses Kit und 1 der Vertrauenspersonen von Margarete können den Tod von Margarete gemeinsam bestätigen');
    await expectTheKit(executor, read);
  });

  it('in Arabic sets the words beside the QR code right to left in their own column, never over the code', async () => {
    const pdf = await buildKitPdf(print(), kitFonts, await loadKitPdfWords('ar'));
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPage(0).node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const ops = streams.map((st) => new TextDecoder().decode(decodePDFRawStream(st as PDFRawStream).decode())).join('\n');
    const [, qx, qy] = /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+1 0 0 1 0 0 cm\s+140 0 0 140 0 0 cm/.exec(ops)!.map(Number);
    // Each string's start (Tm) on a line beside the image: every one left of it (a line ending at the page's right margin starts over it).
    const beside = [...ops.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm/g)].map(([, x, y]) => ({ x: Number(x), y: Number(y) })).filter((d) => d.y > qy! && d.y < qy! + 140);
    expect(beside.length).toBeGreaterThan(5);
    for (const d of beside) expect(d.x).toBeLessThan(qx!);
  });

  // kit-plan.ts kitsTooLongText lets every name within the schema's limits through, in any language:
  // the longest words (German, French) with names at the limits in the font's widest letter, on the longest address.
  const widest = 'ᙱ'.repeat(LIMITS.name);
  const longestPage = `https://${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(61)}:65535/kit/${'W'.repeat(22)}`;
  it.each(LANGUAGES.filter((l) => l !== 'en').flatMap((lang) => [[lang, false] as const, [lang, true] as const]))(
    'in %s fits on one page with every name as long as the schema allows (executor kit: %s)',
    async (lang, executor) => {
      const people = { ownerName: `${widest} ${widest}`, ownerFirstName: widest, trusteeName: widest, k: 9, n: 12 };
      const pdf = await buildKitPdf(print({ people, page: longestPage, index: 12, executor }), kitFonts, await loadKitPdfWords(lang));
      const { pages, text } = await pdfText(pdf);
      expect(pages).toBe(1);
      await expectTheKit(pdf, text);
    },
  );

  it('is printed in the trustee’s language as the owner chose it, else the account’s (the executor kit: the account’s)', () => {
    expect(kitLanguage('de', 'es')).toBe('de');
    expect(kitLanguage(null, 'es')).toBe('es');
    expect(kitLanguage(undefined, undefined)).toBe('en');
    expect(kitLanguage('xx', 'ar')).toBe('ar');
  });
});

describe("an Arabic kit's values (review of session 27)", () => {
  it('sets each value in its own direction as one piece, as the binder does: a Latin name ending in a full stop keeps it', async () => {
    const line = (await loadKitPdfWords('ar')).t('kitPdf.trustee.for', { trustee: 'Dr. Ann Lee Jr.' });
    expect(line).toContain('\u2068Dr. Ann Lee Jr.\u2069');
    expect((await loadKitPdfWords('en')).t('kitPdf.trustee.for', { trustee: 'Dr. Ann Lee Jr.' })).toBe('For Dr. Ann Lee Jr.');
  });
});
