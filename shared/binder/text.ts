/**
 * Text the binder's standard PDF fonts can draw (issue #18). Helvetica in a PDF without an embedded
 * font covers WinAnsi only (Latin-1 plus a few quotes and dashes); drawing anything else throws.
 * We have no font-embedding package (@pdf-lib/fontkit is not installed), so every character is
 * kept when the font has it, else drawn as its base letter when it is an accented Latin letter
 * (Polish "ż" → "z", "ł" → "l"), else replaced VISIBLY by "?" (emoji, CJK): a reader sees that
 * something was there, and the binder never fails to print.
 */

/** What an unsupported character is drawn as. */
export const REPLACEMENT = '?';

/** Latin letters that have no decomposition to a base letter (Unicode NFD leaves them whole). */
const BASE_LETTERS: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŀ: 'l', Ŀ: 'L', ŧ: 't', Ŧ: 'T',
  ŋ: 'n', Ŋ: 'N', ĸ: 'k', ſ: 's', ƀ: 'b', ɨ: 'i', ʉ: 'u', ȼ: 'c', Ȼ: 'C',
  '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u00A0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u202F': ' ',
};

/**
 * Makes `text` drawable with a font whose character set is `supported` (code points). Line
 * breaks are kept; tabs become spaces; invisible marks (joiners, variation selectors, combining
 * marks the font lacks) are dropped; the rest as described above.
 */
export function drawableText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    if (ch === '\n' || supported.has(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    if (/[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u.test(ch)) continue;
    const base = BASE_LETTERS[ch] ?? ch.normalize('NFD').replace(/\p{Mn}/gu, '');
    out += base.length > 0 && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : REPLACEMENT;
  }
  return out;
}
