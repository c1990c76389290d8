/**
 * A small flowing-text writer over pdf-lib for the family binder: A4 pages, black on white (it
 * prints in black and white), text wrapped to the measure and carried over to new pages, headings
 * kept with what follows, checkboxes drawn as outlines. Page numbers are added when it closes.
 * A right-to-left document (an Arabic binder, issue 44) sets each line from the right margin, its
 * indents and checkboxes on the right; each line's runs are still ordered by ./bidi.ts.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { ISOLATES, hasRtl, paragraphIsRtl, visualRuns } from './bidi';
import { drawableText } from './text';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN_X = 56;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 72;
/** The measure: the page's width inside its margins, in points. */
export const WIDTH = PAGE[0] - 2 * MARGIN_X;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.25, 0.25, 0.25);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** Indent in points from the margin lines start at (the left; the right in a right-to-left document). */
  indent?: number;
  /** Space after the block in points. */
  after?: number;
  grey?: boolean;
  /** The measure in points when narrower than the page's (text beside a floated image; a right-to-left document's lines then end at its right, left of the image). */
  width?: number;
}

/** Writes flowing content into `doc`; `footer(page, count)` labels each page at `finish()`. */
export class BinderWriter {
  private page!: PDFPage;
  private y = 0;
  private floatBottom: number | null = null;
  /** Lines wrapped by measure(), by face, size, measure and text. */
  private readonly measured = new Map<string, { line: string; rtl: boolean }[]>();
  /** Words' widths at size 1, by face (wrap()). */
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  private readonly supported: { regular: Set<number>; bold: Set<number> };

