/**
 * Issue 43 "or in their own account if they have one", in Chromium at 390 px: the owner shares a
 * document with Maria; Maria, who has an account, opens the link signed out in another browser (a
 * desktop), signs in from the shared page, comes back to it and keeps the link in her account; on a second device of hers (a fresh context, signed in) it is listed
 * under "Shared with you" on the dashboard, sealed and synced like her other records, and opens the
 * read-only view inside the app with the owner's later edit (the list itself opens no link: a
 * dashboard visit is no opening); once the owner stops sharing, the link opened from the list says
 * it opens nothing now, and she removes it. axe on the shared page with
 * its keep form (desktop) and kept (390 px), and on the dashboard's new list (both).
 */
import { describe, expect, it } from 'vitest';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, poll, useBrowserSuite, WAIT_BOUND_MS } from './harness';
import { secondDevice } from './devices';
import { allChangesSaved, choose, confirmDialog, expectToast, openDialog, openSignedIn, signedInPage } from './record-screens';

const TITLE = 'Will, for the family';

describe.skipIf(!hasChromium)('a shared link kept in the viewer\'s own account (issue 43)', () => {
  // No service worker: no test here goes offline or looks at one, and its install (the app's
  // precache) is about 2.4 s of Chromium's CPU a context (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('Maria keeps the link, finds it on her second device, sees the owner\'s edit there, and sees it open nothing once stopped, at 390 px', async () => {
    // The owner writes a document (by link) and shares it with Maria.
    const owner = await signedInPage(suite.browser, suite.server.url, '/documents/upload', mobileContext);
    const upload = openDialog(owner.page);
    await choose(owner.page, 'Document Type', 'Will & Testament');
    await upload.getByLabel('Document Name').fill(TITLE);
    await upload.getByText('Link to it').click();
    await upload.getByLabel('Document URL').fill('https://files.example.com/will.pdf');
    await upload.getByLabel('Where the original is kept (optional)').fill('Blue folder, hall cupboard');
    await upload.getByRole('button', { name: 'Save Link' }).click();
    await upload.waitFor({ state: 'detached' });
    await allChangesSaved(owner.page);
    await owner.page.getByRole('button', { name: 'Dismiss notification' }).click();
    const card = owner.page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: TITLE });
    await card.getByRole('button', { name: `Share now: ${TITLE}` }).click();
    const share = openDialog(owner.page);
    await share.getByLabel('Their name').fill('Maria');
    await share.getByRole('button', { name: 'Share now', exact: true }).click();
    await share.getByText('Maria can read this now, and sees your changes.').first().waitFor();
    const link = await share.getByLabel('Link for Maria').inputValue();
    await share.getByRole('button', { name: 'Close' }).click();
    await share.waitFor({ state: 'detached' });

    // Maria has an account of her own. In another browser, signed out, she opens the link, signs in from the page and keeps it.
    const made = await signedInPage(suite.browser, suite.server.url, '/dashboard', desktopContext);
    await made.context.close();
    const laptop = await desktopContext(suite.browser, suite.server.url);
    const maria = { context: laptop, page: await laptop.newPage(), user: made.user };
    await maria.page.goto(link);
    await maria.page.getByRole('heading', { name: TITLE }).waitFor();
    await maria.page.getByRole('link', { name: 'Sign in to keep this link in it' }).click();
    await loginViaUi(maria.page, maria.user);
    await maria.page.waitForURL(link, { timeout: WAIT_BOUND_MS }); // back on the shared page, its key in the fragment still
    await maria.page.getByLabel('Who shared it with you?').fill('Grace, my aunt');
    await expectNoSeriousA11yViolations(maria.page, 'shared page with its keep form, desktop');
    await maria.page.getByRole('button', { name: 'Keep in my Afterword account' }).click();
    await expectToast(maria.page, 'Kept in your account');
    await maria.page.getByText('This link is kept in your account.').waitFor();
    await allChangesSaved(maria.page);
    await openSignedIn(maria.page, '/dashboard');
    await maria.page.getByRole('region', { name: 'Shared with you' }).getByRole('link', { name: TITLE }).waitFor();
    await expectNoSeriousA11yViolations(maria.page, 'dashboard with Shared with you, desktop');

    // Her second device: signed in afresh, the kept link arrives through sync, sealed.
    const phone = await secondDevice(suite.browser, suite.server.url, maria.user, '/dashboard', mobileContext);
    const list = phone.page.getByRole('region', { name: 'Shared with you' });
    const kept = phone.page.getByRole('link', { name: TITLE });
    await kept.waitFor({ timeout: WAIT_BOUND_MS }); // a fresh sign-in's first sync brings it
    expect(await list.getByText('Shared by Grace, my aunt').isVisible()).toBe(true);
    // Listing opens nothing: a dashboard visit is not an opening on the owner's timeline (review s23-sharing M1).
    const fetched: string[] = [];
    phone.page.on('request', (r) => void (r.url().includes('/api/shared/') && fetched.push(r.url())));
    await phone.page.reload();
    await kept.waitFor();
    await phone.page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await expectNoSeriousA11yViolations(phone.page, 'dashboard with Shared with you at 390 px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The owner edits the document; Maria's phone opens the kept link inside the app and sees the edit.
    await card.getByRole('button', { name: `Edit document ${TITLE}` }).click();
    const edit = openDialog(owner.page);
    await edit.getByLabel('Where the original is kept (optional)').fill('With Hale & Co, solicitors');
    await edit.getByRole('button', { name: 'Update Document' }).click();
    await expectToast(owner.page, 'Document updated', 'Your document has been updated.');
    await allChangesSaved(owner.page);
    await kept.click();
    await phone.page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await phone.page.getByRole('banner').getByRole('status').first().isVisible()).toBe(true); // inside the app's own frame (its sync status)
    await poll(async () => {
      await phone.page.reload();
      return phone.page.getByText('Original kept: With Hale & Co, solicitors').waitFor({ timeout: 5_000 }).then(() => true, () => false);
    }).toBe(true);
    await phone.page.getByText('This link is kept in your account.').waitFor();
    await expectNoSeriousA11yViolations(phone.page, 'a kept link opened inside the app at 390 px');

    // The owner stops sharing: the view and the list say the link opens nothing now.
    await owner.page.getByRole('button', { name: 'Dismiss notification' }).click();
    await card.getByRole('button', { name: `Share now: ${TITLE}` }).click();
    await share.getByRole('button', { name: 'Stop sharing with Maria' }).click();
    await confirmDialog(owner.page, 'What they already saw, copied, printed or saved while they could open it, they may still have.', 'Stop sharing');
    await expectToast(owner.page, 'Sharing stopped', 'That link opens nothing now.');
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Sharing stopped' }).waitFor();
    expect(await phone.page.getByText('With Hale & Co, solicitors').count()).toBe(0);
    await phone.page.goto('/dashboard');
    await kept.waitFor(); // still listed, until she removes it; opened from the list, it says it opens nothing now
    await kept.click();
    await phone.page.getByRole('heading', { name: 'Sharing stopped' }).waitFor();
    await phone.page.goto('/dashboard');

    // She removes it; it leaves the list.
    await phone.page.getByRole('button', { name: `Remove "${TITLE}" from your list` }).click();
    await confirmDialog(phone.page, 'If you have no other copy of its link, you cannot open it again unless Grace, my aunt sends it to you again.', 'Remove');
    await expectToast(phone.page, 'Removed from your list');
    await list.waitFor({ state: 'detached' });
    for (const c of [owner.context, maria.context, phone.context]) await c.close();
  });
});
