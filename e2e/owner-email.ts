/**
 * The owner confirms their profile e-mail as a person would (sync-server/release/owner-email.ts):
 * "Send verification e-mail" on Settings, the link from the e-mail, its Confirm button. Release
 * notices reach only a confirmed address, so e2e tests that wait for them confirm it first.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestSmtp } from '../sync-server/test/smtp-test-server';
import { mobileContext } from './harness';
import { expectToast, navigateInApp, openSignedIn } from './record-screens';

/**
 * Confirms `email` from `page` (signed in) through the e-mailed link, opened in a fresh phone-sized
 * context without the service worker (ContextWorkers: the link's page never goes offline, and a
 * worker's install is ~2.4 s of Chromium's CPU, issue 41).
 */
export async function confirmOwnerEmail(browser: Browser, page: Page, smtp: TestSmtp, email: string): Promise<void> {
  await openSignedIn(page, '/settings');
  await page.getByRole('button', { name: 'Send verification e-mail' }).click();
  await expectToast(page, 'Verification e-mail sent', email);
  const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
  expect(mail.links).toHaveLength(1);
  const context = await mobileContext(browser, undefined, { serviceWorkers: 'block' });
  const link = await context.newPage();
  await link.goto(mail.links[0]!);
  await link.getByRole('button', { name: `Confirm ${email}` }).click();
  await link.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
  await context.close();
  // Settings reads the readiness when it mounts: away and back within the app, not a reload of it.
  await navigateInApp(page, '/dashboard');
  await navigateInApp(page, '/settings');
  await page.getByText('Confirmed', { exact: true }).waitFor();
}
