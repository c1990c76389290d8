/**
 * The tests' pseudo-locale (issue 44): English with every letter accented and each message about
 * 40 % longer, so a browser test sees at once any word left outside the catalogs (it stays plain
 * English) and any box too small for a longer language. Placeholders, plural '#' and the `<0>`
 * element tags are left as they are. Never offered to a person: loaded only when a test switches it
 * on (web/i18n/device-language.ts), and not precached.
 */
import type { Messages } from '@lingui/core';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥîĵķĺɱñöþʠŕšţûṽŵẋýžÀßÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
);

/** `text` with each ASCII letter accented, and the `<0>`/`</0>` element tags kept as they are. */
export function accent(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c])))
    .join('');
}

/** A compiled message's text parts, walked: strings accented; placeholders and '#' kept; plural/select branches walked. */
type Compiled = string | Array<string | unknown[]>;

function accentCompiled(message: Compiled): Compiled {
  if (typeof message === 'string') return accent(message);
  return message.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : accent(token);
    const [name, type, options] = token as [string, string?, unknown?];
    if (options && typeof options === 'object' && (type === 'plural' || type === 'select' || type === 'selectordinal')) {
      const branches = Object.fromEntries(Object.entries(options as Record<string, Compiled | number>).map(([k, v]) => [k, typeof v === 'number' ? v : accentCompiled(v)]));
      return [name, type, branches];
    }
    return token;
  });
}

/** The number of letters a compiled message shows (placeholders aside). */
function letters(message: Compiled): number {
  if (typeof message === 'string') return message.replace(/<\/?\d+\/?>/g, '').length;
  return message.reduce<number>((n, token) => n + (typeof token === 'string' ? letters(token) : 3), 0);
}

/** Padding that makes a message of `length` letters about 40 % longer, in words a line can wrap between. */
export function padding(length: number): string {
  const extra = Math.max(2, Math.round(length * 0.4));
  return ` ${'ẋẋẋẋ '.repeat(Math.ceil(extra / 5)).slice(0, extra - 1)}`;
}

/** The pseudo-locale's catalog made from the compiled English `messages`. */
export function pseudoCatalog(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      const accented = accentCompiled(message as Compiled);
      const pad = padding(letters(message as Compiled));
      return [id, typeof accented === 'string' ? accented + pad : [...accented, pad]];
    }),
  ) as Messages;
}
