/**
 * The printed trustee kit (issue "Release through trustees' key shares": a one-page PDF made on the
 * device): who it is from, what it is for, what to do now and when the time comes, in its holder's
 * language (issue 44: the `kit-pdf` catalog, kit-pdf-words.ts; Arabic set right to left, the code,
 * fingerprint, address and numbers left to right in Western digits, the QR code as in every language),
 * then the kit itself: its code in groups, the QR code of its link, its fingerprint and the date.
 * Set like the family binder (shared/binder: A4, DejaVu Sans embedded as subsets, black on white)
 * from the binder's chunk, so this module is loaded only when a kit is printed (print-kit.ts) and
 * is kept offline with the binder (scripts/binder-assets.ts).
 *
 * A kit is one sheet (a kit split over two would be lost in half), whatever the family's names
 * (issue 38: "Margaret Eleanor Whitfield-Hughes" made every kit two pages and none printed): every
 * line wraps, and the words are set at the largest of a few sizes at which the whole kit fits,
 * measured before anything is drawn. The code and the fingerprint shrink least; the QR code never.
 * Names up to the schema's limits always fit, in any character the font has, on any web address
 * (kit-pdf-names.test.ts).
 */
import { newPrintedDocument, PRINT_WIDTH, type BinderFontBytes, type BinderWriter, type TextStyle } from '../../../../shared/binder';
import { kitPdfWords, type KitPdfId, type KitPdfWords } from './kit-pdf-words';
import { kitTooLongText, whoseKit, type KitPeople } from './kit-words';

/** What one printed kit holds. */
export interface KitPrint {
  people: KitPeople;
  /** The kit's index (1 … n). */
  index: number;
  /** The printed code (groups joined by `-`). */
  code: string;
  /** The kit page's address without the kit, for typing the code. */
  page: string;
  /** The kit link (its fragment is the kit), drawn as the QR code. */
  link: string;
  fingerprint: string;
  madeAt: Date;
  /** The executor kit (kept with the will; kit-words.ts executor*): worded for the executor, not a trustee. */
  executor?: boolean;
}

/**
 * The kit's words would not fit on one sheet even at its smallest size: never for names within the
 * schema's limits (kit-pdf-names.test.ts), which kit-plan.ts kitsTooLongText checks when kits are made.
 */
export class KitTooLongError extends Error {
  override name = 'KitTooLongError';
  /** `who`: whose kit, as the owner calls it (kit-words.ts whoseKit). */
  constructor(readonly who: string) {
    super(kitTooLongText(who, 'again'));
  }
}

/** The QR code's printed size in points (about 5 cm: a phone reads it from arm's length). */
const QR_POINTS = 140;
const GUTTER = 16;
/**
 * The sizes the words are tried at, largest first (1: 10 pt running text). A real family's kit is
 * set at one of the first few; only names of a hundred of the font's widest characters need the last
 * (4.5 pt), which keeps every name within the schema's limits on one page.
 */
const SCALES = [1, 0.94, 0.88, 0.82, 0.76, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45] as const;
/** The title's sizes (at scale 1), largest first: the first that keeps it to two lines is used. */
const TITLE_SIZES = [20, 18, 16, 14, 12.5] as const;

/** One paragraph of the kit, with the space above it. */
interface Block {
  text: string;
  style: TextStyle;
  before?: number;
}

/** The kit's text in three parts: above the QR code, beside it, and below it. */
interface KitLayout {
  above: Block[];
  beside: Block[];
  below: Block[];
}

/** The code's groups spaced for reading aloud and typing, `perLine` groups a line. */
function codeLines(code: string, perLine: number): string {
  const groups = code.split('-');
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += perLine) lines.push(groups.slice(i, i + perLine).join('  '));
  return lines.join('\n');
}

/** The kit's words for the executor or for a trustee, in `words`' language. */
function kitWords(input: KitPrint, words: KitPdfWords) {
  const { t, number } = words;
  const p = input.people;
  const role = input.executor ? 'executor' : 'trustee';
  const values = { owner: p.ownerName, first: p.ownerFirstName, trustee: p.trusteeName, page: input.page, k: p.k, n: p.n, others: number(p.k - 1) };
  const steps = (ids: readonly KitPdfId[]) => ids.map((id) => t(id, values));
  return {
    kind: t(`kitPdf.${role}.kind`),
    title: t(`kitPdf.${role}.title`, values),
    for: t(`kitPdf.${role}.for`, values),
    purpose: t(`kitPdf.${role}.purpose`, values),
    nowHeading: t(`kitPdf.${role}.nowHeading`),
    now: steps(input.executor ? ['kitPdf.executor.now1', 'kitPdf.executor.now2'] : ['kitPdf.trustee.now1', 'kitPdf.trustee.now2', 'kitPdf.trustee.now3', 'kitPdf.trustee.now4']),
    when: steps([1, 2, 3, 4].map((i) => `kitPdf.${role}.when${i}` as KitPdfId)),
    kitHeading: t(`kitPdf.${role}.kitHeading`),
  };
}

