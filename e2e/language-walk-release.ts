/**
 * The owner's release-side screens under the pseudo-locale (issue 44, session 27; a walk of
 * e2e/languages-features.test.ts, kept here so that file stays small): the family binder's card on
 * the dashboard, Settings' "Your data" card with the import question and a refused import's toast,
 * and "Rehearse the release" with no messages and no trustees. Each part is checked for the English
 * words of its own namespaces ('binder', 'export', 'rehearsal') and for a page wider than the phone.
 * What the words quote is not the catalog's: a refused import's reason (shared/export/read.ts) is
 * hidden before its toast is checked.
 */
import type { Page } from 'playwright-core';
import { expectToast } from './record-screens';
import { englishWords, expectAllTranslated, hideWords, pseudo, pseudoStart } from './language-steps';

/** Walks the binder card, Your data and the rehearsal's empty screen on `page` (signed in under the pseudo-locale). */
export async function walkReleaseSide(page: Page): Promise<void> {
  const binderWords = englishWords(['binder']);
  await page.goto('/dashboard');
  const binder = page.locator('section[aria-labelledby="binder-heading"]');
  await binder.getByRole('heading', { name: pseudo('binder.cardTitle') }).waitFor();
  await expectAllTranslated(page, binder, 'the binder card', binderWords);

  const words = new Set([...binderWords, ...englishWords(['export'])]);
  await page.goto('/settings');
  const data = page.locator('main div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: pseudo('export.title'), exact: true }) }).last();
  await data.getByRole('button', { name: pseudo('export.export') }).waitFor();
  await expectAllTranslated(page, data, 'Your data', words);

  // A ZIP's first bytes pass the first check (its name holds no catalog word: it is quoted in the question), so the question is asked; answered no, nothing is imported.
  await data.locator('input[type="file"]').setInputFiles({ name: 'afterword.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04 not really a zip') });
  const question = page.getByRole('alertdialog');
  await question.getByText(pseudo('export.importQuestion')).waitFor();
  await expectAllTranslated(page, question, 'the import question', words);
  await question.getByRole('button', { name: pseudo('export.importConfirm') }).click();
  // The ZIP does not open: the toast's title and the card's line are the catalog's, the reason is the reader's (shared/export/read.ts).
  await expectToast(page, pseudo('export.importFailed'));
  await data.getByText(pseudoStart('export.lastFailed')).waitFor();

  const rehearsalWords = englishWords(['rehearsal']);
  await page.goto('/settings/rehearsal');
  await page.getByRole('heading', { level: 1, name: pseudo('rehearsal.title') }).waitFor();
  await page.getByText(pseudo('rehearsal.noRecipients')).waitFor();
  await hideWords(page.locator('main [data-testid="rehearsal-person"] [data-testid="rehearsal-email"], main [data-testid="rehearsal-person"] figcaption')); // the server's e-mails
  await expectAllTranslated(page, page.locator('main'), 'the rehearsal', rehearsalWords);
}
