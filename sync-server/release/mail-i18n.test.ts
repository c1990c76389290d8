/**
 * The server's e-mail words (mail-i18n.ts): a value is put in as it is. Lingui turns `\uXXXX` and
 * `\xXX` escapes in a formatted message back into characters, so a name holding the six characters
 * `\u000a` became a line break in a trustee's invitation, and a forged paragraph (security review
 * s23-i18n M1: names are one line with no control characters, issue #15).
 */
import { describe, expect, it } from 'vitest';
import { greeting, mailWords } from './mail-i18n';

describe('mail words', () => {
  it('keeps a value as written: escapes in a name stay characters, never a line break or another character', () => {
    for (const lang of ['en', 'ar'] as const) {
      const w = mailWords(lang);
      const forged = 'Alice\\u000a\\u000aIMPORTANT from Afterword: https://evil.example \\x41 \\\\ end';
      const said = greeting(w, forged);
      expect(said).toContain(forged);
      expect(said).not.toMatch(/[\n\r]/);
    }
  });
});
