/**
 * Issue #5, Trustees in the browser (SPEC.md §2 "Trustees", §4, §5 "Add or edit trustee", §8):
 * empty state, the required-fields toast, add, edit (pre-filled), remove with its question, the
 * /trustees/new route, and axe at 390 px and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, SCREEN_SIZES, useBrowserSuite } from './harness';
import { choose, confirmDialog, expectToast, openDialog, useSharedOwner } from './record-screens';

describe.skipIf(!hasChromium)('Trustees (issue #5)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  // One owner per screen size, signed up by its first test; the desktop one's first test starts
  // from no trustee and ends with none, and its axe test at 1280 px then adds its own trustee beside it, in a tab of its own.
  const owners = new Map(SCREEN_SIZES.map(([name, makeContext]) => [name, useSharedOwner(suite, makeContext)]));

  it('adds, edits and removes a trustee, refusing missing fields', async () => {
    const { page } = await owners.get('1280 px')!.open('/trustees');
    await expect.poll(() => page.getByText('No trustees added yet').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Why add trustees?' }).isVisible()).toBe(true);

    // Required fields: name, email, access level (SPEC.md §5).
    await page.getByRole('button', { name: 'Add Your First Trustee' }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Name').fill('Margaret Hale');
    await dialog.getByRole('button', { name: 'Add Trustee' }).click();
    await expectToast(page, 'Missing information', 'Please fill in all required fields.');
    expect(await dialog.isVisible()).toBe(true);
    // The blank required fields are marked too (the toast is outside the modal dialog).
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();

    await dialog.getByLabel('Email').fill('margaret@example.com');
    await dialog.getByLabel('Phone (optional)').fill('+1 555 0100');
    await dialog.getByLabel('Relationship (optional)').fill('Sister');
    await choose(page, 'Access Level', 'Full Access');
    await dialog.getByRole('button', { name: 'Add Trustee' }).click();
    await expectToast(page, 'Trustee added');
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('list', { name: 'Trustees' }).getByRole('listitem').filter({ hasText: 'Margaret Hale' });
    await expect.poll(() => card.isVisible()).toBe(true);
    const text = await card.textContent();
    for (const part of ['Sister', 'margaret@example.com', '+1 555 0100', 'Full Access', 'Added ']) expect(text).toContain(part);
    const badge = card.getByText('Full Access', { exact: true });
    expect(await badge.getAttribute('class')).toContain('green');

    // Edit: the dialog starts from the trustee.
    await card.getByRole('button', { name: 'Edit trustee Margaret Hale' }).click();
    const edit = openDialog(page);
    expect(await edit.getByRole('heading', { name: 'Edit Trustee' }).isVisible()).toBe(true);
    expect(await edit.getByLabel('Email').inputValue()).toBe('margaret@example.com');
    await edit.getByLabel('Phone (optional)').fill('');
    await choose(page, 'Access Level', 'Messages Only');
    // The language of the trustee's e-mails (issue 44): the account's until chosen, then plain on the record.
    expect(await edit.getByRole('combobox', { name: 'Language of their e-mails' }).textContent()).toContain('Same as yours');
    await choose(page, 'Language of their e-mails', 'Español');
    await edit.getByRole('button', { name: 'Update Trustee' }).click();
    await expectToast(page, 'Trustee updated');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByText('Messages Only', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Messages Only', { exact: true }).getAttribute('class')).toContain('purple');
    expect(await card.textContent()).not.toContain('+1 555 0100');
    const languages = () => page.evaluate(async () => ((await (await fetch('/api/trustees')).json()) as { language: string | null }[]).map((t) => t.language));
    await expect.poll(languages).toEqual(['es']);

    // Remove, after the question.
    await card.getByRole('button', { name: 'Remove trustee Margaret Hale' }).click();
    await confirmDialog(page, 'Are you sure you want to remove this trustee?', 'Remove');
    await expectToast(page, 'Trustee removed');
    await expect.poll(() => page.getByText('No trustees added yet').isVisible()).toBe(true);

    // /trustees/new opens the add dialog at once; closing it returns to /trustees.
    await page.goto('/trustees/new');
    await openDialog(page).getByRole('heading', { name: 'Add Trustee' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL('**/trustees');
    await page.close();
  });

  for (const [name] of SCREEN_SIZES) {
    it(`has no serious accessibility violations at ${name}`, async () => {
      const { page } = await owners.get(name)!.open('/trustees');
      await page.getByText('No trustees added yet').waitFor();
      await expectNoSeriousA11yViolations(page, `/trustees empty at ${name}`);
      await page.getByRole('button', { name: 'Add Trustee', exact: true }).click();
      const dialog = openDialog(page);
      await dialog.getByLabel('Name').fill('Tom Bertram');
      await dialog.getByLabel('Email').fill('tom@example.com');
      await choose(page, 'Access Level', 'Documents Only');
      await expectNoSeriousA11yViolations(page, `add trustee dialog at ${name}`);
      await dialog.getByRole('button', { name: 'Add Trustee' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('list', { name: 'Trustees' }).waitFor();
      expect(await page.getByText('Documents Only', { exact: true }).getAttribute('class')).toContain('blue');
      await expectNoSeriousA11yViolations(page, `/trustees with a card at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/trustees-${name.replace(' ', '')}.png`, fullPage: true });
      await page.close();
    });
  }
});
