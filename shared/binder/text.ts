/**
 * Text the binder's font can draw (issue #18). pdf-lib throws on a character its font has no glyph
 * for, and a binder must never fail to print. The binder's font is DejaVu Sans (./fonts.ts), whose
 * character set covers Latin, Greek, Cyrillic, Hebrew and Arabic, so names print exactly (right-to-left
 * text in reading order: ./bidi.ts). For what a font lacks:
 * an accented Latin letter falls back to its base letter when only that is there ("ż" → "z"),
 * anything else (CJK, most emoji) is replaced VISIBLY by U+FFFD "�" (or "?" if the font lacks that
 * too): a reader sees that something was there.
 */

/** What an unsupported character is drawn as, when the font has it (DejaVu Sans does). */
export const REPLACEMENT = '\uFFFD';
/** The replacement for a font without U+FFFD (e.g. pdf-lib's standard fonts). */
export const ASCII_REPLACEMENT = '?';

/** Latin letters that have no decomposition to a base letter (Unicode NFD leaves them whole). */
const BASE_LETTERS: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŀ: 'l', Ŀ: 'L', ŧ: 't', Ŧ: 'T',
  ŋ: 'n', Ŋ: 'N', ĸ: 'k', ſ: 's', ƀ: 'b', ɨ: 'i', ʉ: 'u', ȼ: 'c', Ȼ: 'C',
  '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u00A0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u202F': ' ',
};

/** Splits text into what a reader sees as one character (an emoji sequence, a letter and its marks). */
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
const INVISIBLE = /[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u;

/**
 * Makes `text` drawable with a font whose character set is `supported` (code points). Text is
 * composed first (Unicode NFC: "A" + U+0301 is "Á", one glyph) and handled by grapheme, so an
 * emoji sequence ("👨‍👩‍👧", a flag) becomes ONE replacement. Line breaks are kept; tabs become
 * spaces; invisible marks the font lacks (joiners, variation selectors, combining marks) are
 * dropped; the rest as described above.
 */
export function drawableText(text: string, supported: ReadonlySet<number>): string {
  const has = (s: string) => [...s].every((c) => supported.has(c.codePointAt(0)!));
  const replacement = has(REPLACEMENT) ? REPLACEMENT : ASCII_REPLACEMENT;
  let out = '';
  for (const { segment } of GRAPHEMES.segment(text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, '    '))) {
    // Isolates are kept for ./bidi.ts, which orders a line with them and never draws them.
    if (segment === '\n' || has(segment) || /^[\u2066-\u2069]$/.test(segment)) {
      out += segment;
      continue;
    }
    const visible = [...segment].filter((c) => supported.has(c.codePointAt(0)!) || !INVISIBLE.test(c)).join('');
    if (visible === '' || has(visible)) {
      out += visible;
      continue;
    }
    const base = [...visible].length === 1 ? (BASE_LETTERS[visible] ?? visible.normalize('NFD').replace(/\p{Mn}/gu, '')) : '';
    out += base !== '' && has(base) ? base : replacement;
  }
  return out;
}
