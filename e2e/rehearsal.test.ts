/**
 * "Rehearse the release" in the browser at 390 px (issue "Promises kept"): a sealed account's
 * owner writes two letters and names two trustees through the app, opens Settings → "Rehearse the
 * release", and sees every recipient's and trustee's e-mail (as the release builds it, its link a
 * placeholder) and their pages, made on the device with the names it holds, each marked as a
 * preview, and, since no trustee holds a kit yet, that they could not open what was sealed;
 * nothing reaches anyone (the SMTP test server receives only the trustees' invitations, which
 * adding a trustee sends anyway). axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousA11yViolations, hasChromium, mobileContext, poll, useMailSuite } from './harness';
import { addMessageViaUi, addTrusteeViaUi } from './plan-via-ui';
import { signedInPage } from './record-screens';

describe.skipIf(!hasChromium)('rehearse the release', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' }, { serviceWorkers: 'block' });

  it("shows every recipient's and trustee's e-mail and page at 390 px (and on a desktop), and sends nothing", async () => {
    const tag = Date.now().toString(36);
    const addr = (who: string) => `${who}.${tag}@example.com`;
    const { page } = await signedInPage(suite.browser, suite.server.url, '/dashboard', mobileContext);
    await addMessageViaUi(page, 'Beatrice Hale', addr('bea'), 'Dear Bea,\nThe garden is yours now.\nLove, Mum');
    await addMessageViaUi(page, 'Carl Hale', addr('carl'), 'Carl, keep the old clock wound.');
    await addTrusteeViaUi(page, 'Fiona Marsh', addr('fiona'), 'Full Access');
    await addTrusteeViaUi(page, 'Milo Marsh', addr('milo'), 'Messages Only');

    // From Settings, as the owner finds it.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Rehearse the release' }).click();
    await page.waitForURL('**/settings/rehearsal');
    await page.getByRole('heading', { level: 1, name: 'Rehearse the release' }).waitFor();
    const people = page.getByTestId('rehearsal-person');
    // The letters reach the server with the next sync: reload until all four people are listed.
    await expect
      .poll(async () => {
        if ((await people.count()) < 4) await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
        return people.count();
      }, { timeout: 60_000, interval: 1_000 })
      .toBe(4);

    // Each recipient: named by this device, their e-mail as the release writes it, no working link.
    for (const [name, who] of [['Beatrice Hale', 'bea'], ['Carl Hale', 'carl']] as const) {
      const card = people.filter({ has: page.getByRole('heading', { name }) });
      await poll(() => card.count()).toBe(1); // named once this device has opened the names
      const text = (await card.textContent())!;
      expect(text).toContain(addr(who));
      expect(text).toContain('Preview — nothing has been sent');
      expect(text).toContain('Subject: A message from Grace Lovelace'); // the owner's full name (issue 38 item 8 d)
      expect(text).toContain('wrote a message for you and asked us to send it to you when the time came');
      expect(text).toContain('(preview — no link is made)');
      expect(text).not.toMatch(/https?:\/\//);
    }
    // No trustee holds a kit yet: the rehearsal says, before it happens, that they could not open
    // what was sealed (SECURITY.md "The escrow until k kits"), and shows their e-mails saying so.
    expect(await page.getByTestId('rehearsal-no-kits').textContent()).toContain('they will not be able to open your plan, documents and tasks after your death');
    for (const [name, who, words] of [['Fiona Marsh', 'fiona', 'shows whether each message Grace left has been sent'], ['Milo Marsh', 'milo', 'shows whether each message Grace left has been sent']] as const) {
      const text = (await people.filter({ has: page.getByRole('heading', { name }) }).textContent())!;
      expect(text).toContain(addr(who));
      expect(text).toContain('Subject: What Grace Lovelace left for you');
      expect(text).toContain('but no trustee kits were made');
      expect(text).toContain(words);
      expect(text).toContain('(preview — no link is made)');
    }

    // Bea's page: the letter as she will read it, with the name this device holds.
    const bea = people.filter({ hasText: 'Beatrice Hale' });
    await bea.getByRole('button', { name: 'See their page' }).click();
    const beaPage = page.getByRole('region', { name: /^Their page: Beatrice Hale/ });
    await beaPage.getByRole('heading', { name: 'A message from Grace' }).waitFor();
    expect(await beaPage.textContent()).toContain('The garden is yours now.');
    expect(await beaPage.textContent()).toContain('For Beatrice Hale');
    expect(await bea.getByText(/^Preview — nothing has been sent\./).isVisible()).toBe(true);

    // Fiona's page (full access): her heading, the messages listed by name, never their text.
    const fiona = people.filter({ hasText: 'Fiona Marsh' });
    await fiona.getByRole('button', { name: 'See their page' }).click();
    const fionaPage = page.getByRole('region', { name: /^Their page: Fiona Marsh/ });
    await fionaPage.getByRole('heading', { name: 'What Grace left for you' }).waitFor();
    const fionaText = (await fionaPage.textContent())!;
    expect(fionaText).toContain('What Grace sealed for trustees (the plan, documents and tasks) cannot be opened here.');
    expect(fionaText).toContain('but no trustee kits were made'); // the real reason (issue 38 item 8)
    expect(fionaText).toContain('Once enough of your kits have been handed over, their page would show this:');
    expect(fionaText).toContain(`For Beatrice Hale (${addr('bea')})`);
    expect(fionaText).toContain('Tasks for the family');
    expect(fionaText).not.toContain('The garden is yours now.');
    // One page at a time; its buttons do nothing here.
    expect(await beaPage.count()).toBe(0);
    for (const b of await fionaPage.getByRole('button').all()) expect(await b.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'rehearsal at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    // And on a desktop.
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page, 'rehearsal at 1280 px');

    // Nothing was sent: the scheduler runs every 300 ms; give it a few passes.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const who of ['bea', 'carl']) expect(suite.smtp.to(addr(who))).toEqual([]);
    const mine = suite.smtp.received.filter((e) => e.to.some((t) => t.endsWith(`.${tag}@example.com`)));
    expect(mine.map((e) => e.subject).filter((s) => !/asked you to be a trustee/.test(s))).toEqual([]);
  });
});
