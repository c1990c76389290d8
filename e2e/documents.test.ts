/**
 * Issue #5, Legal Documents in the browser (SPEC.md §2 "Legal Documents", §4 "Documents filter",
 * §5 "Upload document", "Delete document", §8): empty state, the required-fields toast, a
 * `javascript:` URL refused, upload, the type tabs, the safe 'View Document' link, delete,
 * /documents/upload, the Important Note, and axe at 390 px and 1280 px.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, SCREEN_SIZES, useBrowserSuite } from './harness';
import { choose, confirmDialog, expectToast, openDialog, useSharedOwner } from './record-screens';

describe.skipIf(!hasChromium)('Legal Documents (issue #5)', () => {
  // No service worker: no test here goes offline or looks at one, and its install (the app's
  // precache) is Chromium's work of seconds per context (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  // One owner per screen size: the first test at a size signs it up (an empty vault), the dialog's
  // test at that size then adds a link beside that test's documents, in a tab of its own.
  const owners = new Map(SCREEN_SIZES.map(([name, makeContext]) => [name, useSharedOwner(suite, makeContext)]));

  // On a phone (390 px) as on a desktop (issue "Promises kept", finding 8 at 390 px).
  for (const [name] of SCREEN_SIZES) {
    it(`uploads, filters and deletes documents; only http(s) links; at ${name}`, async () => {
      const { page } = await owners.get(name)!.open('/documents');
      await expect.poll(() => page.getByText('No documents found').isVisible()).toBe(true);
      const note = page.getByRole('region', { name: 'Important Note' });
      // Says truthfully how files are protected (encrypted on the device with a key per file, only
      // ciphertext on the server, the key sealed with the plan, opened by trustees with their kits, never
      // from the server's escrow, which holds messages' keys only) and about links.
      const said = await note.textContent();
      expect(said).toMatch(/encrypted on this device, each with its own key.*only the encrypted bytes.*key is sealed with your plan.*trustees.*trustee kits.*not even us.*Links/s);
      expect(said).not.toMatch(/escrow/);

      await page.getByRole('button', { name: 'Upload Your First Document' }).click();
      const dialog = openDialog(page);
      await dialog.getByLabel('Document Name').fill('Last Will');
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await expectToast(page, 'Missing information', 'Please fill in all required fields.');

      // Issue #17: a file or a link; neither is the same 'Missing information'.
      await choose(page, 'Document Type', 'Will & Testament');
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await expectToast(page, 'Missing information', 'Please fill in all required fields.');
      await dialog.getByText('Link to it').click();
      await dialog.getByLabel('Document URL').fill('javascript:alert(1)');
      // A link is saved, not uploaded: the button says so.
      await dialog.getByRole('button', { name: 'Save Link' }).click();
      await expect.poll(() => dialog.getByText('Enter a web address starting with http:// or https://').isVisible()).toBe(true);
      expect(await dialog.isVisible()).toBe(true);

      // Typed without https://, as people do: completed, not refused.
      await dialog.getByLabel('Document URL').fill('files.example.com/will.pdf');
      await dialog.getByRole('button', { name: 'Save Link' }).click();
      await expectToast(page, 'Document uploaded', 'Your document has been saved securely.');
      await dialog.waitFor({ state: 'detached' });

      const cards = page.getByRole('list', { name: 'Documents' }).getByRole('listitem');
      const will = cards.filter({ hasText: 'Last Will' });
      await expect.poll(() => will.isVisible()).toBe(true);
      expect(await will.textContent()).toContain('Will & Testament');
      // A link was saved, not uploaded (issue 38 item 8): 'Uploaded' is for files only.
      expect(await will.textContent()).toMatch(/Saved [A-Z][a-z]+ \d{1,2}, \d{4}/);
      expect(await will.textContent()).not.toMatch(/Uploaded/);
      const link = will.getByRole('link', { name: /View Document/ });
      expect(await link.getAttribute('href')).toBe('https://files.example.com/will.pdf');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

      // A second, of another type; the tabs filter by type.
      await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
      await choose(page, 'Document Type', 'Insurance');
      await openDialog(page).getByText('Link to it').click();
      await openDialog(page).getByLabel('Document Name').fill('Life policy');
      await openDialog(page).getByLabel('Document URL').fill('http://insurer.example.com/policy/42');
      await openDialog(page).getByRole('button', { name: 'Save Link' }).click();
      await expectToast(page, 'Document uploaded');
      await expect.poll(() => cards.count()).toBe(2);

      await page.getByRole('tab', { name: 'Insurance' }).click();
      const insurance = page.getByRole('list', { name: 'Insurance documents' }).getByRole('listitem');
      await expect.poll(() => insurance.count()).toBe(1);
      expect(await insurance.first().textContent()).toContain('Life policy');
      await page.getByRole('tab', { name: 'Financial' }).click();
      await expect.poll(() => page.getByText('No documents found').isVisible()).toBe(true);
      await page.getByRole('tab', { name: 'All Documents' }).click();

      // Papers beyond SPEC.md's three types, with where the original is kept: the "Other" tab.
      await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
      await choose(page, 'Document Type', 'Power of Attorney');
      await openDialog(page).getByText('Link to it').click();
      await openDialog(page).getByLabel('Document Name').fill('Lasting power of attorney');
      await openDialog(page).getByLabel('Document URL').fill('https://opg.example.gov/lpa/123');
      await openDialog(page).getByLabel('Where the original is kept (optional)').fill('With Hale & Co, solicitors');
      await openDialog(page).getByRole('button', { name: 'Save Link' }).click();
      await expectToast(page, 'Document uploaded');
      await expect.poll(() => cards.count()).toBe(3);
      await page.getByRole('tab', { name: 'Other' }).click();
      const other = page.getByRole('list', { name: 'Other documents' }).getByRole('listitem');
      await expect.poll(() => other.count()).toBe(1);
      expect(await other.first().textContent()).toContain('Power of Attorney');
      expect(await other.first().textContent()).toContain('Original kept: With Hale & Co, solicitors');
      // Nothing runs off the side of the screen (a phone's 390 px included).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await page.getByRole('tab', { name: 'All Documents' }).click();

      await will.getByRole('button', { name: 'Delete document Last Will' }).click();
      await confirmDialog(page, 'Are you sure you want to delete this document? This action cannot be undone.', 'Delete');
      await expectToast(page, 'Document deleted');
      await expect.poll(() => cards.count()).toBe(2);
      await page.close();
    });
  }

  // Picking a file checks it against the server's limits (GET /api/files/usage, up to 5 s on a slow
  // network): a Save pressed before that answer keeps the picked file, never "This field is required"
  // (the CI's canary scan once lost its document so, on a loaded machine).
  it('keeps a picked file when Upload is pressed before the server has said how much room is left (390 px)', async () => {
    const { context, page } = await owners.get(SCREEN_SIZES[0][0])!.open('/documents');
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The context's route, which every fetch of the context passes (a service worker's too, where one runs).
    let asked = 0;
    const slow = async (route: Route) => {
      asked++;
      await answered;
      await route.continue();
    };
    await context.route('**/api/files/usage', slow);
    await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
    const dialog = openDialog(page);
    await choose(page, 'Document Type', 'Will & Testament');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await dialog.getByLabel('Document File').setInputFiles({ name: 'Picked in a hurry.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    // The press is handled while the server has not answered: the dialog is busy, or says why not;
    // the picked file shows, before any answer.
    const handled = dialog.getByRole('button', { name: 'Uploading...' }).or(dialog.getByText('This field is required'));
    await handled.first().waitFor();
    expect(await dialog.getByText('Picked in a hurry.pdf').isVisible()).toBe(true);
    answer();
    await expectToast(page, 'Document uploaded');
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Picked in a hurry' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(asked).toBeGreaterThan(0); // the check did wait for the server
    await context.unroute('**/api/files/usage', slow);
    await page.close();
  });

  for (const [name] of SCREEN_SIZES) {
    it(`opens the upload dialog at /documents/upload and has no serious accessibility violations at ${name}`, async () => {
      const { page } = await owners.get(name)!.open('/documents/upload');
      const dialog = openDialog(page);
      await dialog.getByRole('heading', { name: 'Upload Document' }).waitFor();
      await expectNoSeriousA11yViolations(page, `upload dialog at ${name}`);
      await choose(page, 'Document Type', 'Financial');
      await dialog.getByLabel('Document Name').fill('Brokerage account statement for the family trust');
      await dialog.getByText('Link to it').click();
      await dialog.getByLabel('Document URL').fill('https://bank.example.com/statements/2026');
      await dialog.getByRole('button', { name: 'Save Link' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL('**/documents');
      await page.getByRole('list', { name: 'Documents' }).waitFor();
      await expectNoSeriousA11yViolations(page, `/documents with a card at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/documents-${name.replace(' ', '')}.png`, fullPage: true });
      await page.close();
    });
  }
});
