/**
 * Issue #10 in the browser, over real HTTP and a real SMTP server on loopback: the owner adds a
 * trustee and a message; the trustee accepts from the emailed invitation and reports the owner's
 * passing from the emailed link; the owner sees the banner and presses "I'm still here". Then the
 * trustee reports again, nobody cancels, the server's test-only clock (AFTERWORD_TEST_CLOCK=1,
 * sync-server/release/test-clock.ts) moves past the waiting period, and the recipient opens the
 * message from the emailed link; the trustee's page says that what was sealed cannot be opened
 * without trustee kits, and that the letter went out. Axe checks the settings screen at 390 px and
 * 1280 px, and the trustee's page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reportPassingInBrowser } from './report-passing';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, poll, useMailSuite } from './harness';
import { choose, expectToast, openDialog, openSignedIn, signedInPage } from './record-screens';
import { confirmOwnerEmail } from './owner-email';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!hasChromium)('release after death (issue #10)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '500' }, { serviceWorkers: 'block' });

  const tag = Date.now().toString(36);
  const trusteeEmail = `margaret.${tag}@example.com`;
  const recipientEmail = `clara.${tag}@example.com`;

  /** Opens `link` (from an email) in `page` and presses the form's one button. */
  async function press(page: Page, link: string, button: string | RegExp) {
    await page.goto(link);
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
  }

  it('invitation, report, banner and cancel; then release and delivery', async () => {
    // The owner adds a trustee and a message.
    const { context: owner, page, user } = await signedInPage(suite.browser, suite.server.url, '/trustees');
    await page.getByRole('button', { name: 'Add Your First Trustee' }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Name').fill('Margaret Hale');
    await dialog.getByLabel('Email').fill(trusteeEmail);
    await choose(page, 'Access Level', 'Full Access');
    await dialog.getByRole('button', { name: 'Add Trustee' }).click();
    await dialog.waitFor({ state: 'detached' });

    await openSignedIn(page, '/message-vault');
    await page.getByRole('button', { name: 'Create Your First Message' }).click();
    const message = openDialog(page);
    await message.getByLabel('Recipient Name').fill('Clara');
    await message.getByLabel('Recipient Email').fill(recipientEmail);
    await message.getByLabel('Your Message').fill('Dear Clara,\nLook after the roses.\nLove, Mum');
    await message.getByRole('button', { name: 'Save Message' }).click();
    await message.waitFor({ state: 'detached' });

    // The trustee accepts from the emailed invitation (the server invites once it has synced).
    const invitation = await suite.smtp.waitFor(trusteeEmail, /has asked you to be a trustee/);
    // Named by the full name the owner's device saved for e-mails, pronoun-free (issue 38 item 8 d).
    expect(invitation.subject).toBe(`${user.firstName} ${user.lastName} has asked you to be a trustee`);
    expect(invitation.text).toContain(`${user.firstName} ${user.lastName} has named you as a trustee on Afterword`);
    expect(invitation.text).not.toMatch(/uses Afterword|end of their life/);
    const trustee = await (await mobileContext(suite.browser, undefined, { timezoneId: 'Pacific/Auckland' })).newPage(); // a trustee abroad
    await press(trustee, invitation.links[0]!, 'Accept');
    expect(await trustee.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
    const reportLink = (await suite.smtp.waitFor(trusteeEmail, /Thank you for being/)).links[0]!;

    // Before release, nothing is there to see.
    expect((await fetch(reportLink.replace('/report/', '/access/'))).status).toBe(404);

    // Settings: the owner confirms their address (release notices reach only a confirmed one);
    // the trustee has accepted; axe at 1280 px.
    await confirmOwnerEmail(suite.browser, page, suite.smtp, user.email); // which leaves Settings mounted afresh
    await openSignedIn(page, '/settings');
    await page.getByText('Accepted', { exact: true }).waitFor();
    await page.getByText('Invitation sent to Margaret Hale').waitFor(); // the activity loads beside the trustees' list
    await choose(page, 'Waiting period', '2 days');
    await expectToast(page, 'Release settings saved');
    await expectNoSeriousA11yViolations(page, '/settings at 1280 px');

    // The trustee reports, deliberately: a confirmation step, with the date of death and a note
    // (a bare tap on the page starts nothing); the owner sees the banner on any screen and cancels.
    await trustee.goto(reportLink);
    expect(await trustee.getByRole('button', { name: `I'm still ${user.firstName}'s trustee` }).getAttribute('class')).toBe('secondary');
    await trustee.getByRole('link', { name: `Report ${user.firstName}'s passing` }).click();
    await trustee.getByRole('button', { name: `Yes, report ${user.firstName}'s passing` }).click();
    await trustee.getByText('Please tick the box to confirm.').waitFor();
    await expectNoSeriousA11yViolations(trustee, 'the report confirmation at 390 px, with its error');
    await reportPassingInBrowser(trustee, reportLink, user.firstName, { diedOn: '2026-11-20', note: 'She went peacefully, at home.' });
    // The end of the waiting period in the trustee's own time zone, named (finding 6: times were in UTC).
    expect(await trustee.locator('time').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M GMT\+1[23]$/); // NZDT or NZST
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Waiting period' });
    await banner.waitFor();
    // The server names the reporter by address only (names are sealed); the owner's device adds the
    // name it holds, once its trustees have loaded (a moment after the banner, on a busy machine).
    await poll(() => banner.textContent()).toMatch(/Margaret Hale \([^)]+@[^)]+\), one of your trustees, reported your passing/);
    expect(await banner.textContent()).toContain('The date of death they gave: November 20, 2026.');
    expect(await banner.textContent()).toContain('Their note: She went peacefully, at home.');
    await suite.smtp.waitFor(user.email, /A waiting period has started/);
    // The bell lists it too (it used to do nothing), leading to Settings.
    await page.getByRole('button', { name: 'Notifications, 1' }).click();
    await page.getByRole('menuitem', { name: /A waiting period is running/ }).click();
    await page.waitForURL('**/settings');
    await page.goto('/dashboard');
    await banner.waitFor();

    // Axe at 390 px, with the banner showing.
    const phone = await mobileContext(suite.browser, suite.server.url);
    const phonePage = await phone.newPage();
    await loginViaUi(phonePage, user);
    await phonePage.waitForURL('**/dashboard');
    await openSignedIn(phonePage, '/settings');
    await phonePage.getByText('Accepted', { exact: true }).waitFor();
    await phonePage.getByRole('region', { name: 'Waiting period' }).waitFor();
    await expectNoSeriousA11yViolations(phonePage, '/settings at 390 px with the banner');
    await phone.close();

    await banner.getByRole('button', { name: "I'm still here" }).click();
    await expectToast(page, "We're glad you're here");
    await banner.waitFor({ state: 'detached' });
    await suite.smtp.waitFor(user.email, /was cancelled/);
    await page.goto('/settings');
    await page.getByText('The waiting period was cancelled', { exact: false }).first().waitFor();

    // Again, and this time nobody cancels. The owner's device goes quiet first.
    await owner.close();
    await reportPassingInBrowser(trustee, reportLink, user.firstName);
    expect(suite.smtp.to(recipientEmail)).toHaveLength(0);
    const advanced = await fetch(`${suite.server.url}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * DAY_MS + 60_000 }),
    });
    expect(advanced.status).toBe(200);

    // The recipient opens the message from the emailed link; no account needed.
    const delivery = await suite.smtp.waitFor(recipientEmail, new RegExp(`A message from ${user.firstName} ${user.lastName}$`));
    const recipient = await (await mobileContext(suite.browser)).newPage();
    await recipient.goto(delivery.links[0]!);
    expect(await recipient.getByRole('heading', { level: 1 }).textContent()).toBe(`A message from ${user.firstName}`); // the first name only: the last name is sealed
    expect(await recipient.getByText('Look after the roses.').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(recipient, 'the delivered message');

    // The trustee's page: the account is sealed and no trustee held a kit, so nothing sealed opens
    // for them (SECURITY.md "The escrow until k kits"); the page says so, and shows the letter went out.
    const access = await suite.smtp.waitFor(trusteeEmail, /left for you/);
    expect(access.text).toContain('but no trustee kits were made'); // the real reason (issue 38 item 8)
    await trustee.goto(access.links[0]!);
    await trustee.getByRole('heading', { name: 'Messages' }).waitFor(); // the static page renders once its JSON is in
    expect(await trustee.getByRole('alert').textContent()).toContain(`What ${user.firstName} sealed for trustees (the plan, documents and tasks) cannot be opened here.`);
    expect(await trustee.getByText(`For ${recipientEmail}`).textContent()).toContain('sent on');
    expect(await trustee.content()).not.toContain('Look after the roses');
    await expectNoSeriousA11yViolations(trustee, 'the trustee page of a sealed account without kits');
  });
});
