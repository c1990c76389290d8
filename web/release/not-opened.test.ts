/**
 * The trustee page's warning names each entry that did not open (not-opened.ts; issue 38, item 3),
 * as the person finds it on the page; the whole path (a changed envelope, a release with nothing
 * damaged) is in sealed-release.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { namedEntries, notOpenedText } from './not-opened';

const names = (collection: string, id: string) => (collection === 'documents' && id === 'd1' ? 'Will' : collection === 'survivorTasks' && id === 't1' ? 'Call the bank' : null);

describe('the warning for entries that did not open', () => {
  it('names each place as the page shows it, once per entry', () => {
    const entries = namedEntries(
      [
        { collection: 'documents', id: 'd1', field: 'documentUrl' },
        { collection: 'documents', id: 'd1', field: 'documentName' },
        { collection: 'survivorTasks', id: 't1', field: 'description' },
        { collection: 'deathPlan', id: 'u', field: 'musicSelections/a' },
        { collection: 'deathPlan', id: 'u', field: 'musicSelections/b' },
        { collection: 'profile', id: 'u', field: 'healthInfo' },
        { collection: 'profile', id: 'u', field: 'lastName' },
      ],
      names,
      'Margaret',
    );
    expect(entries).toEqual([
      'the link of the document “Will”',
      'the name of a document',
      'the description of the task “Call the bank”',
      'a piece of music in the plan',
      'the health information Margaret wrote',
      "the last name in Margaret's details",
    ]);
    expect(notOpenedText(entries.slice(0, 2))).toBe('2 entries on this page could not be opened, because they were changed or damaged: the link of the document “Will”; the name of a document.');
  });

  it('names at most six, and counts the rest', () => {
    const many = Array.from({ length: 9 }, (_, i) => `the title of task ${i + 1}`);
    expect(notOpenedText(many)).toMatch(/^9 entries .*: the title of task 1; .*the title of task 6; and 3 more\.$/);
  });
});

describe("the warning in the page's language (issue 44)", () => {
  it('names the places and counts them in German, and back in English', async () => {
    const { showInLanguage } = await import('./words');
    await showInLanguage('de');
    try {
      const entries = namedEntries(
        [
          { collection: 'documents', id: 'd1', field: 'documentUrl' },
          { collection: 'deathPlan', id: 'u', field: 'obituary' },
          { collection: 'survivorTasks', id: 't9', field: 'title' },
        ],
        names,
        'Margaret',
      );
      expect(entries).toEqual(['das Dokument „Will“: der Link', 'der Plan: der Nachruf', 'eine Aufgabe: der Titel']);
      expect(notOpenedText(entries)).toBe('3 Einträge auf dieser Seite konnten nicht geöffnet werden, weil sie verändert oder beschädigt wurden: das Dokument „Will“: der Link; der Plan: der Nachruf; eine Aufgabe: der Titel.');
      expect(notOpenedText(Array.from({ length: 8 }, (_, i) => `E${i}`))).toMatch(/: E0; .*E5; und 2 weitere\.$/);
    } finally {
      await showInLanguage('en');
    }
  });
});
