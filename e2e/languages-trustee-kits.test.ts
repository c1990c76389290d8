/**
 * Issue 44, the trustee kits section of the Trustees screen under the tests' pseudo-locale at 390 px
 * (docs/i18n.md "Moving a feature"; namespace `trustee-kits`, session 27): before any trustee
 * accepted (the notices, "How this works" opened), then with an accepted trustee (the choice with the
 * executor kit ticked, its notices), and once the kits are made (the toast, the trustee's row with its
 * link and buttons, the executor kit's row with its dates, fingerprint and code field) the section
 * leaves no English word of its catalog and nothing wider than the screen; in Arabic it reads right to
 * left in its own words and passes axe. Apart from
 * languages-features.test.ts, which is at its size limit. The printed kit speaks `kit-pdf`
 * (kit-pdf-language.test.ts); the e-mail the owner's mail app sends is still English.
 */
import { describe, expect, it } from 'vitest';
import { choose, expectToast } from './record-screens';
import { expectNoSeriousA11yViolations, hasChromium, MOBILE, onServer, useMailSuite } from './harness';
import { ar, englishWords, expectAllTranslated, pseudo, pseudoOwner, pseudoStart, signUpHere } from './language-steps';

describe.skipIf(!hasChromium)('languages: the trustee kits section (issue 44)', () => {
  // No test here goes offline: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({}, { serviceWorkers: 'block' });
  const phone = (locale = 'en-US') => suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('under the pseudo-locale, the kits section before and after a trustee accepts and once kits are made leaves no English word', async () => {
    const { context, page } = await pseudoOwner(() => phone());
    const words = englishWords(['trustee-kits']);
    await page.goto('/trustees');
    const section = page.locator('main div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: pseudo('trusteeKits.title'), exact: true }) }).last();
    await section.getByText(pseudo('trusteeKits.notice.noneAccepted')).waitFor();
    await section.getByText(pseudo('trusteeKits.notices.howThisWorks')).first().click();
    await section.getByText(pseudo('trusteeKits.notice.noKitsDetail')).waitFor();
    await expectAllTranslated(page, section, 'the kits section, no trustee accepted', words);

    // A trustee added on the (moved) Trustees screen, who accepts by e-mail.
    const email = `margarita.${Date.now()}@example.com`; // no English word of the catalog in it (the walk reads the address)
    await page.getByRole('button', { name: pseudo('trustees.addFirst') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(pseudo('trustees.nameLabel')).fill('Margarita Alba');
    await dialog.getByLabel(pseudo('trustees.emailLabel')).fill(email);
    await choose(page, pseudo('trustees.accessLabel'), pseudo('trustees.access.full'));
    await dialog.getByRole('button', { name: pseudo('trustees.submitAdd') }).click();
    await dialog.waitFor({ state: 'detached' });
    const invite = await suite.smtp.waitFor(email, /asked you to be a trustee/);
    expect((await fetch(onServer(suite.server.url, invite.links[0]!), { method: 'POST' })).status).toBe(200);

    // The choice: one trustee and the executor kit, its notices (one kit needed, no spare).
    await page.reload();
    const executor = section.getByRole('checkbox'); // "Add an executor kit", the section's one checkbox
    await executor.waitFor();
    await executor.check();
    await section.locator('[data-notice="no-spare"]').waitFor();
    await expectAllTranslated(page, section, 'the kits section, choosing with the executor kit', words);

    await section.getByRole('button', { name: pseudo('trusteeKits.form.make') }).click();
    await expectToast(page, pseudo('trusteeKits.made.title'));
    await section.getByLabel(`${pseudoStart('trusteeKits.row.linkLabel')}Margarita Alba`).waitFor();
    await section.getByRole('heading', { level: 3, name: pseudo('trusteeKits.executor.title') }).waitFor();
    await section.getByRole('button', { name: pseudo('trusteeKits.executor.print') }).waitFor();
    await expectAllTranslated(page, section, 'the kits section, kits made', words);
    await context.close();
  });

  it('in Arabic, the kits section reads right to left at 390 px in its own words and passes axe', async () => {
    const context = await phone('ar-EG');
    const page = await context.newPage();
    await signUpHere(page, ar['register.submit']);
    await page.goto('/trustees');
    await page.getByRole('heading', { level: 2, name: ar['trusteeKits.title'], exact: true }).waitFor();
    await page.getByText(ar['trusteeKits.notice.noneAccepted']).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.scrollWidth <= 390])).toEqual(['rtl', true]);
    await expectNoSeriousA11yViolations(page, 'the Trustees screen with its kits section in Arabic');
    await context.close();
  });
});
