/**
 * The owner's emergency screen in the browser (web/features/emergency/EmergencyPage.tsx; issue 43),
 * on the built app and the real server, at 390 px and 1280 px with axe: the e-mail's link
 * `/emergency/<id>` shows who asked (by the name on the owner's list) and when the wait ends, and
 * one press refuses (the server's row is refused); a granted emergency's "End the emergency" ends
 * it, and the owner is then asked to re-key what was opened, with the way to make new kits. At 390 px it saves docs/screenshots' emergency-owner-*.png under $E2E_SHOTS. The requests are put in the
 * server's database as the trustee's request would leave them (the request itself, the e-mail and
 * the wait are proven through the routes in sync-server/sharing/emergency-routes.test.ts).
 * Opened signed out (the e-mail read on another device), the link asks to sign in and then opens
 * the request, not the dashboard.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { docShot } from './doc-shots';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, keylessAccountPage, loginViaUi, mobileContext, poll, registerViaUi, uniqueUser, useBrowserSuite } from './harness';

const HOUR_MS = 60 * 60 * 1000;

describe.skipIf(!hasChromium)('the owner\'s emergency screen', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const withDb = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(join(suite.server.dataDir, 'afterword.db'));
    db.pragma('busy_timeout = 5000');
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const insert = (userId: string, phase: 'waiting' | 'granted', trusteeId = 'trustee-1') => {
    const id = randomBytes(16).toString('base64url');
    const now = Date.now();
    const asked = phase === 'waiting' ? now : now - 3 * HOUR_MS;
    // Their trustee, accepted (else the scheduler's pass rightly withdraws the request).
    withDb((db) =>
      db
        .prepare("INSERT INTO release_trustees (user_id, trustee_id, email, status, invite_round, invited_at, accepted_at) VALUES (?, ?, 'maria@example.com', 'accepted', 1, ?, ?) ON CONFLICT DO NOTHING")
        .run(userId, trusteeId, now, now),
    );
    withDb((db) =>
      db
        .prepare('INSERT INTO emergency_requests (id, user_id, trustee_id, phase, wait_hours, requested_at, notified_at, wait_ends_at, decided_at, granted_at, ended_at) VALUES (?, ?, ?, ?, 2, ?, ?, ?, ?, ?, NULL)')
        .run(id, userId, trusteeId, phase, asked, asked, asked + 2 * HOUR_MS, phase === 'granted' ? now : null, phase === 'granted' ? now : null),
    );
    return id;
  };
  const phaseOf = (id: string) => withDb((db) => (db.prepare('SELECT phase FROM emergency_requests WHERE id = ?').get(id) as { phase: string }).phase);

  it('signed out, the e-mail\'s link asks to sign in, then opens that request (390 px)', async () => {
    const user = uniqueUser();
    const home = await mobileContext(suite.browser, suite.server.url);
    await registerViaUi(await home.newPage(), user);
    await home.close();
    const userId = withDb((db) => (db.prepare('SELECT id FROM users WHERE username = ?').get(user.username) as { id: string }).id);
    const asked = insert(userId, 'waiting');
    const away = await mobileContext(suite.browser, suite.server.url);
    const page = await away.newPage();
    await page.goto(`/emergency/${asked}`);
    await page.waitForURL('**/login');
    await loginViaUi(page, user);
    await page.waitForURL(`**/emergency/${asked}`);
    await page.getByRole('button', { name: 'Refuse' }).waitFor();
    await away.close();
  });

  for (const [label, open] of [
    ['390 px', mobileContext],
    ['1280 px', desktopContext],
  ] as const) {
    it(`refuses with one press from the e-mail's link, and ends a granted emergency (${label}, axe)`, async () => {
      const context = await open(suite.browser, suite.server.url);
      const { page, user } = await keylessAccountPage(context, suite.server.url, '/dashboard');
      const userId = withDb((db) => (db.prepare('SELECT id FROM users WHERE username = ?').get(user.username) as { id: string }).id);
      // Maria, on the owner's list of trustees: the screen names her as the owner's device knows her.
      const maria = await context.request.post(`${suite.server.url}/api/trustees`, { data: { name: 'Maria', email: 'maria@example.com', accessLevel: 'full' }, headers: { Origin: suite.server.url } });
      expect(maria.status(), await maria.text()).toBe(201);
      const mariaId = ((await maria.json()) as { id: string }).id;
      const asked = insert(userId, 'waiting', mariaId);
      await page.goto(`/emergency/${asked}`);
      await page.getByRole('heading', { name: 'Emergency access' }).waitFor();
      await page.getByText(/^Maria asked for emergency access on .+\. Unless you refuse/).waitFor();
      await expectNoSeriousA11yViolations(page, `emergency request ${label}`);
      await docShot(page, 'emergency-owner-request.png', label === '390 px');
      await page.getByRole('button', { name: 'Refuse' }).click();
      await page.getByText('You refused. Nothing was opened.').first().waitFor();
      await docShot(page, 'emergency-owner-refused.png', label === '390 px');
      await poll(() => phaseOf(asked)).toBe('refused');
      await page.getByText('No one has asked for emergency access.').waitFor();

      const granted = insert(userId, 'granted', mariaId);
      await page.goto(`/emergency/${granted}`);
      await page.getByText(/^Maria can open what you chose for an emergency since/).waitFor();
      await expectNoSeriousA11yViolations(page, `granted emergency ${label}`);
      await page.getByRole('button', { name: 'End the emergency' }).click();
      await page.getByText(/The emergency is over\./).first().waitFor();
      await poll(() => phaseOf(granted)).toBe('ended');
      expect(await page.getByRole('button', { name: 'Refuse' }).count()).toBe(0);
      // Then the owner is asked to re-key what was opened, and led to where kits are made.
      await page.getByText(/^Maria could open what you chose for an emergency, and may have kept what they saw\./).waitFor();
      await expectNoSeriousA11yViolations(page, `re-key after an emergency ${label}`);
      await page.reload(); // asked again until new kits are made, not only once
      await page.getByRole('link', { name: 'Make new trustee kits' }).click();
      await page.waitForURL('**/trustees');
      await context.close();
    });
  }
});