  /** `rtl`: the document is written right to left (lines set from the right margin). */
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly rtl = false,
  ) {
    this.supported = { regular: new Set(fonts.regular.getCharacterSet()), bold: new Set(fonts.bold.getCharacterSet()) };
    this.newPage();
  }

  /** Starts a new page. */
  newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN_TOP;
  }

  /** Moves down by `points`. */
  gap(points: number): void {
    this.y -= points;
  }

  /** Starts a new page unless `points` of height are left on this one. */
  keep(points: number): void {
    if (this.y - points < MARGIN_BOTTOM) this.newPage();
  }

  /** A heading (level 1 starts a page when `newPage`), kept with the next two lines. */
  heading(text: string, level: 1 | 2 | 3, opts: { newPage?: boolean } = {}): void {
    const size = level === 1 ? 20 : level === 2 ? 15 : 12.5;
    if (opts.newPage) this.newPage();
    else this.gap(level === 1 ? 12 : 8);
    this.keep(size * 1.3 + 2 * 11 * 1.4);
    this.text(text, { size, bold: true, after: level === 1 ? 10 : 4 });
    if (level === 1) {
      this.page.drawLine({ start: { x: MARGIN_X, y: this.y + 6 }, end: { x: MARGIN_X + WIDTH, y: this.y + 6 }, thickness: 1, color: BLACK });
      this.gap(6);
    }
  }

  /** A paragraph, wrapped and flowing across pages; returns the number of lines written. */
  text(text: string, style: TextStyle = {}): number {
    const size = style.size ?? 11;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const indent = style.indent ?? 0;
    const lineHeight = size * 1.4;
    const lines = this.lines(text, style);
    for (const { line, rtl } of lines) {
      if (this.y - lineHeight < MARGIN_BOTTOM) this.newPage();
      this.y -= lineHeight;
      if (line) drawLine(this.page, line, rtl, { x: MARGIN_X + indent, y: this.y + size * 0.3, size, font, color: style.grey ? GREY : BLACK }, this.rtl ? MARGIN_X + Math.min(style.width ?? WIDTH, WIDTH) - indent : null);
    }
    this.gap(style.after ?? 4);
    return lines.length;
  }

  /**
   * The height in points that `text(text, style)` would take on one page (its wrapped lines and the
   * space after), drawing nothing: a one-page print (a trustee kit) chooses its sizes with it.
   */
  measure(text: string, style: TextStyle = {}): number {
    return this.lines(text, style, true).length * (style.size ?? 11) * 1.4 + (style.after ?? 4);
  }

  /** The height in points left on this page above the bottom margin. */
  get room(): number {
    return this.y - MARGIN_BOTTOM;
  }

  /** `text` made drawable in `style`'s face and wrapped to its measure (kept from measure() for the text() that draws it). */
  private lines(text: string, style: TextStyle, keep = false): { line: string; rtl: boolean }[] {
    const size = style.size ?? 11;
    const width = Math.min(style.width ?? WIDTH, WIDTH - (style.indent ?? 0));
    const key = `${style.bold ? 'b' : 'r'} ${size} ${width} ${text}`;
    const measured = this.measured.get(key);
    if (measured) return measured;
    const lines = this.wrap(drawableText(text, style.bold ? this.supported.bold : this.supported.regular), style.bold ? this.fonts.bold : this.fonts.regular, size, width);
    if (keep) this.measured.set(key, lines);
    return lines;
  }

  /**
   * A PNG image `size` points square (a QR code), never split across pages: at the left margin plus
   * `indent`, text continuing below it; or, with `float: 'right'`, at the right margin with the
   * text that follows set beside it (give that text `width: WIDTH - size - gutter`) until
   * `clearFloat()` moves below the image.
   */
  async image(png: Uint8Array, size: number, style: { indent?: number; after?: number; float?: 'right' } = {}): Promise<void> {
    const image = await this.doc.embedPng(png);
    this.keep(size);
    if (style.float === 'right') {
      this.page.drawImage(image, { x: MARGIN_X + WIDTH - size, y: this.y - size, width: size, height: size });
      this.floatBottom = this.y - size - (style.after ?? 4);
      return;
    }
    this.y -= size;
    this.page.drawImage(image, { x: MARGIN_X + (style.indent ?? 0), y: this.y, width: size, height: size });
    this.gap(style.after ?? 4);
  }

  /** Moves below a floated image (no move when the text beside it already went further). */
  clearFloat(): void {
    if (this.floatBottom !== null) this.y = Math.min(this.y, this.floatBottom);
    this.floatBottom = null;
  }

  /** A label in bold and its value on the lines below, indented (`empty`, 'Not written' by default, when there is none). */
  field(label: string, value: string | null | undefined, empty = 'Not written'): void {
    this.keep(2 * 11 * 1.4);
    this.text(label, { bold: true, after: 0 });
    this.text(value && value.trim() ? value : empty, { indent: 12, after: 6, grey: !value?.trim() });
  }

  /** A bulleted list item. */
  bullet(text: string, indent = 12): void {
    this.text(`-  ${text}`, { indent, after: 1 });
  }

  /** A checklist item: an empty box (ticked when `done`), then `title` in bold. */
  checkItem(title: string, done: boolean): void {
    const size = 11;
    this.keep(size * 1.4 * 2);
    const boxY = this.y - size * 1.4 + 1;
    const boxX = this.rtl ? MARGIN_X + WIDTH - 10 : MARGIN_X;
    this.page.drawRectangle({ x: boxX, y: boxY, width: 10, height: 10, borderColor: BLACK, borderWidth: 1 });
    if (done) {
      this.page.drawLine({ start: { x: boxX + 2, y: boxY + 5 }, end: { x: boxX + 4.5, y: boxY + 2 }, thickness: 1.2, color: BLACK });
      this.page.drawLine({ start: { x: boxX + 4.5, y: boxY + 2 }, end: { x: boxX + 9, y: boxY + 9 }, thickness: 1.2, color: BLACK });
    }
    this.text(title, { bold: true, indent: 18, after: 1 });
  }

  /** Draws `footer(index, count)` at the bottom centre of every page. */
  finish(footer: (index: number, count: number) => string): void {
    const pages = this.doc.getPages();
    const size = 9;
    pages.forEach((p, i) => {
      const label = drawableText(footer(i + 1, pages.length), this.supported.regular);
      const w = this.fonts.regular.widthOfTextAtSize(label.replace(ISOLATES, ''), size);
      drawLine(p, label, paragraphIsRtl(label), { x: (PAGE[0] - w) / 2, y: MARGIN_BOTTOM / 2, size, font: this.fonts.regular, color: BLACK });
    });
  }

  /**
   * `text` cut into lines no wider than `width` (in logical order; words longer than a line are
   * broken between characters, as many on a line as fit), each with its paragraph's direction
   * (UAX #9: lines are ordered after wrapping). A line's width is its words' widths plus its spaces'
   * (pdf-lib sums glyph advances, and no glyph joins across a space), so each word is measured once.
   */
  private wrap(text: string, font: PDFFont, size: number, width: number): { line: string; rtl: boolean }[] {
    const out: { line: string; rtl: boolean }[] = [];
    const widths = this.widths.get(font) ?? new Map<string, number>();
    this.widths.set(font, widths);
    // A text's width is proportional to the size: each word is shaped once, at size 1.
    const widthOf = (s: string) => {
      let unit = widths.get(s);
      if (unit === undefined) widths.set(s, (unit = font.widthOfTextAtSize(s.replace(ISOLATES, ''), 1)));
      return unit * size;
    };
    const space = widthOf(' ');
    for (const para of text.split('\n')) {
      // In a right-to-left document a paragraph with any right-to-left letter is right to left ("Omar · الهاتف: +44 …"
      // keeps the number after the label); one wholly in other scripts keeps its own direction (a Latin name, an address).
      const rtl = this.rtl ? hasRtl(para) : paragraphIsRtl(para);
      const push = (line: string) => out.push({ line, rtl });
      let line = '';
      let lineWidth = 0;
      for (const word of para.split(/ +/)) {
        const wordWidth = widthOf(word);
        const candidate = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidate <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidate;
          continue;
        }
        if (line) push(line);
        let rest = [...word];
        // The longest start of the word that fits (at least one character), found by halving.
        while (rest.length > 0 && widthOf(rest.join('')) > width) {
          let lo = 1;
          let hi = rest.length - 1;
          while (lo < hi) {
            const mid = Math.ceil((lo + hi) / 2);
            if (widthOf(rest.slice(0, mid).join('')) <= width) lo = mid;
            else hi = mid - 1;
          }
          push(rest.slice(0, lo).join(''));
          rest = rest.slice(lo);
        }
        line = rest.join('');
        lineWidth = widthOf(line);
      }
      push(line);
    }
    return out;
  }
}

/**
 * Draws one line on `page` from `opts.x`, or ending at `right` when given (a right-to-left
 * document's lines): as one string, or, when it holds right-to-left text, as runs in visual order
 * (./bidi.ts), each placed after the one on its left. A right-to-left line's runs are drawn from
 * the right (each in its place): the content stream then holds the line in reading order, which
 * is the order a PDF reader extracts, copies and reads aloud ("الهاتف: +44 1865", not the number first).
 */
function drawLine(page: PDFPage, line: string, rtl: boolean, opts: { x: number; y: number; size: number; font: PDFFont; color: ReturnType<typeof rgb> }, right: number | null = null): void {
  const runs = visualRuns(line, rtl).map((run) => ({ text: run.text, width: opts.font.widthOfTextAtSize(run.text, opts.size), x: 0 }));
  let x = right === null ? opts.x : right - runs.reduce((w, run) => w + run.width, 0);
  for (const run of runs) {
    run.x = x;
    x += run.width;
  }
  for (const run of rtl ? runs.reverse() : runs) page.drawText(run.text, { ...opts, x: run.x });
}
