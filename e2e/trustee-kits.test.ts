/**
 * Trustee kits in the built app (issue "Release through trustees' key shares"; the owner's screens,
 * web/features/trustees/kits/): an owner registered in the browser (its keys made there) adds
 * three trustees, who accept by e-mail; the Trustees screen offers 2 of 3 and makes the kits on
 * the device; each trustee's row shows the kit link (its fragment the kit), "Send by e-mail" as a
 * mailto: the owner's mail app sends, and "Print kit" (at 390 px, for a real family's long names:
 * issue 38; in German for a trustee whose language the owner set to German: issue 44) downloads
 * a one-page PDF whose text holds the code and the fingerprint and whose QR decodes to the link.
 * Two trustees keep their kits on the kit page: the owner sees them handed over and the escrow
 * ended. A trustee with a kit is removed: the screen asks for a re-key, which makes new kits while
 * the old stay in force. axe finds nothing serious at 390 px and at 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { encodeKitCode, parseKitFragment } from '../shared/crypto/trustee-kit';
import { pdfQrTexts, pdfText } from '../web/features/trustees/kits/kit-pdf-reader';
import { desktopContext, DESKTOP, downloadedBytes, expectNoSeriousA11yViolations, hasChromium, MOBILE, mobileContext, registerViaUi, uniqueUser, useMailSuite, onServer } from './harness';
import { addTrusteeViaUi, choose, confirmDialog, expectToast, openDialog, openSignedIn } from './record-screens';

const TRUSTEES = [
  { name: 'David Alexander Whitfield-Hughes', who: 'david', level: 'Full Access' },
  { name: 'Alan Turing', who: 'alan', level: 'Full Access' },
  { name: 'Siobhán Zoë O’Brien-Whitfield', who: 'siobhan', level: 'Documents Only' },
];

describe.skipIf(!hasChromium)('trustee kits on the Trustees screen', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' }, { serviceWorkers: 'block' });

  /** An e-mailed link pointed at the test server. */
  const local = (link: string) => onServer(suite.server.url, link);

  it('makes 2-of-3 kits on the device, shows each link, mails and prints one, sees two handed over, re-keys after a removal; axe at 390 px and 1280 px', async () => {
    // A desktop context (a file is downloaded, not shared), looked at 390 px wide for axe as well.
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    // A real family's long names (issue 38: with them every "Print kit" failed, "did not fit on one page").
    const user = { ...uniqueUser('Margaret Eleanor'), lastName: 'Whitfield-Hughes' };
    await registerViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await openSignedIn(page, '/trustees');
    const tag = user.username;
    const addr = (who: string) => `${who}.${tag}@example.com`;
    for (const t of TRUSTEES) await addTrusteeViaUi(page, t.name, addr(t.who), t.level);

    // Before anyone accepted: no kit can be made, and the screen says what that means.
    await page.getByRole('heading', { name: 'Trustee kits' }).waitFor();
    await page.getByText(/No trustee has accepted yet/).waitFor();
    await page.getByText(/will not be able to open your plan, documents and tasks/).waitFor();

    for (const t of TRUSTEES) {
      const invite = await suite.smtp.waitFor(addr(t.who), /asked you to be a trustee/);
      expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    }
    // A reload on this synced device: its keys are restored a moment after the screen paints, and
    // until then the section must not say the account has no keys (session 26: the key session's
    // code now loads after the first paint). Every text the page ever shows is watched.
    await context.addInitScript(() => {
      const seen = window as unknown as { noKeysSaid: boolean };
      seen.noKeysSaid = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Kits need your account’s keys')) seen.noKeysSaid = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    const kitsNeeded = page.getByRole('combobox', { name: 'Kits needed to open what you have sealed' });
    await kitsNeeded.waitFor();
    expect(await page.evaluate(() => (window as unknown as { noKeysSaid: boolean }).noKeysSaid)).toBe(false);
    expect(await kitsNeeded.textContent()).toContain('2 of 3');
    await page.setViewportSize(MOBILE);
    // Plain words first; the escrow behind "How this works", closed until asked for (issue 38 item 8).
    const noKits = page.locator('[data-notice="no-kits"]');
    expect(await noKits.locator('p').first().textContent()).not.toMatch(/escrow/);
    const how = noKits.getByText('How this works');
    expect(await noKits.getByText(/called the escrow/).isVisible()).toBe(false);
    await how.focus();
    await page.keyboard.press('Enter');
    await noKits.getByText(/called the escrow/).waitFor();
    await expectNoSeriousA11yViolations(page, 'Trustee kits, choosing, at 390 px');

    await page.getByRole('button', { name: 'Make kits' }).click();
    await expectToast(page, 'Kits made');
    const links: Record<string, string> = {};
    for (const t of TRUSTEES) {
      const field = page.getByLabel(`Kit link for ${t.name}`);
      await field.waitFor();
      links[t.who] = await field.inputValue();
      expect(links[t.who]).toMatch(new RegExp(`^${suite.server.url}/kit/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]+$`));
    }
    const row = page.getByRole('listitem', { name: 'David Alexander Whitfield-Hughes' });
    expect(await row.textContent()).toContain('Not handed over yet');
    await page.getByText(/whoever runs Afterword could read/).waitFor(); // the escrow still stands
    await expectNoSeriousA11yViolations(page, 'Trustee kits, made, at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page, 'Trustee kits, made, at 1280 px');

    // "Send by e-mail": the owner's own mail app, with the link whole in the body.
    const mailto = await page.getByRole('link', { name: 'Send by e-mail to David Alexander Whitfield-Hughes' }).getAttribute('href');
    expect(mailto!.startsWith(`mailto:${addr('david')}?subject=`)).toBe(true);
    expect(new URL(mailto!).searchParams.get('body')).toContain(links.david);

    // "Print kit" at 390 px: a one-page PDF made on the device, for the long names.
    await page.setViewportSize(MOBILE);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print kit for David Alexander Whitfield-Hughes' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Trustee kit for David Alexander Whitfield-Hughes - \d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await downloadedBytes(download);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    const kit = parseKitFragment(new URL(links.david!).hash.slice(1));
    const code = encodeKitCode(kit);
    expect(text.replace(/[^A-Z0-9]/g, '')).toContain(code.replaceAll('-', ''));
    const hint = await row.getByText(/^Fingerprint /).textContent();
    const fp = /^Fingerprint ([0-9A-Z]{4}-[0-9A-Z]{4})\./.exec(hint!)![1]!;
    expect(text).toContain(fp);
    expect(text).toContain(`A trustee kit from ${user.firstName} ${user.lastName}`);
    expect(await pdfQrTexts(pdf)).toEqual([links.david]);
    await page.setViewportSize(DESKTOP);

    // Printed in the trustee's language as the owner chose it (issue 44): Siobhán reads German, while
    // the owner's screens stay English; her kit's code and QR code are her kit's.
    const siobhan = 'Siobhán Zoë O’Brien-Whitfield';
    await page.getByRole('button', { name: `Edit trustee ${siobhan}` }).click();
    const edit = openDialog(page);
    await choose(page, 'Language of their e-mails', 'Deutsch');
    await edit.getByRole('button', { name: 'Update Trustee' }).click();
    await expectToast(page, 'Trustee updated');
    await edit.waitFor({ state: 'detached' });
    const [german] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Print kit for ${siobhan}` }).click()]);
    const germanKit = await downloadedBytes(german);
    const germanText = (await pdfText(germanKit)).text;
    expect(germanText).toContain(`Ein Kit der Vertrauensperson von ${user.firstName} ${user.lastName}`);
    expect(germanText).toContain(`Für ${siobhan} · erstellt am`);
    expect(germanText).not.toContain('What to do now');
    expect(germanText.replace(/[^A-Z0-9]/g, '')).toContain(encodeKitCode(parseKitFragment(new URL(links.siobhan!).hash.slice(1))).replaceAll('-', ''));
    expect(await pdfQrTexts(germanKit)).toEqual([links.siobhan]);

    // David and Alan open their links on their phones and keep their kits (the kit page, web/release/kit):
    // the owner's screen then shows both handed over, the kits in force and the escrow ended.
    for (const who of ['david', 'alan'] as const) {
      const phone = await (await mobileContext(suite.browser, suite.server.url)).newPage();
      await phone.goto(links[who]!);
      await phone.getByRole('button', { name: 'Keep this kit' }).click();
      await phone.getByText(/Your kit is kept/).first().waitFor();
      await phone.context().close();
    }
    await page.reload();
    await expect.poll(async () => (await page.getByRole('listitem', { name: 'Alan Turing' }).textContent()) ?? '').toContain('Handed over');
    expect(await row.textContent()).not.toContain('Not handed over yet');
    expect(await page.getByRole('listitem', { name: 'Siobhán Zoë O’Brien-Whitfield' }).textContent()).toContain('Not handed over yet');
    expect(await page.getByText(/whoever runs Afterword could read/).count()).toBe(0);
    expect(await page.getByText(/will not be able to open your plan, documents and tasks/).count()).toBe(0);

    // Siobhán is removed while her kit still counts: the screen asks for a re-key, which makes 2-of-2
    // kits for David and Alan; the kits in force keep working until 2 new ones are handed over.
    await page.getByRole('button', { name: 'Remove trustee Siobhán Zoë O’Brien-Whitfield' }).click();
    await confirmDialog(page, 'Are you sure you want to remove this trustee?', 'Remove');
    await page.getByText(/^Re-key needed: one of your kits belongs to someone who is no longer your trustee, and it still counts\./).waitFor();
    await page.getByRole('button', { name: 'Re-key' }).click();
    await page.getByText(/New kits replace the ones you handed out\. The old kits keep working until 2 new kits have been handed over/).waitFor();
    expect(await page.getByRole('combobox', { name: 'Kits needed to open what you have sealed' }).textContent()).toContain('2 of 2');
    await page.getByText(/^All 2 kits would be needed: if one is lost/).waitFor();
    await page.getByRole('button', { name: 'Make new kits' }).click();
    await expectToast(page, 'Kits made');
    await page.getByRole('heading', { name: 'New kits to hand over: 2 of 2 needed' }).waitFor();
    await page.getByText(/Your earlier kits keep working until 2 of the new kits have been handed over \(a trustee chooses “Keep this kit” on their kit’s page\)\./).waitFor();
    await expect.poll(() => page.getByLabel('Kit link for David Alexander Whitfield-Hughes').inputValue()).not.toBe(links.david);
    expect(await page.getByLabel('Kit link for Siobhán Zoë O’Brien-Whitfield').count()).toBe(0);
    await page.getByText('Kits in force until then: 2 of 3 needed').click();
    const inForce = page.locator('details').getByRole('listitem', { name: 'Alan Turing' });
    expect(await inForce.textContent()).toContain('Handed over');
    expect(await inForce.getByRole('textbox').count()).toBe(0); // no link handed out again
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page, 'Trustee kits, re-keyed, at 390 px');
    await context.close();
  });
});
