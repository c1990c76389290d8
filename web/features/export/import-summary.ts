/**
 * What an import did, in words (issue #18 "Import data"): the toast's title and description, and
 * the lasting line the "Your data" card keeps under its Import row (DataCard.tsx). A big import
 * can take minutes, and a toast is gone after TOAST_DURATION_MS (shared/labels.ts): the person who
 * looked away still finds the result on the card.
 */
import { COLLECTIONS } from '../../../shared/schema/collections';
import type { ImportResult } from './import-data';

/** The toast of a finished import: "Data imported" with the counts, or "Nothing to import". */
export function importToast(result: ImportResult): { title: string; description: string } {
  const total = COLLECTIONS.reduce((n, c) => n + result.records[c], 0);
  if (result.changed === 0) return { title: 'Nothing to import', description: `All ${total} records of this export are already here.` };
  const files = result.filesAdded ? `, with ${result.filesAdded} ${result.filesAdded === 1 ? 'file' : 'files'} queued for upload` : '';
  return { title: 'Data imported', description: `${result.changed} of ${total} records were added or updated${files}. They sync like any change.` };
}

/** The card's line for the last import of `fileName`: its result, or why it failed (`error`, the toast's words). */
export function importLine(fileName: string, outcome: { result: ImportResult } | { error: string }): string {
  if ('error' in outcome) return `Last import, “${fileName}”: failed. ${outcome.error} Nothing was imported.`;
  const { title, description } = importToast(outcome.result);
  return `Last import, “${fileName}”: ${title === 'Nothing to import' ? 'nothing to import.' : 'done.'} ${description}`;
}
