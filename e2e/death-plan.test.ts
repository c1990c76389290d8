/**
 * Issue #5, My After-Death Plan in the browser (SPEC.md §2 "My After-Death Plan", §4 "Death plan",
 * §5 "Music item or reading", §7, §8 "Plan"): the completion bar follows every change, the five
 * tabs with Previous/Next, text lists (Enter adds, blanks ignored, removable), create then update,
 * the AI obituary and music (the built-in helper, offline too), and axe at 390 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goOffline, hasChromium, mobileContext, SCREEN_SIZES, useBrowserSuite, expectNoSeriousA11yViolations } from './harness';
import { choose, expectToast, signedInPage } from './record-screens';

const completion = (page: Page) => page.getByRole('progressbar', { name: /Plan completion/ }).getAttribute('aria-valuenow');

describe.skipIf(!hasChromium)('My After-Death Plan (issue #5)', () => {
  const suite = useBrowserSuite();

  it('fills the plan across the tabs, creates it, updates it and keeps it after a reload', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/death-plan');
    await expect.poll(() => completion(page)).toBe('0');

    // Basic Info: each filled item is one seventh (rounded).
    await choose(page, 'Funeral Type', 'Celebration of Life');
    await expect.poll(() => completion(page)).toBe('14');
    await page.getByLabel('Location').fill('The old boathouse');
    await expect.poll(() => completion(page)).toBe('29');
    await choose(page, 'Burial Preference', 'Green Burial');
    await expect.poll(() => completion(page)).toBe('43');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // Preferences: budget selector (default Moderate) and special requests (4 rows).
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('combobox', { name: 'Budget Level' }).textContent()).toContain('Moderate');
    await choose(page, 'Budget Level', 'Budget-Friendly');
    expect(await page.getByLabel('Special Requests').getAttribute('rows')).toBe('4');
    await page.getByLabel('Special Requests').fill('Bright colours, please.');
    await expect.poll(() => completion(page)).toBe('57');

    // Music: Enter adds; blank is ignored; an item can be removed.
    await page.getByRole('button', { name: 'Next' }).click();
    const songInput = page.getByLabel('Add a song or piece of music');
    await songInput.fill('   ');
    await songInput.press('Enter');
    expect(await page.getByText('No music added yet.').isVisible()).toBe(true);
    await songInput.fill('Here Comes the Sun');
    await songInput.press('Enter');
    await songInput.fill('Clair de Lune');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const songs = page.getByRole('list', { name: 'Music selections' }).getByRole('listitem');
    await expect.poll(() => songs.count()).toBe(2);
    await expect.poll(() => completion(page)).toBe('71');
    await page.getByRole('button', { name: 'Remove Clair de Lune' }).click();
    await expect.poll(() => songs.count()).toBe(1);

    // Readings, then the obituary tab (12 rows; Next disabled on the last tab).
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Add a reading').fill('Do Not Stand at My Grave and Weep');
    await page.getByLabel('Add a reading').press('Enter');
    await expect.poll(() => completion(page)).toBe('86');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('textbox', { name: 'Obituary' }).getAttribute('rows')).toBe('12');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Plan created successfully', 'Your after-death plan has been saved.');

    await page.getByRole('textbox', { name: 'Obituary' }).fill('She loved the river and everyone on it.');
    await expect.poll(() => completion(page)).toBe('100');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Plan updated successfully', 'Your changes have been saved.');

    await page.reload();
    await expect.poll(() => completion(page)).toBe('100');
    expect(await page.getByLabel('Location').inputValue()).toBe('The old boathouse');
    await page.getByRole('tab', { name: 'Music' }).click();
    expect(await page.getByRole('list', { name: 'Music selections' }).textContent()).toContain('Here Comes the Sun');
    // The budget stays on this device, not on the plan.
    await page.getByRole('tab', { name: 'Preferences' }).click();
    expect(await page.getByRole('combobox', { name: 'Budget Level' }).textContent()).toContain('Budget-Friendly');
    await context.close();
  });

  it('generates an obituary and suggests music from what the person wrote (saved at once, with Undo), also offline on the device', async () => {
    // Born in 1953 (the wizard's birthdate): the draft says 73, never a placeholder age or job.
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/dashboard', mobileContext);
    await page.getByLabel('Contact Email').fill('margaret@example.com');
    await page.getByLabel('Birthdate').fill('1953-04-02');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect.poll(() => page.locator('#wizard-step-heading').textContent()).toBe('What matters most to you?');
    await page.goto('/death-plan');
    await page.getByLabel('Location').fill('Harbour Town Chapel');
    // The header never says "All changes saved" while the form holds typing not saved yet.
    const header = page.getByRole('banner').getByRole('status');
    await expect.poll(() => header.textContent()).toContain('Not saved yet — press Save');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Plan created successfully');
    // On a phone the toast sits under the header, clear of the buttons at the foot of the screen.
    const toastBox = await page.getByRole('region', { name: /Notification/ }).getByRole('listitem').filter({ hasText: 'Plan created successfully' }).boundingBox();
    expect(toastBox!.y + toastBox!.height).toBeLessThan(844 / 2);
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toContain('All changes saved');

    await page.getByRole('tab', { name: 'Obituary' }).click();
    await page.getByText('and age (73, from your birthdate)', { exact: false }).waitFor();
    await page.getByLabel('Where you lived or grew up (optional)').fill('Milton');
    await page.getByRole('button', { name: 'Generate obituary' }).click();
    await expectToast(page, 'Obituary generated', 'AI has created an obituary based on your information.');
    const obituary = await page.getByRole('textbox', { name: 'Obituary' }).inputValue();
    expect(obituary).toContain('of Milton, died at the age of 73.');
    expect(obituary).not.toMatch(/65|Professional|Chapel/); // not the venue as her home town

    // Music: only from the kinds she chose; Undo puts back exactly what was there.
    await page.getByRole('tab', { name: 'Music' }).click();
    expect(await page.getByRole('button', { name: 'Suggest music' }).isDisabled()).toBe(true);
    await page.getByLabel('Add a song or piece of music').fill('Jerusalem — Hubert Parry');
    await page.getByLabel('Add a song or piece of music').press('Enter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Plan updated successfully');
    await page.getByRole('checkbox', { name: 'Folk' }).check();
    await page.getByRole('button', { name: 'Suggest music' }).click();
    await expectToast(page, 'Music suggestions', 'AI has suggested music based on your preferences.');
    const songs = page.getByRole('list', { name: 'Music selections' }).getByRole('listitem');
    await expect.poll(() => songs.count()).toBeGreaterThan(1);
    expect(await page.getByRole('list', { name: 'Music selections' }).textContent()).not.toContain('Jerusalem');
    await page.getByRole('region', { name: /Notification/ }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => songs.allTextContents()).toEqual([expect.stringContaining('Jerusalem — Hubert Parry')]);
    // The list shows at once; the toast says when it is written (a reload before that asks first).
    await expectToast(page, 'Undone', 'What was there before is back.');

    // The obituary was saved with the plan, and Undo's list too: they are there after a reload,
    // with what the helpers were given (the details and the kinds of music are plan fields).
    await page.reload();
    await page.getByRole('tab', { name: 'Obituary' }).click();
    expect(await page.getByRole('textbox', { name: 'Obituary' }).inputValue()).toBe(obituary);
    expect(await page.getByLabel('Where you lived or grew up (optional)').inputValue()).toBe('Milton');
    await page.getByRole('tab', { name: 'Music' }).click();
    await expect.poll(() => songs.allTextContents()).toEqual([expect.stringContaining('Jerusalem — Hubert Parry')]);
    expect(await page.getByRole('checkbox', { name: 'Folk' }).isChecked()).toBe(true);

    // Offline: the built-in helper answers on the device (DESIGN.md §4) and nothing is sent.
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/suggest-music') && calls.push(r.url()));
    await goOffline(context);
    await page.getByRole('button', { name: 'Suggest music' }).click();
    await expectToast(page, 'Music suggestions', 'AI has suggested music based on your preferences.');
    expect(calls).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  for (const [name, makeContext] of SCREEN_SIZES) {
    it(`has no serious accessibility violations at ${name}`, async () => {
      const { context, page } = await signedInPage(suite.browser, suite.server.url, '/death-plan', makeContext);
      await page.getByRole('progressbar').waitFor();
      await expectNoSeriousA11yViolations(page, `/death-plan basic info at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/plan-${name.replace(' ', '')}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Music' }).click();
      await page.getByLabel('Add a song or piece of music').fill('Amazing Grace');
      await page.getByLabel('Add a song or piece of music').press('Enter');
      await expectNoSeriousA11yViolations(page, `/death-plan music at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/plan-music-${name.replace(' ', '')}.png`, fullPage: true });
      await context.close();
    });
  }
});
