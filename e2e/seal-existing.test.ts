/**
 * An account made before keys is sealed when the person upgrades it on a device, nothing lost (issue
 * "Sealed from the server", "Existing accounts are sealed"; issue 39: the normal sign-in form
 * refuses it and sends no password): its words were written in plain text by today's REST API;
 * the person upgrades it on "Upgrade an older account" in the built app, keeps the recovery kit, and the
 * device seals every record in place (web/features/keys/key-effects.ts → migrate.ts). Afterwards
 * the server's files hold none of those words, and the app still shows every one of them.
 */
import { describe, expect, it } from 'vitest';
import { needlesOf, scanDirectory } from '../sync-server/test/canary-scan';
import { hasChromium, loginViaUi, mobileContext, passRecoveryKit, poll, uniqueUser, upgradeViaUi, useBrowserSuite } from './harness';

const tag = Math.random().toString(36).slice(2, 8);
const CANARY = { place: `Kensal-${tag}-green`, letter: `Dear Clara ${tag}, the roses are yours.`, trustee: `Marian-${tag}-Halcombe` };

describe.skipIf(!hasChromium)('an account made before keys', () => {
  // No service worker: no test here goes offline or looks at one, and its install (the app's
  // precache) is about 2.4 s of Chromium's CPU a context (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('is refused by the sign-in form, then sealed by "Upgrade an older account": the server keeps none of its words, the app shows them all', async () => {
    const user = uniqueUser('Agnes');
    // Today's (pre-keys) registration and REST writes: plain text on the server.
    const call = async (path: string, body: unknown, cookie = '') => {
      const res = await fetch(`${suite.server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return res;
    };
    const registered = await call('/api/auth/register', { username: user.username, password: user.password, firstName: user.firstName, lastName: user.lastName, email: user.email });
    const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    await call('/api/death-plan', { location: CANARY.place }, cookie);
    await call('/api/messages', { recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'text', messageContent: CANARY.letter }, cookie);
    await call('/api/trustees', { name: CANARY.trustee, email: 'marian@example.com', accessLevel: 'full' }, cookie);
    const needles = needlesOf(Object.values(CANARY));
    expect(scanDirectory(suite.server.dataDir, needles).length).toBeGreaterThan(0); // plain text today

    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const bodies: string[] = [];
    page.on('request', (r) => void (r.postData() !== null && bodies.push(r.postData()!)));
    await loginViaUi(page, user);
    await page.getByText('Your server answered as if your account had no keys. Nothing was sent.').first().waitFor();
    expect(bodies.filter((b) => b.includes(user.password))).toEqual([]); // the normal form never sends it
    await upgradeViaUi(page, user);
    await passRecoveryKit(page); // keys were made at this upgrade: the kit is shown first
    await page.getByText('Your words are sealed').first().waitFor({ timeout: 60_000 });
    // Nothing of the words is left in the database, its WAL or anywhere under DATA_DIR.
    await poll(() => scanDirectory(suite.server.dataDir, needles).map((h) => h.where)).toEqual([]);

    await page.goto('/death-plan');
    await poll(() => page.getByLabel('Location').inputValue()).toBe(CANARY.place);
    await page.goto('/message-vault');
    await page.getByText(CANARY.letter).first().waitFor();
    await page.goto('/trustees');
    await page.getByText(CANARY.trustee).first().waitFor();
    await context.close();
  });
});
