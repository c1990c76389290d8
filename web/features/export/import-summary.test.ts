/**
 * The result of "Import data" outlasts its toast (issue #18): the card's lasting line says what the
 * import did, or why it failed, in the toast's words (import-summary.ts).
 */
import { describe, expect, it } from 'vitest';
import { importLine, importToast } from './import-summary';

const records = { profile: 1, deathPlan: 1, messages: 3, documents: 2, trustees: 1, survivorTasks: 4 };

describe('the words of an import’s result', () => {
  it('says how many records changed and which files wait for upload, on the toast and on the card', () => {
    const result = { records, changed: 5, filesAdded: 1 };
    expect(importToast(result)).toEqual({ title: 'Data imported', description: '5 of 12 records were added or updated, with 1 file queued for upload. They sync like any change.' });
    expect(importLine('afterword-export.zip', { result })).toBe('Last import, “afterword-export.zip”: done. 5 of 12 records were added or updated, with 1 file queued for upload. They sync like any change.');
  });

  it('a repeated import and a refused one are said too', () => {
    expect(importLine('a.zip', { result: { records, changed: 0, filesAdded: 0 } })).toBe('Last import, “a.zip”: nothing to import. All 12 records of this export are already here.');
    expect(importLine('a.zip', { error: 'This file is damaged or is not a ZIP file.' })).toBe('Last import, “a.zip”: failed. This file is damaged or is not a ZIP file. Nothing was imported.');
  });
});
