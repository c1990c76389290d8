/**
 * The release pages in the browser (issue "Sealed from the server": "The server never decrypts
 * anything", "Release pages and the app's origin"): on the built app and the real server, after a
 * real release (trustee accepts, reports, the test-only clock passes the waiting period):
 * - a recipient opens their e-mailed link with a fragment: the page is the static one under /r/
 *   (its own CSP, SRI on its scripts), the fragment is gone from the address bar, the message
 *   reads, the voice recording (stored encrypted, fetched as ciphertext) plays and downloads
 *   byte-identical;
 * - a full-access trustee opens a document (a PDF, inline) and downloads the family binder,
 *   made on their device; a document whose record names the wrong key is refused in the page,
 *   visibly, never shown;
 * - a device where the app's service worker runs still gets the release page, never the app shell;
 * - axe finds nothing serious at 390 px on either page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../shared/sync/protocol';
import { generateFileKey } from '../shared/files/crypto';
import { encryptFile, fileRefOf, pdfWith, uploadFile } from '../sync-server/test/blob-test-support';
import { signUpAda } from './release-owner';
import { reportPassing } from './report-passing';
import { downloadedBytes, controlledByServiceWorker, desktopContext, expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A short mono 8 kHz 16-bit WAV tone of `seconds` (detected as audio/wav by content). */
function wav(seconds: number): Uint8Array {
  const rate = 8000;
  const samples = rate * seconds;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return new Uint8Array(out);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return downloadedBytes(download);
}

