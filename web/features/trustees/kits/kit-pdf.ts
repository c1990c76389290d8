/**
 * The printed trustee kit (issue "Release through trustees' key shares": a one-page PDF made on the
 * device): who it is from, what it is for, what to do now and when the time comes (kit-words.ts),
 * then the kit itself: its code in groups, the QR code of its link, its fingerprint and the date.
 * Set like the family binder (shared/binder: A4, DejaVu Sans embedded as subsets, black on white)
 * from the binder's chunk, so this module is loaded only when a kit is printed (print-kit.ts) and
 * is kept offline with the binder (scripts/binder-assets.ts).
 */
import { formatLongDate } from '../../../../shared/labels';
import { newPrintedDocument, PRINT_WIDTH, type BinderFontBytes } from '../../../../shared/binder';
import { executorNowSteps, executorPurpose, executorWhenSteps, FINGERPRINT_NOTE, kitNowSteps, kitPurpose, kitWhenSteps, type KitPeople } from './kit-words';

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

/** The QR code's printed size in points (about 5 cm: a phone reads it from arm's length). */
const QR_POINTS = 140;
const GUTTER = 16;

/** The code's groups spaced for reading aloud and typing, `perLine` groups a line. */
function codeLines(code: string, perLine: number): string {
  const groups = code.split('-');
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += perLine) lines.push(groups.slice(i, i + perLine).join('  '));
  return lines.join('\n');
}

/**
 * The kit as PDF bytes: one A4 page. Throws when the text would not fit on one page (a kit split over two sheets would be lost in
 * half), and what pdf-lib throws for fonts that are not TrueType.
 */
export async function buildKitPdf(input: KitPrint, fonts: BinderFontBytes): Promise<Uint8Array> {
  const p = input.people;
  const made = formatLongDate(input.madeAt.toISOString());
  const ex = !!input.executor;
  const words = ex
    ? { kind: 'Executor kit', title: `An executor kit from ${p.ownerName}`, for: `For the executor of ${p.ownerName}’s will`, purpose: executorPurpose(p), now: executorNowSteps(p), when: executorWhenSteps(p, input.page) }
    : { kind: 'Trustee kit', title: `A trustee kit from ${p.ownerName}`, for: `For ${p.trusteeName}`, purpose: kitPurpose(p), now: kitNowSteps(p), when: kitWhenSteps(p, input.page) };
  const docTitle = ex ? `Executor kit from ${p.ownerName}` : `Trustee kit from ${p.ownerName} for ${p.trusteeName}`;
  const { doc, writer: w } = await newPrintedDocument(fonts, { title: docTitle, author: p.ownerName, madeAt: input.madeAt });
  w.text(`Afterword · ${words.kind}`, { size: 9.5, grey: true, after: 4 });
  w.text(words.title, { size: 20, bold: true, after: 2 });
  w.text(`${words.for} · made on ${made}`, { size: 11.5, after: 6 });

  w.heading('What this is for', 3);
  w.text(words.purpose, { size: 10 });
  w.heading(ex ? 'Where to keep it' : 'What to do now', 3);
  words.now.forEach((s, i) => w.text(`${i + 1}.  ${s}`, { size: 10, indent: 4, after: 1.5 }));
  w.heading('When the time comes', 3);
  words.when.forEach((s, i) => w.text(`${i + 1}.  ${s}`, { size: 10, indent: 4, after: 1.5 }));

  w.heading(ex ? 'The kit' : 'Your kit', 3);
  await w.image(await qrPng(input.link), QR_POINTS, { float: 'right' });
  const beside = PRINT_WIDTH - QR_POINTS - GUTTER;
  w.text('Code', { size: 9.5, grey: true, after: 0 });
  w.text(codeLines(input.code, 4), { size: 13.5, bold: true, width: beside, after: 8 });
  w.text('Fingerprint', { size: 9.5, grey: true, after: 0 });
  w.text(input.fingerprint, { size: 15, bold: true, width: beside, after: 2 });
  w.text(FINGERPRINT_NOTE, { size: 9, grey: true, width: beside, after: 6 });
  w.text(`Kit ${input.index} of ${p.n} · ${p.k} needed · made on ${made}`, { size: 9, grey: true, width: beside });
  w.clearFloat();
  w.text('Scan the QR code with a phone’s camera to open this kit.', { size: 9, grey: true });

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
