/**
 * Steps of the owner's side of issue 43 shared by the browser tests of choices queued offline
 * (offline-choices.test.ts, refused-lines.test.ts): share a document now with Maria, and add an
 * accepted trustee with a kit.
 */
import type { Page } from 'playwright-core';
import type { useMailSuite } from './harness';
import { addAcceptedTrustees, allChangesSaved, expectToast, fillInDialog, openDialog, openSignedIn } from './record-screens';

/** On the documents page, shares `docName` now with Maria (the dialog closed again); resolves the link the dialog gave. */
export async function shareWithMaria(page: Page, docName: string): Promise<string> {
  await page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: docName }).getByRole('button', { name: `Share now: ${docName}` }).click();
  const share = openDialog(page);
  await fillInDialog(share, 'Their name', 'Maria');
  await share.getByRole('button', { name: 'Share now', exact: true }).click();
  const link = await share.getByLabel('Link for Maria').inputValue();
  await share.getByText('Maria can read this now, and sees your changes.').first().waitFor();
  await page.keyboard.press('Escape');
  await share.waitFor({ state: 'detached' });
  return link;
}

/** Adds Grace Hopper as an accepted trustee of `username`'s account and makes kits, then waits until every change is on the server (ends on /trustees). */
export async function trusteeWithKit(page: Page, suite: ReturnType<typeof useMailSuite>, username: string): Promise<void> {
  await openSignedIn(page, '/trustees');
  await addAcceptedTrustees(page, { smtp: suite.smtp, serverUrl: suite.server.url }, [{ name: 'Grace Hopper', email: `grace.${username}@example.com` }]);
  await page.reload();
  await page.getByRole('button', { name: 'Make kits' }).click();
  await expectToast(page, 'Kits made');
  await allChangesSaved(page);
}
