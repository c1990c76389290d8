/**
 * Right-to-left text in the binder (issue #18: every name and word printed as written). pdf-lib
 * draws a string through fontkit, which shapes it (Arabic joining, lam-alef) and reverses it when
 * the string's FIRST script is right-to-left, but knows nothing of mixed lines: "Dear سارة!" came
 * out with the Arabic name backwards, and a Hebrew line starting with a Latin word wholly reversed.
 * Here each line is ordered by the Unicode Bidirectional Algorithm (UAX #9, package `bidi-js`)
 * into runs drawn left to right, each run a string fontkit handles on its own.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The isolates (LRI, RLI, FSI, PDI): a value put into a right-to-left sentence ("+44 1865 000000",
 * a name) is set in its own direction as one piece (./words.ts). They are never drawn.
 */
export const ISOLATES = /[\u2066-\u2069]/g;
/** First-strong isolate around `value`: its direction is its own first letter's, left to right when it has none (a number). */
export const isolate = (value: string): string => `\u2068${value}\u2069`;

/**
 * `values` as a printed right-to-left sentence puts them in (`rtl`): each set in its own direction
 * as one piece (isolate), so a phone number or a Latin name ending in a full stop reads as written;
 * as they are in a left-to-right one. For the binder's and the printed kits' words alike.
 */
export function isolatedValues<V extends string | number>(rtl: boolean, values: Record<string, V> | undefined): Record<string, V | string> | undefined {
  return rtl && values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v])) : values;
}

/** A piece of a line drawn as one string: `text` as fontkit must receive it. */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

/** True when `text` has any right-to-left letter (the fast path skips the algorithm otherwise). */
export const hasRtl = (text: string): boolean => RTL_LETTER.test(text);

/** The direction of a paragraph by its first strong character (UAX #9 rules P2–P3). */
export function paragraphIsRtl(paragraph: string): boolean {
  if (!hasRtl(paragraph)) return false;
  return (bidi.getEmbeddingLevels(paragraph, 'auto').paragraphs[0]?.level ?? 0) % 2 === 1;
}

/**
 * `line` (logical order, one line of a paragraph whose direction is `rtl`) as runs in visual
 * order, left to right. A right-to-left run keeps its logical order when it holds a right-to-left
 * letter (fontkit reverses and shapes it), is reversed here when it holds only neutrals (spaces,
 * punctuation, which fontkit would not reverse), and has its brackets mirrored ("(" reads ")").
 */
export function visualRuns(line: string, rtl: boolean): VisualRun[] {
  if (!rtl && !hasRtl(line)) return [{ text: line, rtl: false }];
  const levels = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const order = bidi.getReorderedIndices(line, levels);
  const runs: { indices: number[]; rtl: boolean }[] = [];
  for (const i of order) {
    const odd = levels.levels[i]! % 2 === 1;
    const last = runs.at(-1);
    const prev = last?.indices.at(-1);
    if (last && last.rtl === odd && prev !== undefined && i === prev + (odd ? -1 : 1)) last.indices.push(i);
    else runs.push({ indices: [i], rtl: odd });
  }
  const drawn = runs.map(({ indices, rtl: odd }) => {
    if (!odd) return { text: indices.map((i) => line[i]).join('').replace(ISOLATES, ''), rtl: false };
    const logical = [...indices].reverse().map((i) => bidi.getMirroredCharacter(line[i]!) ?? line[i]!).filter((c) => c < '\u2066' || c > '\u2069');
    return { text: hasRtl(logical.join('')) ? logical.join('') : logical.reverse().join(''), rtl: true };
  });
  return drawn.filter((run) => run.text !== '');
}
