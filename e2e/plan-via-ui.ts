/**
 * Test support (browser tests and scripts/screenshots.ts): a person's plan written through the
 * app's own forms, as a person would, so a sealed account's names stay on the device.
 */
import type { Page } from 'playwright-core';
import { choose, openDialog, openSignedIn } from './record-screens';

/** Waits for the toast titled `title` (no test's expect: scripts/screenshots.ts runs outside Vitest). */
const toastShown = (page: Page, title: string) => page.locator('li[data-state="open"]', { hasText: title }).first().waitFor();

/** Writes a text message for `name` <`email`> with the create dialog of /message-vault/new. */
export async function addMessageViaUi(page: Page, name: string, email: string, text: string): Promise<void> {
  await page.goto('/message-vault/new');
  const dialog = openDialog(page);
  await dialog.getByLabel('Recipient Name').fill(name);
  await dialog.getByLabel('Recipient Email').fill(email);
  await dialog.getByLabel('Your Message').fill(text);
  await dialog.getByRole('button', { name: 'Save Message' }).click();
  await toastShown(page, 'Message created');
  await dialog.waitFor({ state: 'detached' });
}

/** Adds trustee `name` <`email`> with `access` ("Full Access", …) through /trustees/new. */
export async function addTrusteeViaUi(page: Page, name: string, email: string, access: string): Promise<void> {
  await page.goto('/trustees/new');
  const dialog = openDialog(page);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await choose(page, 'Access Level', access);
  await dialog.getByRole('button', { name: 'Add Trustee' }).click();
  await toastShown(page, 'Trustee added');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Saves a document kept as a link (`type`: the Document Type option's label, `original`: where the
 * paper is kept) with the upload dialog of /documents, opened within the signed-in app
 * (openSignedIn: no second load of the whole app) unless the page is there already.
 */
export async function addDocumentLinkViaUi(page: Page, doc: { type: string; name: string; url: string; original?: string }): Promise<void> {
  if (new URL(page.url()).pathname !== '/documents') await openSignedIn(page, '/documents');
  await page.getByRole('button', { name: /^(Upload Your First Document|Upload Document)$/ }).first().click();
  const dialog = openDialog(page);
  await choose(page, 'Document Type', doc.type);
  await dialog.getByText('Link to it').click();
  await dialog.getByLabel('Document Name').fill(doc.name);
  await dialog.getByLabel('Document URL').fill(doc.url);
  if (doc.original) await dialog.getByLabel('Where the original is kept (optional)').fill(doc.original);
  await dialog.getByRole('button', { name: 'Save Link' }).click();
  await toastShown(page, 'Document uploaded');
  await dialog.waitFor({ state: 'detached' });
}

/** On the open plan editor (/death-plan), adds `song` on the Music tab and saves; waits for the toast titled `saved` (the plan created, or updated). */
export async function addSongViaUi(page: Page, song: string, saved: 'Plan created successfully' | 'Plan updated successfully'): Promise<void> {
  await page.getByRole('tab', { name: 'Music' }).click();
  await page.getByLabel('Add a song or piece of music').fill(song);
  await page.getByLabel('Add a song or piece of music').press('Enter');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toastShown(page, saved);
}
