/**
 * The viewer's page words on the catalogs (issue 44, 'shared-view'): English says exactly what the
 * page said before they moved (the line under a title with and without a name and a date, an
 * outcome), and another language's file is loaded when that language is shown.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, t, type useT } from '../../i18n/i18n';
import { outcomeWords, sharedWithText } from './viewer-words';

const words = (language: ReturnType<typeof useT>['language']) => ({ t, language });

describe("the shared link viewer's words", () => {
  afterAll(() => activateLanguage('en'));

  it('English: the words the page had, word for word', () => {
    expect(sharedWithText(words('en'), 'Maria', '2026-03-05T12:00:00.000Z')).toBe('Shared with Maria. This is read-only and always the latest version, last changed March 5, 2026.');
    expect(sharedWithText(words('en'), '', '')).toBe('Shared with you. This is read-only and always the latest version.');
    expect(outcomeWords(words('en'), 'bad-link')).toEqual({
      title: 'This link is incomplete',
      body: 'Part of its key is missing. Copy the whole link, including everything after the # sign, and open it again.',
    });
  });

  it("another language: its file is fetched when it is shown, a name and a date in that language's words", async () => {
    await activateLanguage('de');
    expect(sharedWithText(words('de'), 'Maria', '2026-03-05T12:00:00.000Z')).toBe('Mit Maria geteilt. Schreibgeschützt und immer die neueste Fassung, zuletzt geändert am 5. März 2026.');
    expect(outcomeWords(words('de'), 'stopped').title).toBe('Teilen beendet');
  });
});
