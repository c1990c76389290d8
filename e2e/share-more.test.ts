/**
 * Issue 43 "share now" for more kinds of item, and "the owner always knows", in Chromium at 390 px
 * and on a desktop (axe on each screen): the owner shares a plan section (Music) from the plan
 * editor with a trustee picked from the list (the hand-over e-mail addressed to them); a fresh browser with no account reads it, and sees the owner's later edit; the owner's
 * Settings timeline lists the share and each of the person's openings, who and what in words; after a
 * password change (other devices signed out) it lists the share as still live and stops it only
 * when asked (review F7). A letter is shared only after the owner says yes to sharing it before
 * their death; its viewer reads its words, never its address.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, poll, SCREEN_SIZES, useBrowserSuite } from './harness';
import { addMessageViaUi, addSongViaUi } from './plan-via-ui';
import { addTrusteeViaUi, allChangesSaved as synced, expectToast, fillInDialog, openDialog, openSignedIn, signedInPage } from './record-screens';

const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

describe.skipIf(!hasChromium)('share now: a plan section, and the timeline in Settings (issue 43)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  for (const [size, makeContext] of SCREEN_SIZES) {
    it(`a plan section shared now opens with no account, follows a later edit, and Settings lists it, at ${size}`, async () => {
      const { context, page, user } = await signedInPage(suite.browser, suite.server.url, '/trustees', makeContext);
      await addTrusteeViaUi(page, 'Maria', 'maria.share@example.com');
      await openSignedIn(page, '/death-plan');
      await addSongViaUi(page, 'Clair de lune', 'Plan created successfully');
      await synced(page);

      await page.getByRole('button', { name: 'Share now: My plan: Music' }).click();
      const dialog = openDialog(page);
      await dialog.getByText('Nobody yet.').waitFor();
      // A trustee picked from the list: their name, and the hand-over e-mail addressed to them.
      await dialog.getByRole('list', { name: 'Your trustees' }).getByRole('button', { name: 'Maria' }).click();
      expect(await dialog.getByLabel('Their name').inputValue()).toBe('Maria');
      await dialog.getByRole('button', { name: 'Share now', exact: true }).click();
      await dialog.getByText('Maria can read this now, and sees your changes.').first().waitFor();
      const link = await dialog.getByLabel('Link for Maria').inputValue();
      const mailto = await dialog.getByRole('link', { name: 'E-mail it to Maria (maria.share@example.com) from your mail app' }).getAttribute('href');
      expect(mailto!.startsWith('mailto:maria.share@example.com?')).toBe(true); // the address the owner sealed
      expect(decodeURIComponent(mailto!)).toContain(link);
      await expectNoSeriousA11yViolations(page, `plan section share dialog at ${size}`);
      await fits(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      const viewerContext = await makeContext(suite.browser, suite.server.url);
      const viewer = await viewerContext.newPage();
      await viewer.goto(link);
      await viewer.getByRole('heading', { name: 'My plan: Music' }).waitFor();
      expect(await viewer.getByText('Clair de lune').isVisible()).toBe(true);
      expect(await viewer.getByText('Part of a plan shared with you on Afterword').isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(viewer, `shared plan section at ${size}`);
      await fits(viewer);

      // The owner's later edit reaches the viewer (ShareRefresher seals the section again).
      await addSongViaUi(page, 'Gymnopédie No. 1', 'Plan updated successfully');
      await synced(page);
      await poll(async () => {
        await viewer.reload();
        await viewer.getByRole('heading', { name: 'My plan: Music' }).waitFor();
        return viewer.getByText('Gymnopédie No. 1').count();
      }, 60_000).toBe(1);

      // Settings: the timeline says who, what and when.
      await page.goto(`${suite.server.url}/settings`);
      const timeline = page.getByRole('list', { name: 'Sharing timeline' });
      await timeline.getByText('You shared "My plan: Music" with Maria.').waitFor();
      await timeline.getByText('Maria opened "My plan: Music".').first().waitFor(); // each opening its own line (a reload within a minute is one)
      await expectNoSeriousA11yViolations(page, `settings sharing timeline at ${size}`);
      await fits(page);

      // A password change signs the other devices out: Settings then says which shares are still
      // live from before, and stops them only when asked (review F7).
      expect(await page.getByRole('region', { name: 'Still shared from before' }).count()).toBe(0);
      await openSignedIn(page, '/profile');
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByLabel('Current Password').fill(user.password);
      await page.getByLabel('New Password', { exact: true }).fill('a new secret for Grace');
      await page.getByLabel('Confirm New Password').fill('a new secret for Grace');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password updated');
      await openSignedIn(page, '/settings');
      const review = page.getByRole('region', { name: 'Still shared from before' });
      await review.getByText('changed your password, which signed out your other devices. This share is still live.', { exact: false }).waitFor();
      expect(await review.getByRole('list', { name: 'Shares still live' }).textContent()).toBe('"My plan: Music" with Maria');
      await expectNoSeriousA11yViolations(page, `settings shares to review at ${size}`);
      await fits(page);
      await viewer.reload();
      await viewer.getByRole('heading', { name: 'My plan: Music' }).waitFor(); // nothing was stopped by itself
      await review.getByRole('button', { name: 'Stop this share' }).click();
      await expectToast(page, 'Sharing stopped');
      await review.waitFor({ state: 'detached' });
      await timeline.getByText('You stopped sharing "My plan: Music" with Maria. That link opens nothing now.').waitFor(); // the name kept for the timeline
      await viewer.reload();
      await viewer.getByRole('heading', { name: 'Sharing stopped' }).waitFor();
      await viewerContext.close();
      await context.close();
    });
  }

  it('a letter is shared now only when the owner says yes to sharing it before their death (390 px)', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/message-vault', mobileContext);
    await addMessageViaUi(page, 'Clara', 'clara.letter@example.com', 'Dear Clara, the garden is yours to look after.');
    await synced(page);
    const card = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Clara' });
    const shareButton = card.getByRole('button', { name: 'Share now: A letter to Clara' });

    // Asked first; "Cancel" opens nothing.
    await shareButton.click();
    const ask = page.getByRole('alertdialog', { name: 'Share your letter to Clara now?' });
    await ask.getByText('You wrote this letter for after your death.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the question before a letter is shared');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: /Share "A letter to Clara" now/ }).count()).toBe(0);

    // "Yes": the dialog says who receives it after death, and the link opens the letter.
    await shareButton.click();
    await ask.getByRole('button', { name: 'Yes, share it now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share "A letter to Clara" now' });
    await dialog.getByText('Clara receives this letter after your death, as you planned.').waitFor();
    await dialog.getByText('Nobody yet.').waitFor();
    await fillInDialog(dialog, 'Their name', 'Clara');
    await dialog.getByRole('button', { name: 'Share now', exact: true }).click();
    await dialog.getByText('Clara can read this now, and sees your changes.').first().waitFor();
    const link = await dialog.getByLabel('Link for Clara').inputValue();
    await expectNoSeriousA11yViolations(page, 'letter share dialog');
    await fits(page);

    const viewerContext = await mobileContext(suite.browser, suite.server.url);
    const viewer = await viewerContext.newPage();
    await viewer.goto(link);
    await viewer.getByRole('heading', { name: 'A letter to Clara' }).waitFor();
    expect(await viewer.getByText('A letter shared with you on Afterword').isVisible()).toBe(true);
    expect(await viewer.getByText('Dear Clara, the garden is yours to look after.').isVisible()).toBe(true);
    expect(await viewer.getByText('clara.letter@example.com').count()).toBe(0); // the address is not part of it
    await expectNoSeriousA11yViolations(viewer, 'shared letter');
    await fits(viewer);
    await viewerContext.close();
    await context.close();
  });
});
