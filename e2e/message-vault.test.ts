/**
 * Issue #5, Message Vault in the browser (SPEC.md §2 "Message Vault", §4 "Message", §5 "Create
 * message", "Delete message", §8): empty state, the required-fields toast and an invalid email,
 * create (dated and undated), the Scheduled/Delivered tabs, edit, delete, /message-vault/new, and
 * axe at 390 px and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, SCREEN_SIZES, useBrowserSuite } from './harness';
import { choose, confirmDialog, expectToast, openDialog, useSharedOwner } from './record-screens';

const EMPTY_TEXT = 'Your message vault is empty. Create messages for your loved ones to be delivered after your passing.';

describe.skipIf(!hasChromium)('Message Vault (issue #5)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  // One owner per screen size, signed up by its first test; the desktop one's first test starts
  // from an empty vault, and its axe test at 1280 px then adds its own message beside it, in a tab of its own.
  const owners = new Map(SCREEN_SIZES.map(([name, makeContext]) => [name, useSharedOwner(suite, makeContext)]));

  it('creates, filters, edits and deletes messages', async () => {
    const { page } = await owners.get('1280 px')!.open('/message-vault');
    await expect.poll(() => page.getByText('No messages found').isVisible()).toBe(true);
    expect(await page.getByText(EMPTY_TEXT).isVisible()).toBe(true);

    // Missing fields: the toast, nothing saved, the dialog stays.
    await page.getByRole('button', { name: 'Create Your First Message' }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Recipient Name').fill('Clara');
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Missing information', 'Please fill in all required fields.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Recipient Email').getAttribute('type')).toBe('email');
    expect(await dialog.getByLabel('Your Message').getAttribute('rows')).toBe('6');

    // An invalid email: a field error, still nothing saved.
    await dialog.getByLabel('Recipient Email').fill('clara-at-home');
    await dialog.getByLabel('Your Message').fill('Dear Clara,\nLook after the roses.\nThey were always yours.\nLove, Mum');
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expect.poll(() => dialog.getByText('Invalid email address').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Recipient Email').getAttribute('aria-invalid')).toBe('true');

    // Valid, with a delivery date next month (single-date calendar).
    await dialog.getByLabel('Recipient Email').fill('clara@example.com');
    await choose(page, 'Message Type', 'Video');
    // The language of Clara's e-mails (issue 44): plain on the record, so the server writes them in it.
    await choose(page, 'Language of their e-mails', 'Deutsch');
    await dialog.getByLabel('Delivery Date (optional)').click();
    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('grid').getByRole('button', { name: /15/ }).first().click();
    const picked = (await dialog.getByLabel('Delivery Date (optional)').textContent())!.trim();
    expect(picked).toMatch(/^[A-Z][a-z]+ 15, \d{4}$/);
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Message created', 'Your message has been saved to the vault.');
    await dialog.waitFor({ state: 'detached' });

    const cards = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    const clara = cards.filter({ hasText: 'Clara' });
    await expect.poll(() => clara.isVisible()).toBe(true);
    for (const part of ['Pending', 'Video', picked, 'Look after the roses.']) expect(await clara.textContent()).toContain(part);
    const languages = () =>
      page.evaluate(async () => ((await (await fetch('/api/messages')).json()) as { recipientName: string; recipientLanguage: string | null }[]).map((m) => m.recipientLanguage));
    await expect.poll(languages).toEqual(['de']);
    expect(await clara.locator('.line-clamp-3').count()).toBe(1);

    // A second message with no date: 'Upon release'. The form was reset after the first.
    await page.getByRole('button', { name: 'New Message' }).click();
    expect(await openDialog(page).getByLabel('Recipient Name').inputValue()).toBe('');
    await openDialog(page).getByLabel('Recipient Name').fill('Henry');
    await openDialog(page).getByLabel('Recipient Email').fill('henry@example.com');
    await openDialog(page).getByLabel('Your Message').fill('Finish the boat.');
    await openDialog(page).getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Message created');
    const henry = cards.filter({ hasText: 'Henry' });
    await expect.poll(() => henry.isVisible()).toBe(true);
    expect(await henry.textContent()).toContain('Upon release');

    // Tabs: Scheduled has only the dated one; Delivered is empty.
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    const scheduled = page.getByRole('list', { name: 'Scheduled messages' }).getByRole('listitem');
    await expect.poll(() => scheduled.count()).toBe(1);
    expect(await scheduled.first().textContent()).toContain('Clara');
    await page.getByRole('tab', { name: 'Delivered' }).click();
    await expect.poll(() => page.getByText('No messages found').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'All Messages' }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // Edit: pre-filled; the change shows on the card.
    await henry.getByRole('button', { name: 'Edit message to Henry' }).click();
    const edit = openDialog(page);
    expect(await edit.getByLabel('Recipient Email').inputValue()).toBe('henry@example.com');
    await edit.getByLabel('Your Message').fill('Finish the boat, and sail it.');
    await edit.getByRole('button', { name: 'Update Message' }).click();
    await expectToast(page, 'Message updated', 'Your message has been updated.');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => henry.textContent()).toContain('and sail it.');

    // Delete after the question.
    await henry.getByRole('button', { name: 'Delete message to Henry' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this message? This action cannot be undone.', 'Delete');
    await expectToast(page, 'Message deleted', 'Your message has been removed from the vault.');
    await expect.poll(() => cards.count()).toBe(1);

    // The edit survives a reload (it is in the local store).
    await page.reload();
    await expect.poll(() => clara.isVisible()).toBe(true); // the key session opens first
    await page.close();
  });

  for (const [name] of SCREEN_SIZES) {
    it(`opens the create dialog at /message-vault/new and has no serious accessibility violations at ${name}`, async () => {
      const { page } = await owners.get(name)!.open('/message-vault/new');
      const dialog = openDialog(page);
      await dialog.getByRole('heading', { name: 'Create New Message' }).waitFor();
      await expectNoSeriousA11yViolations(page, `create message dialog at ${name}`);
      await dialog.getByLabel('Recipient Name').fill('Beatrice');
      await dialog.getByLabel('Recipient Email').fill('bea@example.com');
      await dialog.getByLabel('Your Message').fill('Thank you for every Sunday afternoon. '.repeat(8));
      await dialog.getByRole('button', { name: 'Save Message' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL('**/message-vault');
      await page.getByRole('list', { name: 'Messages' }).waitFor();
      await expectNoSeriousA11yViolations(page, `/message-vault with a card at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/messages-${name.replace(' ', '')}.png`, fullPage: true });
      await page.close();
    });
  }
});
