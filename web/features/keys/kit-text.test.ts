/**
 * The recovery kit's downloaded text (kit-text.ts) in the owner's language (issue 44): English word
 * for word as before the catalogs, German from the `keys` catalog, the code as it is in both.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../../i18n/i18n';
import { kitDate, kitText } from './kit-text';
import './messages';

const ENGLISH = `AFTERWORD RECOVERY KIT

Account: Ada Lovelace (ada)
Made on: November 27, 2026

Your recovery code:

    ABCDE-FGHIJ

If you forget your password, this code opens your plans, messages and documents again.

How to use it:
  1. On the Afterword sign-in page, choose "Forgot password?".
  2. Open the link we send to your e-mail address and choose a new password.
  3. When asked, type this code. Capital or small letters and the dashes do not matter.

Keep this page somewhere safe, such as with your will or important papers, and tell someone you trust where it is. Anyone who has this code and can read your e-mail could open your words.

Without your password and without this code, you cannot open your words again, and Afterword cannot open them for you.
`;

const MADE = Date.parse('2026-11-27T10:00:00Z');

describe('the recovery kit\'s words', () => {
  afterAll(() => activateLanguage('en'));

  it('in English, word for word as before; saying what losing both the password and the code means for the owner, without claiming no one could ever open the words (trustee kits and the release still do: SECURITY.md "Trustee kits")', () => {
    const text = kitText(t, 'ABCDE-FGHIJ', 'Ada Lovelace (ada)', kitDate(MADE, 'en'));
    expect(text).toBe(ENGLISH);
    expect(text).not.toMatch(/by anyone|no one/);
  });

  it('in the owner\'s language: German from the keys catalog, the date in German, the code as it is', async () => {
    await activateLanguage('de');
    const text = kitText(t, 'ABCDE-FGHIJ', 'Ada Lovelace (ada)', kitDate(MADE, 'de'));
    expect(text).toContain('Konto: Ada Lovelace (ada)');
    expect(text).toContain('Erstellt am: 27. November 2026');
    expect(text).toContain('    ABCDE-FGHIJ');
    expect(text).toContain('Wählen Sie auf der Anmeldeseite von Afterword „Passwort vergessen?“.');
    expect(text).toContain('Wer diesen Code hat und Ihre E-Mails lesen kann, könnte Ihre Worte öffnen.');
    expect(text).not.toMatch(/Account:|How to use it|Keep this page/);
  });
});