describe.skipIf(!hasChromium)('release pages open everything in the browser', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  /** An e-mailed link, pointed at the test server (links name localhost:PORT; PUBLIC_URL is unset). */
  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}`;

  it('a recipient reads and plays their message, a trustee opens a document and downloads the binder; no fragment left; axe at 390 px', async () => {
    // The owner: a voice message for Clara (its file in 3 chunks), a will, a full-access trustee.
    const tag = Date.now().toString(36);
    const call = await signUpAda(suite.server.url, tag);
    const voice = wav(1);
    const voiceFile = await encryptFile(voice, 'audio/wav', 6000, { padded: true }); // stored as a device stores it (issue 39)
    expect((await uploadFile(call, voiceFile)).status).toBe(200);
    const will = pdfWith(`Last will ${tag}`, 5000);
    const willFile = await encryptFile(will, 'application/pdf', 2048, { padded: true });
    expect((await uploadFile(call, willFile)).status).toBe(200);
    const recipient = `clara.${tag}@example.com`;
    const trusteeAddr = `grace.${tag}@example.com`;
    const letter = `Dear Clara, ${tag}: I loved every ordinary day with you.`;
    const sync = await call('POST', '/api/sync', {
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [{
        collection: 'messages', id: `voice${tag}`, hlc: `${String(Date.now()).padStart(15, '0')}-0000-phone`,
        fields: { recipientName: 'Clara', recipientEmail: recipient, messageType: 'audio', messageContent: letter, deliveryDate: null, file: fileRefOf(voiceFile, 'For Clara.wav'), createdAt: new Date().toISOString() },
      }],
    });
    expect((await sync.json()).rejected).toEqual([]);
    expect((await call('POST', '/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(willFile, 'will.pdf') })).status).toBe(201);
    // A record whose key is not its file's (any client may write one): the page must refuse it visibly.
    const forged = await encryptFile(pdfWith(`Forged ${tag}`, 3000), 'application/pdf', 2048);
    expect((await uploadFile(call, forged)).status).toBe(200);
    expect((await call('POST', '/api/documents', { documentType: 'financial', documentName: 'Old deed', file: { ...fileRefOf(forged, 'deed.pdf'), key: generateFileKey() } })).status).toBe(201);
    expect((await call('POST', '/api/survivor-tasks', { title: `Call the bank ${tag}`, description: 'Ask them to freeze the joint account.', category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 1, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started' })).status).toBe(201);
    expect((await call('POST', '/api/trustees', { name: 'Grace Hopper', email: trusteeAddr, accessLevel: 'full' })).status).toBe(201);

    // Release.
    const invite = await suite.smtp.waitFor(trusteeAddr, /asked you to be a trustee/);
    expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    const welcome = await suite.smtp.waitFor(trusteeAddr, /Thank you for being/);
    expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
    const clock = await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 8 * DAY_MS }) });
    expect(clock.status).toBe(200);
    const delivery = local((await suite.smtp.waitFor(recipient, /A message from Ada$/)).links[0]!);
    const access = local((await suite.smtp.waitFor(trusteeAddr, /What Ada left for you/)).links[0]!);

    // The recipient's phone, where the app's service worker already runs: the release page, not the app.
    const phone = await (await mobileContext(suite.browser)).newPage();
    await phone.goto(`${suite.server.url}/`);
    await controlledByServiceWorker(phone);
    const pageAnswer = await phone.goto(`${delivery}#a-key-that-must-not-stay`);
    expect(new URL(phone.url()).pathname).toMatch(/^\/r\/d\/[A-Za-z0-9_-]{43}$/);
    const csp = (await pageAnswer!.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    await phone.getByRole('heading', { level: 1, name: 'A message from Ada' }).waitFor();
    expect(new URL(phone.url()).hash).toBe('');
    expect(await phone.evaluate(() => location.href)).not.toContain('#');
    expect(await phone.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('integrity') ?? ''))).toEqual([expect.stringMatching(/^sha384-/)]);
    await phone.getByText(letter).waitFor();
    const audio = phone.locator('audio');
    await audio.waitFor();
    // Streamed through the release pages' own worker (scope /r/), which decrypts chunk by chunk.
    expect(await audio.getAttribute('src')).toMatch(/^\/r\/stream\/[A-Za-z0-9_-]+$/);
    expect(await phone.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${suite.server.url}/r/sw.js`);
    const played = await audio.evaluate(async (a: HTMLAudioElement) => {
      a.muted = true;
      await a.play();
      await new Promise<void>((resolve) => {
        const check = () => (a.currentTime > 0.2 ? resolve() : setTimeout(check, 50));
        check();
      });
      a.pause();
      return { duration: a.duration, error: a.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.duration).toBeCloseTo(1, 1);
    expect(await downloaded(phone, () => phone.getByRole('button', { name: 'Download For Clara.wav' }).click())).toEqual(voice);
    await expectNoSeriousA11yViolations(phone, "the recipient's page at 390 px");

    // The trustee's phone: the will opens inline, the binder is made here and downloads.
    const trustee = await (await mobileContext(suite.browser)).newPage();
    await trustee.goto(access);
    await trustee.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    expect(new URL(trustee.url()).pathname).toMatch(/^\/r\/t\//);
    await trustee.getByText(`Call the bank ${tag}`).waitFor();
    expect(await trustee.locator('main').textContent()).not.toContain(letter); // a trustee never reads a letter
    await trustee.getByRole('button', { name: 'Open My will' }).click();
    await trustee.locator('iframe[title="will.pdf"]').waitFor();
    expect(await downloaded(trustee, () => trustee.getByRole('link', { name: 'Download will.pdf' }).click())).toEqual(will);
    await trustee.getByRole('button', { name: 'Open Old deed' }).click();
    await trustee.getByRole('status').filter({ hasText: 'This file is damaged or was changed: it cannot be opened.' }).waitFor();
    expect(await trustee.locator('iframe[title="deed.pdf"]').count()).toBe(0);
    const binder = await downloaded(trustee, () => trustee.getByRole('button', { name: 'Download the family binder (PDF)' }).click());
    expect(new TextDecoder().decode(binder.subarray(0, 5))).toBe('%PDF-');
    await trustee.getByText('The family binder is in your downloads.').waitFor();
    await expectNoSeriousA11yViolations(trustee, "the trustee's page at 390 px");

    // Ticking a task still works (the form posts in the background and the page updates in place).
    await trustee.getByRole('button', { name: `Mark “Call the bank ${tag}” done` }).click();
    await trustee.getByRole('button', { name: `Mark “Call the bank ${tag}” not done` }).waitFor();
    expect(new URL(trustee.url()).pathname).toMatch(/^\/r\/t\//);

    // And on a desktop screen.
    const desk = await (await desktopContext(suite.browser)).newPage();
    await desk.goto(access);
    await desk.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    await expectNoSeriousA11yViolations(desk, "the trustee's page at 1280 px");
  });
});
