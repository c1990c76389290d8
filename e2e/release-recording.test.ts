/**
 * Issue #17 in the browser: after release, a recipient's private link plays the video message
 * recorded for them. The recording is made by Chromium itself (a canvas captured by
 * MediaRecorder, as the app records), encrypted in Node as the browser does
 * (shared/files/crypto.ts), uploaded through the real server (child process, no web build needed:
 * the web build serves the static release page), and released through the real flow (trustee accepts,
 * reports, the test-only clock passes the waiting period). The page passes axe at 390 and 1280 px;
 * the video plays and seeks through the release pages' service worker, which fetches the stored
 * ciphertext by chunk and decrypts it (Range over the plaintext: 206 answers).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encryptFile, fileRefOf, fetchCaller, uploadFile } from '../sync-server/test/blob-test-support';
import { startChildServer, type ChildServer } from '../sync-server/test/child-server';
import { startTestSmtp, type TestSmtp } from '../sync-server/test/smtp-test-server';
import { reportPassing } from './report-passing';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, launchBrowser, mobileContext } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!hasChromium)('a recipient plays their recording after release (issue #17)', () => {
  let smtp: TestSmtp;
  let server: ChildServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The run's server bundle and the harness's start bound (startServer in harness.ts).
    server = await startChildServer({ entry: inject('serverBundle') || undefined, timeoutMs: 120_000, env: { SMTP_URL: smtp.url, AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** An e-mailed link, pointed at the child server (links name localhost:PORT; PUBLIC_URL is unset). */
  const local = (link: string) => `${server.url}${new URL(link).pathname}`;

  it('the delivery page plays and seeks the video; axe at 390 and 1280 px', async () => {
    // 1. A real WebM recorded by Chromium (2 s of a moving canvas).
    const recorder = await (await desktopContext(browser)).newPage();
    const base64 = await recorder.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      document.body.append(canvas);
      const g = canvas.getContext('2d')!;
      let frame = 0;
      const draw = setInterval(() => {
        g.fillStyle = `hsl(${(frame += 12) % 360} 70% 50%)`;
        g.fillRect(0, 0, 160, 120);
      }, 40);
      const rec = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const parts: Blob[] = [];
      rec.ondataavailable = (e) => parts.push(e.data);
      const stopped = new Promise((r) => (rec.onstop = r));
      rec.start(250);
      await new Promise((r) => setTimeout(r, 2000));
      rec.stop();
      await stopped;
      clearInterval(draw);
      const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    });
    await recorder.context().close();
    const video = new Uint8Array(Buffer.from(base64, 'base64'));
    expect(video.length).toBeGreaterThan(1000);

    // 2. The owner uploads it (small chunks, so seeking crosses chunks) and names it in a message.
    const tag = Date.now().toString(36);
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, username: `ada_${tag}`, password: 'correct horse battery' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    const call = fetchCaller(server.url, cookie);
    const f = await encryptFile(video, 'video/webm', Math.max(1024, Math.ceil(video.length / 4)), { padded: true }); // stored padded, as a device does (issue 39)
    expect((await uploadFile(call, f)).status).toBe(200);
    const recipient = `clara.${tag}@example.com`;
    const trusteeAddr = `grace.${tag}@example.com`;
    const sync = await call('POST', '/api/sync', {
      protocol: 2,
      cursor: 0,
      changes: [{
        collection: 'messages', id: `video${tag}`, hlc: `${String(Date.now()).padStart(15, '0')}-0000-phone`,
        fields: { recipientName: 'Clara', recipientEmail: recipient, messageType: 'video', messageContent: 'Watch this when you are ready.', deliveryDate: null, file: fileRefOf(f, 'For Clara.webm'), createdAt: new Date().toISOString() },
      }],
    });
    expect((await sync.json()).rejected).toEqual([]);
    expect((await call('POST', '/api/trustees', { name: 'Grace Hopper', email: trusteeAddr, accessLevel: 'full' })).status).toBe(201);

    // 3. Release: the trustee accepts, reports, and the waiting period passes.
    const invite = await smtp.waitFor(trusteeAddr, /asked you to be a trustee/);
    expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    const welcome = await smtp.waitFor(trusteeAddr, /Thank you for being/);
    expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
    const clock = await fetch(`${server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 8 * DAY_MS }) });
    expect(clock.status).toBe(200);
    const delivery = local((await smtp.waitFor(recipient, /A message from Ada$/)).links[0]!);

    // 4. The recipient's phone plays it, and seeks.
    const phone = await (await mobileContext(browser)).newPage();
    const answers: number[] = [];
    phone.on('response', (r) => {
      if (r.url().includes('/r/stream/')) answers.push(r.status()); // the release pages' worker, decrypting chunk by chunk
    });
    await phone.goto(delivery);
    const player = phone.locator('video');
    await player.waitFor();
    await expectNoSeriousA11yViolations(phone, 'the delivered video message at 390 px');
    const played = await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise<void>((resolve) => {
        const check = () => (v.currentTime > 0.5 ? resolve() : setTimeout(check, 50));
        check();
      });
      v.pause();
      v.currentTime = 0.2;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      return { currentTime: v.currentTime, width: v.videoWidth, error: v.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.width).toBe(160);
    expect(played.currentTime).toBeLessThan(0.5);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200 || s === 206)).toBe(true);
    expect(answers).toContain(206);

    const desktop = await (await desktopContext(browser)).newPage();
    await desktop.goto(delivery);
    await desktop.locator('video').waitFor();
    await expectNoSeriousA11yViolations(desktop, 'the delivered video message at 1280 px');
  });
});
