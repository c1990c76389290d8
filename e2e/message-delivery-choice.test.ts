/**
 * "How it reaches them" in the message form (web/features/message-vault/DeliveryChoiceField.tsx;
 * README.md "How each message reaches its recipient"), in the built app at 390 px: without kits the
 * form says the server sends the message, as today; once kits are made on the device, the owner's
 * device binds each message to them by itself ("The server delivers it", the default), and the
 * edit form offers "A trustee hands it over" with the trustee and a backup among the kit holders,
 * each said in plain words; the choice reaches the server as wraps (GET /api/kits/messages). A
 * server whose list then leaves the hand-over out gets nothing, and the owner is told (issue 39).
 * axe finds nothing serious in the form at 390 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HANDOVER_MISMATCH_WORDS } from '../web/features/keys/refusal-words';
import { DELIVERY_WORDS } from '../web/features/message-vault/delivery-words';
import { DESKTOP, expectNoSeriousA11yViolations, hasChromium, MOBILE, mobileContext, registerViaUi, uniqueUser, useMailSuite } from './harness';
import { addAcceptedTrustees, choose, expectToast, openDialog, openSignedIn } from './record-screens';

const TRUSTEES = [
  { name: 'Grace Hopper', who: 'grace' },
  { name: 'Alan Turing', who: 'alan' },
  { name: 'Mary Somerville', who: 'mary' },
];

/** The account's message choices, read by the signed-in page (its cookie). */
const choices = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/kits/messages')).json()) as { messages: Array<{ messageId: string; mode: string; trustees: string[] }> }).messages);

describe.skipIf(!hasChromium)('how a message reaches its recipient', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' }, { serviceWorkers: 'block' });

  it('says the server sends it without kits; with kits offers a trustee who hands it over, in plain words', async () => {
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Ada');
    await registerViaUi(page, user);
    const addr = (who: string) => `${who}.${user.username}@example.com`;

    // Without kits: today's words, no choice.
    await page.waitForURL('**/dashboard');
    await openSignedIn(page, '/message-vault');
    await page.getByRole('button', { name: /New Message|Create Your First Message/ }).first().click();
    let dialog = openDialog(page);
    await dialog.getByText(DELIVERY_WORDS.noKits).waitFor();
    await dialog.getByLabel('Recipient Name').fill('Henry');
    await dialog.getByLabel('Recipient Email').fill('henry@example.com');
    await dialog.getByLabel('Your Message').fill('Finish the boat.');
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Message created');
    await dialog.waitFor({ state: 'detached' });

    // Three trustees accept; the owner makes kits 2 of 3 on this device.
    await openSignedIn(page, '/trustees');
    await addAcceptedTrustees(page, { smtp: suite.smtp, serverUrl: suite.server.url }, TRUSTEES.map((t) => ({ name: t.name, email: addr(t.who) })));
    await page.reload();
    await page.getByRole('button', { name: 'Make kits' }).click();
    await expectToast(page, 'Kits made');

    // The device binds the message to the kits by itself: the server delivers it, by default.
    await openSignedIn(page, '/message-vault');
    await expect.poll(async () => (await choices(page)).map((m) => m.mode)).toEqual(['server']);

    // The edit form: the choice, what each means, and who hands it over.
    const henry = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Henry' });
    await henry.getByRole('button', { name: 'Edit message to Henry' }).click();
    dialog = openDialog(page);
    const group = dialog.getByRole('group', { name: DELIVERY_WORDS.legend });
    await group.waitFor();
    expect(await group.getByRole('radio', { name: DELIVERY_WORDS.server }).isChecked()).toBe(true);
    await dialog.getByText(DELIVERY_WORDS.serverMeans).waitFor();
    await group.getByText(DELIVERY_WORDS.trustee).click();
    await dialog.getByText(DELIVERY_WORDS.trusteeMeans).waitFor();
    await choose(page, DELIVERY_WORDS.who, 'Alan Turing');
    await choose(page, DELIVERY_WORDS.backup, 'Grace Hopper');
    await expectNoSeriousA11yViolations(page, 'Message form, a trustee hands it over, at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page, 'Message form, a trustee hands it over, at 1280 px');
    await page.setViewportSize(MOBILE);
    await dialog.getByRole('button', { name: 'Update Message' }).click();
    await expectToast(page, 'Message updated');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await choices(page)).map((m) => [m.mode, m.trustees.length])).toEqual([['trustee', 2]]);

    // Opened again, the form shows the choice as stored.
    await henry.getByRole('button', { name: 'Edit message to Henry' }).click();
    dialog = openDialog(page);
    await dialog.getByText(DELIVERY_WORDS.trusteeMeans).waitFor();
    expect(await dialog.getByRole('combobox', { name: DELIVERY_WORDS.who }).textContent()).toContain('Alan Turing');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A server that leaves the hand-over out of its list (issue 39, attack 4): the device, which holds
    // the owner's sealed choice, wraps nothing for the server and says so; the form offers nothing.
    const sent: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/kits/messages') && r.method() !== 'GET' && sent.push(r.postData() ?? '')));
    await page.route('**/api/kits/messages', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ messages: [] }) });
    });
    await page.reload();
    await expectToast(page, 'Your server gave an answer this device refused', HANDOVER_MISMATCH_WORDS);
    await henry.getByRole('button', { name: 'Edit message to Henry' }).click();
    dialog = openDialog(page);
    await dialog.getByRole('alert').filter({ hasText: HANDOVER_MISMATCH_WORDS }).waitFor();
    expect(await dialog.getByRole('group', { name: DELIVERY_WORDS.legend }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'Message form, a server list that differs, at 390 px');
    await dialog.getByRole('button', { name: 'Update Message' }).click();
    await expectToast(page, 'Message updated');
    expect(sent).toEqual([]);
    await page.unroute('**/api/kits/messages');
    expect((await choices(page)).map((m) => [m.mode, m.trustees.length])).toEqual([['trustee', 2]]);
    await context.close();
  });
});