/** The kit's blocks with the words at `scale` (1 = the sizes of a kit with short names), the title at the largest size that keeps it to two lines. */
function kitLayout(w: BinderWriter, input: KitPrint, words: KitPdfWords, scale: number): KitLayout {
  const { t, number } = words;
  const said = kitWords(input, words);
  const made = words.date(input.madeAt);
  const at = (points: number) => points * scale;
  const beside = PRINT_WIDTH - QR_POINTS - GUTTER;
  const titleSize = TITLE_SIZES.map(at).find((size) => w.measure(said.title, { size, bold: true, after: 0 }) <= 2 * size * 1.4) ?? at(TITLE_SIZES[TITLE_SIZES.length - 1]);
  const heading = (text: string): Block => ({ text, style: { size: at(12.5), bold: true, after: at(4) }, before: at(8) });
  const step = (s: string, i: number): Block => ({ text: `${number(i + 1)}.  ${s}`, style: { size: at(10), indent: 4, after: at(1.5) } });
  return {
    above: [
      { text: t('kitPdf.header', { kind: said.kind }), style: { size: at(9.5), grey: true, after: at(4) } },
      { text: said.title, style: { size: titleSize, bold: true, after: at(2) } },
      { text: t('kitPdf.madeFor', { for: said.for, date: made }), style: { size: at(11.5), after: at(6) } },
      heading(t('kitPdf.purposeHeading')),
      { text: said.purpose, style: { size: at(10) } },
      heading(said.nowHeading),
      ...said.now.map(step),
      heading(t('kitPdf.whenHeading')),
      ...said.when.map(step),
      heading(said.kitHeading),
    ],
    beside: [
      { text: t('kitPdf.code'), style: { size: Math.max(8, at(9.5)), grey: true, width: beside, after: 0 } },
      { text: codeLines(input.code, 4), style: { size: Math.max(12, at(13.5)), bold: true, width: beside, after: at(8) } },
      { text: t('kitPdf.fingerprint'), style: { size: Math.max(8, at(9.5)), grey: true, width: beside, after: 0 } },
      { text: input.fingerprint, style: { size: Math.max(13, at(15)), bold: true, width: beside, after: at(2) } },
      { text: t('kitPdf.fingerprintNote'), style: { size: at(9), grey: true, width: beside, after: at(6) } },
      { text: t('kitPdf.kitLine', { index: number(input.index), n: number(input.people.n), k: number(input.people.k), date: made }), style: { size: at(9), grey: true, width: beside } },
    ],
    below: [{ text: t('kitPdf.scan'), style: { size: at(9), grey: true } }],
  };
}

/** The height in points `layout` takes: the text above, the QR code or the text beside it (whichever is taller), the text below. */
function heightOf(w: BinderWriter, layout: KitLayout): number {
  const sum = (blocks: Block[]) => blocks.reduce((h, b) => h + (b.before ?? 0) + w.measure(b.text, b.style), 0);
  return sum(layout.above) + Math.max(QR_POINTS + 4, sum(layout.beside)) + sum(layout.below);
}

/**
 * The layout of `input` at the largest of SCALES that fits on the writer's (empty) page: the first
 * two are tried in turn (most families' kits fit at one of them), the rest by halving (a smaller
 * size never takes more room). Throws KitTooLongError, in words for the owner, when none fits.
 */
function fittingLayout(w: BinderWriter, input: KitPrint, words: KitPdfWords): KitLayout {
  const at = (i: number): KitLayout | null => {
    const layout = kitLayout(w, input, words, SCALES[i]!);
    return heightOf(w, layout) <= w.room ? layout : null;
  };
  const last = SCALES.length - 1;
  const first = at(0) ?? at(1);
  if (first) return first;
  let best = at(last);
  if (!best) throw new KitTooLongError(whoseKit(input.people.trusteeName, !!input.executor));
  let tooBig = 1; // SCALES[tooBig] does not fit, SCALES[fits] does
  let fits = last;
  while (fits - tooBig > 1) {
    const mid = (tooBig + fits) >> 1;
    const layout = at(mid);
    if (layout) [fits, best] = [mid, layout];
    else tooBig = mid;
  }
  return best;
}

/**
 * The kit as PDF bytes: one A4 page, its words (`words`: English when not given) at the largest
 * size that fits; a pure function of the kit, the fonts and the words. Throws
 * KitTooLongError (in words for the owner) when they fit at no size, and what pdf-lib throws for
 * fonts that are not TrueType.
 */
export async function buildKitPdf(input: KitPrint, fonts: BinderFontBytes, words: KitPdfWords = kitPdfWords()): Promise<Uint8Array> {
  const p = input.people;
  const title = words.t(input.executor ? 'kitPdf.executor.docTitle' : 'kitPdf.trustee.docTitle', { owner: p.ownerName, trustee: p.trusteeName });
  const { doc, writer: w } = await newPrintedDocument(fonts, { title, author: p.ownerName, madeAt: input.madeAt, lang: words.lang, rtl: words.rtl });
  const layout = fittingLayout(w, input, words);
  const write = (blocks: Block[]) =>
    blocks.forEach((b) => {
      w.gap(b.before ?? 0);
      w.text(b.text, b.style);
    });
  write(layout.above);
  await w.image(await qrPng(input.link), QR_POINTS, { float: 'right' });
  write(layout.beside);
  w.clearFloat();
  write(layout.below);
  // Measured to fit above; a second page here is a defect of this module, never to be handed out.
  if (doc.getPageCount() !== 1) throw new Error(`The kit did not fit on one page (${doc.getPageCount()} pages)`);
  return doc.save();
}

/** The PNG bytes of `text`'s QR code (the `qrcode` library, loaded only now; error correction M as the recovery kit). */
export async function qrPng(text: string): Promise<Uint8Array> {
  const { toDataURL } = await import('qrcode');
  const url = await toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 480 });
  const b64 = url.slice(url.indexOf(',') + 1);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}
