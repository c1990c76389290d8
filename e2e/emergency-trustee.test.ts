/**
 * The trustee's "Ask for emergency access" on their kit page (web/release/kit/emergency.ts; issue
 * 43), on the built app and the real server with its test clock, at 390 px (axe) and 1280 px: the
 * kit page explains what they may ask for, one press asks and shows the wait (until when, in the
 * reader's time); once the wait is over and nobody refused (the server's clock moved on, its
 * scheduler's pass grants), one press opens in the browser exactly the items the owner sealed in
 * the trustee's bundle with the kit's own secret, and no letter; nothing after death is touched.
 * The owner's side (the account, a document, a letter, the kits and the sealed bundle) is made
 * through the API as the owner's device makes it (emergency-bundle.ts sealEmergencyAccess).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { kitFragment, makeGeneration } from '../shared/crypto/trustee-kit';
import { toB64url } from '../shared/crypto/bytes';
import { sealEmergencyAccess } from '../shared/emergency-bundle';
import { documentCopy } from '../web/features/sharing/projections';
import { docShot } from './doc-shots';
import { advanceServerClock, desktopContext, expectNoSeriousA11yViolations, hasChromium, kitStateOf, mobileContext, useBrowserSuite } from './harness';
import { registerOwnerViaApi } from './keyed-account';

const HOUR_MS = 60 * 60 * 1000;

describe.skipIf(!hasChromium)('a trustee asks for emergency access on their kit page', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ env: { AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' }, browser: { serviceWorkers: 'block' } });

  /** An owner (Ada) with two documents and a letter, Maria as accepted trustee with a kit handed over, and Maria's emergency bundle holding the will only. */
  async function owner() {
    const { tag, userId, call } = await registerOwnerViaApi(suite.server.url);
    const post = async (path: string, body: object) => {
      const res = await call('POST', path, body);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { id: string };
    };
    const will = await post('/api/documents', { documentType: 'will', documentName: `Will ${tag}`, documentUrl: 'https://files.example.com/will.pdf', originalLocation: 'Top drawer of the oak desk' });
    await post('/api/documents', { documentType: 'insurance', documentName: `Insurance ${tag}`, documentUrl: 'https://files.example.com/insurance.pdf' });
    await post('/api/messages', { recipientName: 'Maria', recipientEmail: `maria.${tag}@example.com`, messageType: 'text', messageContent: `My dear Maria ${tag}`, deliveryDate: null });
    const maria = await post('/api/trustees', { name: 'Maria', email: `maria.${tag}@example.com`, accessLevel: 'full' });
    const db = new Database(join(suite.server.dataDir, 'afterword.db'));
    db.pragma('busy_timeout = 5000');
    // Maria accepted the invitation (the invitation's e-mail and link are release tests' own).
    db.prepare("INSERT INTO release_trustees (user_id, trustee_id, email, status, invite_round, invited_at, accepted_at) VALUES (?, ?, ?, 'accepted', 1, ?, ?) ON CONFLICT (user_id, trustee_id) DO UPDATE SET status = 'accepted', accepted_at = excluded.accepted_at").run(
      userId, maria.id, `maria.${tag}@example.com`, Date.now(), Date.now(),
    );
    db.close();
    const made = await makeGeneration({ account: userId, generation: 1, k: 1, trustees: [{ trusteeId: maria.id, level: 'full' }], levelKeys: () => new Map([['docs~1', new Uint8Array(32).fill(2)]]) });
    const m = made.kits[0]!;
    const posted = await call('POST', '/api/kits', { generation: 1, k: 1, checkValue: made.checkValue, ownerCopy: 'o1.1.opaque-to-the-server', kits: [{ trusteeId: m.trusteeId, index: m.kit.index, commitment: m.commitment, gate: toB64url(m.gate), blob: m.blob }] });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const token = ((await posted.json()) as { kits: { token: string }[] }).kits[0]!.token;
    const handover = await fetch(`${suite.server.url}/api/kit/${token}/handover`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ commitment: m.commitment }) });
    expect(handover.status).toBe(204);
    // The owner's device: what Maria may open in an emergency is the will alone, within 48 hours.
    const item = { kind: 'document' as const, id: will.id, copy: documentCopy({ documentType: 'will', documentName: `Will ${tag}`, documentUrl: 'https://files.example.com/will.pdf', originalLocation: 'Top drawer of the oak desk', file: null }) };
    const parts = await sealEmergencyAccess({ account: userId, trusteeId: maria.id, generation: 1 }, m.kit.t, [item]);
    const put = await call('PUT', `/api/emergency/trustees/${maria.id}`, { position: 0, waitHours: 48, generation: 1, items: [will.id], ...parts });
    expect(put.status, await put.clone().text()).toBe(204);
    return { tag, link: `${suite.server.url}/kit/${token}#${kitFragment(m.kit)}` };
  }

  it('asks, sees the wait, and after it opens exactly the chosen items and no letter (390 px with axe, then 1280 px)', async () => {
    const { tag, link } = await owner();
    const context = await mobileContext(suite.browser);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your trustee kit from Ada' }).waitFor();
    const section = page.getByRole('region', { name: 'Emergency access' });
    await section.getByText(/you can ask to open what Ada chose for an emergency \(one thing\)/).waitFor();
    await section.getByText('Ada is told at once and can refuse. If nobody refuses within 48 hours, you can open those things here, read-only, and nothing else.').waitFor();
    await section.getByText('This is not what happens after a death: nothing is released, and no letter is sent.').waitFor();
    await expectNoSeriousA11yViolations(page, 'kit page, emergency access to ask, 390 px');
    await section.getByRole('button', { name: 'Ask for emergency access' }).click();
    await section.getByText(/^You asked for emergency access on .+\. Ada has been told and can refuse until .+\. If nobody refuses/).waitFor();
    expect(await section.getByRole('button', { name: 'Ask for emergency access' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'kit page, emergency access waiting, 390 px');
    await docShot(page, 'emergency-trustee-waiting.png');

    // The wait is over and nobody refused: the scheduler's pass grants.
    await advanceServerClock(suite.server.url, 48 * HOUR_MS + 60_000);
    await page.reload();
    await section.getByText(/nobody refused: you can open what Ada chose for an emergency/).waitFor();
    await section.getByRole('button', { name: 'Open what Ada chose for an emergency' }).click();
    await section.getByRole('heading', { name: 'What Ada chose for an emergency' }).waitFor();
    const items = section.getByRole('article');
    expect(await items.count()).toBe(1);
    await items.getByRole('heading', { name: `Will ${tag}` }).waitFor();
    await items.getByText('Top drawer of the oak desk').waitFor();
    expect(await page.getByText(`Insurance ${tag}`).count()).toBe(0);
    expect(await page.getByText(`My dear Maria ${tag}`).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'kit page, emergency access opened, 390 px');
    await docShot(page, 'emergency-trustee-opened.png');
    expect((await kitStateOf(suite.server.url, link)).phase).toBe('active'); // nothing after death was started
    await context.close();

    const desk = await desktopContext(suite.browser);
    const wide = await desk.newPage();
    await wide.goto(link);
    await wide.getByRole('button', { name: 'Open what Ada chose for an emergency' }).click();
    await wide.getByRole('article').getByRole('heading', { name: `Will ${tag}` }).waitFor();
    await desk.close();
  });
});
