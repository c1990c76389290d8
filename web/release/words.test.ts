/**
 * The release pages' words in the reader's language (issue 44; words.ts): English until the page's
 * data names a language, then that language's catalog (release-page.json, compiled as the build
 * compiles it), its dates and sizes through shared/intl-format.ts; a language Afterword does not
 * speak stays English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dateText } from './dom';
import { pageLanguage, showInLanguage, t } from './words';

afterEach(async () => {
  await showInLanguage('en');
});

describe("the release pages' words", () => {
  it('are English until the page names a language, with SPEC.md §9 dates', () => {
    expect(pageLanguage()).toBe('en');
    expect(t('releasePage.delivery.title', { ownerName: 'Ada' })).toBe('A message from Ada');
    expect(dateText('2026-11-26')).toBe('November 26, 2026');
  });

  it("are the recipient's language once the page's data names it: German words and dates, Arabic's own", async () => {
    await showInLanguage('de');
    expect(pageLanguage()).toBe('de');
    expect(t('releasePage.delivery.title', { ownerName: 'Ada' })).toBe('Eine Nachricht von Ada');
    expect(t('releasePage.delivery.forWritten', { recipientName: 'Clara', date: dateText('2026-11-26') })).toBe('Für Clara · geschrieben am 26. November 2026');
    await showInLanguage('ar');
    expect(t('releasePage.delivery.private')).toBe('هذه الصفحة خاصة بك وحدك. خذ كل الوقت الذي تحتاج إليه.');
  });

  it('stay English for a language Afterword does not speak, and put a name in as plain text', async () => {
    await showInLanguage('pt');
    expect(pageLanguage()).toBe('en');
    expect(t('releasePage.file.open', { name: 'Note {x}.wav' })).toBe('Open Note {x}.wav');
  });
});
