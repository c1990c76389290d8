/**
 * What an import did, in words (issue #18 "Import data"): the toast's title and description, and
 * the lasting line the "Your data" card keeps under its Import row (DataCard.tsx). A big import
 * can take minutes, and a toast is gone after TOAST_DURATION_MS (shared/labels.ts): the person who
 * looked away still finds the result on the card.
 */
import { COLLECTIONS } from '../../../shared/schema/collections';
import type { ImportResult } from './import-data';
import { t } from '../../i18n/i18n';
import './messages'; // the 'export' namespace's words

/** The toast of a finished import, in the language shown: "Data imported" with the counts, or "Nothing to import". */
export function importToast(result: ImportResult): { title: string; description: string } {
  const total = COLLECTIONS.reduce((n, c) => n + result.records[c], 0);
  if (result.changed === 0) return { title: t('export.nothingTitle'), description: t('export.nothingText', { total }) };
  const { changed, filesAdded: files } = result;
  return { title: t('export.importedTitle'), description: files ? t('export.importedTextFiles', { changed, total, files }) : t('export.importedText', { changed, total }) };
}

/** The card's line for the last import of `fileName`: its result, or why it failed (`error`, the toast's words). */
export function importLine(fileName: string, outcome: { result: ImportResult } | { error: string }): string {
  if ('error' in outcome) return t('export.lastFailed', { file: fileName, reason: outcome.error });
  const { description } = importToast(outcome.result);
  return t(outcome.result.changed === 0 ? 'export.lastNothing' : 'export.lastDone', { file: fileName, text: description });
}
