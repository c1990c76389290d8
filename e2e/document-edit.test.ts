/**
 * Editing a saved document in Chromium at 390 px (DocumentFormDialog in edit mode): a file
 * document keeps its kind and its file unless a new one is chosen; a blank name is refused with
 * SPEC.md's 'Missing information'; a new file replaces the old one, is uploaded like an upload
 * (the header's "All changes saved" counts waiting files), and the card shows it after a reload.
 * A link document's link is edited, completed with https:// when typed without it. axe on the
 * edit dialog of each kind. (A shared document's edit reaching its viewer: share-now.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, useBrowserSuite } from './harness';
import { allChangesSaved, choose, expectToast, openDialog, signedInPage } from './record-screens';

const pdf = (name: string, words: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${words}\n%%EOF\n`) });

describe.skipIf(!hasChromium)('editing a document', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('replaces a file, keeps what was not changed, and edits a link, at 390 px', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/documents/upload', mobileContext);
    const upload = openDialog(page);
    await choose(page, 'Document Type', 'Will & Testament');
    await upload.getByLabel('Document File').setInputFiles(pdf('Will 2019.pdf', 'the will of 2019'));
    await upload.getByLabel('Document Name').fill('My will');
    await upload.getByLabel('Where the original is kept (optional)').fill('Grey box under the stairs');
    await upload.getByRole('button', { name: 'Upload Document' }).click();
    await expectToast(page, 'Document uploaded');
    await upload.waitFor({ state: 'detached' });
    const cards = page.getByRole('list', { name: 'Documents' }).getByRole('listitem');
    const will = cards.filter({ hasText: 'My will' });
    await will.getByText('Will 2019.pdf').waitFor();

    await will.getByRole('button', { name: 'Edit document My will' }).click();
    const edit = openDialog(page);
    await edit.getByRole('heading', { name: 'Edit Document' }).waitFor();
    // Its kind stays a file: no choice of a link, and the file it has is named.
    expect(await edit.getByText('Link to it').count()).toBe(0);
    await edit.getByText(/^Now: Will 2019\.pdf\. Choose a new file only to replace it/).waitFor();
    expect(await edit.getByLabel('Document Name').inputValue()).toBe('My will');
    await expectNoSeriousA11yViolations(page, 'edit dialog of a file document at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    await edit.getByLabel('Document Name').fill('');
    await edit.getByRole('button', { name: 'Update Document' }).click();
    await expectToast(page, 'Missing information', 'Please fill in all required fields.');
    await edit.getByText('This field is required').waitFor();

    await edit.getByLabel('Document Name').fill('My will, 2025');
    await choose(page, 'Document Type', 'Power of Attorney');
    await edit.getByLabel('Replace the file (optional)').setInputFiles(pdf('Will 2025.pdf', 'the will of 2025'));
    await edit.getByText('Will 2025.pdf').waitFor();
    await edit.getByRole('button', { name: 'Update Document' }).click();
    await expectToast(page, 'Document updated', 'Your document has been updated.');
    await edit.waitFor({ state: 'detached' });
    const edited = cards.filter({ hasText: 'My will, 2025' });
    await edited.getByText('Will 2025.pdf').waitFor();
    expect(await edited.textContent()).toContain('Power of Attorney');
    expect(await edited.textContent()).toContain('Original kept: Grey box under the stairs');
    expect(await edited.getByText('Will 2019.pdf').count()).toBe(0);
    // The new file is uploaded like any upload: nothing waits once every change is saved.
    await allChangesSaved(page);
    await page.reload();
    await edited.getByText('Will 2025.pdf').waitFor();
    expect(await edited.getByText(/Waiting to upload|Upload failed/).count()).toBe(0);

    // A link document edits its link; a link typed without https:// is completed.
    await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
    await choose(page, 'Document Type', 'Insurance');
    await openDialog(page).getByText('Link to it').click();
    await openDialog(page).getByLabel('Document Name').fill('Life policy');
    await openDialog(page).getByLabel('Document URL').fill('https://insurer.example.com/policy/42');
    await openDialog(page).getByRole('button', { name: 'Save Link' }).click();
    await expectToast(page, 'Document uploaded');
    const policy = cards.filter({ hasText: 'Life policy' });
    await policy.getByRole('button', { name: 'Edit document Life policy' }).click();
    const editLink = openDialog(page);
    await editLink.getByRole('heading', { name: 'Edit Document' }).waitFor();
    expect(await editLink.getByLabel('Document URL').inputValue()).toBe('https://insurer.example.com/policy/42');
    await expectNoSeriousA11yViolations(page, 'edit dialog of a link document at 390 px');
    await editLink.getByLabel('Document URL').fill('javascript:alert(1)');
    await editLink.getByRole('button', { name: 'Update Document' }).click();
    await editLink.getByText('Enter a web address starting with http:// or https://').waitFor();
    await editLink.getByLabel('Document URL').fill('insurer.example.com/policy/43');
    await editLink.getByRole('button', { name: 'Update Document' }).click();
    await expectToast(page, 'Document updated');
    await editLink.waitFor({ state: 'detached' });
    await expect
      .poll(() => policy.getByRole('link', { name: /View Document/ }).getAttribute('href'))
      .toBe('https://insurer.example.com/policy/43');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await context.close();
  });
});
