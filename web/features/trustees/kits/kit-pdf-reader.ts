/**
 * Test support (imported only by *.test.ts and e2e/): reads a printed kit back as a person and a
 * phone would: its text (unpdf, pdf.js; right-to-left words as pdf.js gives them back: asRead) and
 * every image on its pages decoded by a QR reader (jsQR); and the fonts the kit is set in, from node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { extractText } from 'unpdf';

const fontPath = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
/** DejaVu Sans regular and bold, read from node_modules (the app fetches the same files: binder-fonts.ts). */
export const kitFonts = { regular: new Uint8Array(readFileSync(fontPath('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(fontPath('DejaVuSans-Bold.ttf'))) };

/** The PDF's page count and its text with runs of white space made single spaces. */
export async function pdfText(pdf: Uint8Array): Promise<{ pages: number; text: string }> {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { pages: totalPages, text: (text as string).replace(/\s+/g, ' ') };
}

/** Text as compared with a PDF's: without white space (pdf.js drops the space at the end of an item, around a number set between Arabic runs). */
export const flat = (s: string): string => s.replace(/\s+/g, '');

const MIRROR: Record<string, string> = { '(': ')', ')': '(', '«': '»', '»': '«' };

/**
 * Right-to-left words `s` (a catalog's Arabic) as pdf.js reads them back from any PDF, flat: it
 * reverses a right-to-left item character by character, so the one glyph of the lam-alef ligature
 * (its two letters in reading order, within a word) comes out with its letters swapped, and a
 * bracket or guillemet, drawn mirrored as a right-to-left line needs (shared/binder/bidi.ts), comes
 * out as its mirror. Every other letter keeps its place; a person's PDF reader shows them right.
 * The direction isolates around a value (shared/binder/bidi.ts isolatedValues) are never drawn.
 */
export const asRead = (s: string): string => flat(s.replace(/[\u2066-\u2069]/g, '').replace(/\u0644([\u0622\u0623\u0625\u0627])/g, '$1\u0644').replace(/[()«»]/g, (c) => MIRROR[c]!));

/** RGBA pixels of an 8-bit DeviceRGB or DeviceGray image XObject (as pdf-lib embeds a PNG). */
function rgbaOf(stream: PDFRawStream): { data: Uint8ClampedArray; width: number; height: number } {
  const dict = stream.dict;
  const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
  const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
  const space = String(dict.get(PDFName.of('ColorSpace')));
  const raw = decodePDFRawStream(stream).decode();
  const channels = space === '/DeviceGray' ? 1 : 3;
  if (raw.length < width * height * channels) throw new Error(`Image data too short for ${width}×${height} ${space}`);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const src = i * channels;
    data[i * 4] = raw[src]!;
    data[i * 4 + 1] = raw[src + (channels === 3 ? 1 : 0)]!;
    data[i * 4 + 2] = raw[src + (channels === 3 ? 2 : 0)]!;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/** The decoded texts of every QR code among the images of the PDF's pages (null for an image that is none). */
export async function pdfQrTexts(pdf: Uint8Array): Promise<(string | null)[]> {
  const doc = await PDFDocument.load(pdf);
  const out: (string | null)[] = [];
  for (const page of doc.getPages()) {
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream) || String(stream.dict.get(PDFName.of('Subtype'))) !== '/Image') continue;
      const { data, width, height } = rgbaOf(stream);
      out.push(jsQR(data, width, height)?.data ?? null);
    }
  }
  return out;
}
