/**
 * A sealed account's release in the browser (SECURITY.md "Release escrow", "Trustee kits"; issue
 * "The server never decrypts anything", "Release through trustees' key shares"): on the built app
 * and the real server, the owner's keys are made and its letter and recording sealed in Node as a
 * device does (shared/crypto), the device deposits its messages' keys (web/features/keys/
 * escrow-deposit.ts), makes its one trustee a kit (1 of 1) from its keyring and ties the letter to
 * it ("the server delivers it"), and the real release runs (the trustee accepts and keeps the kit,
 * reports, the test-only clock passes the waiting period, the trustee confirms with the kit's
 * share). The recipient's e-mailed link carries the message key in its fragment: the page opens the
 * letter and the recording in the browser, plays and downloads it, and drops the fragment from the
 * address bar. The trustee's link to their page opens nothing without the kit; their kit opens the
 * plan, the tasks and the family binder in their browser. axe finds nothing serious at 390 px.
 */
import 'fake-indexeddb/auto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../shared/crypto/bytes';
import { sealFields } from '../shared/crypto/sealed-record';
import { kitFragment, makeGeneration, sealOwnerCopy } from '../shared/crypto/trustee-kit';
import { addDerivedFields } from '../shared/sync/record';
import { PROTOCOL_VERSION } from '../shared/sync/protocol';
import { encryptFile, fetchCaller, fileRefOf, uploadFile } from '../sync-server/test/blob-test-support';
import { makeDeviceKeys } from '../sync-server/test/test-keys';
import { depositEscrow } from '../web/features/keys/escrow-deposit';
import { createDeviceKeyStore } from '../web/features/keys/device-key-store';
import { syncDeliveryChoices } from '../web/features/message-vault/delivery-choice';
import { choicesInMemory } from '../web/features/message-vault/test-choices';
import { levelKeys } from '../web/features/trustees/kits/make-kits';
import { reportPassing } from './report-passing';
import { downloadedBytes, useMailSuite, expectNoSeriousA11yViolations, hasChromium, mobileContext } from './harness';

/** This test device's pins (web/features/keys/pin.ts): the escrow deposit decides from them. */
const deviceKeys = createDeviceKeyStore(`dk-${Math.random()}`);

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
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 330 * i) / rate)), 44 + i * 2);
  return new Uint8Array(out);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return downloadedBytes(download);
}

describe.skipIf(!hasChromium)('a sealed account’s letter, released, opens in the recipient’s browser', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  /** An e-mailed link pointed at the test server, its fragment kept. */
  const local = (link: string) => {
    const u = new URL(link);
    return `${suite.server.url}${u.pathname}${u.hash}`;
  };

  it('the recipient reads the letter and plays and downloads its recording; the key leaves the address bar; axe at 390 px', async () => {
    const tag = Date.now().toString(36);
    const password = 'correct horse battery';
    const reg = await fetch(`${suite.server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, username: `ada_${tag}`, password }),
    });
    expect(reg.status).toBe(201);
    const userId = ((await reg.json()) as { id: string }).id;
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    const call = fetchCaller(suite.server.url, cookie);
    const api = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
      const res = await call(init?.method ?? 'GET', path, init?.body as object | undefined);
      expect(res.status, path).toBeLessThan(300);
      return (res.status === 204 ? null : await res.json()) as T;
    };

    // The device's keys (with the letter's scope), then the account is sealed (the migration's step).
    const messageId = `letter${tag}`;
    const keys = await makeDeviceKeys(userId, password, `msg:${messageId}`);
    expect((await call('POST', '/api/keys/setup', keys.body)).status).toBe(201);
    const db = new Database(join(suite.server.dataDir, 'afterword.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE account_keys SET sealed_at = ? WHERE user_id = ?').run(Date.now(), userId);
    db.close();

    // The letter and its recording, sealed on the "device"; a full-access trustee (its name sealed).
    const voice = wav(1);
    const voiceFile = await encryptFile(voice, 'audio/wav', 6000, { padded: true }); // stored padded, as a device does (issue 39): the page learns the exact size from the sealed record
    expect((await uploadFile(call, voiceFile)).status).toBe(200);
    const policy = await encryptFile(new TextEncoder().encode(`Home insurance policy ${tag}`), 'text/plain', 6000);
    expect((await uploadFile(call, policy)).status).toBe(200);
    const recipient = `clara.${tag}@example.com`;
    const trusteeAddr = `grace.${tag}@example.com`;
    const letter = `Dear Clara, ${tag}: the garden is yours now; water the roses.`;
    const hlc = (n: number) => `${String(Date.now()).padStart(15, '0')}-000${n}-phone`;
    const obituary = `Ada ${tag} kept bees and answered every letter.`;
    const sealed = async (collection: 'messages' | 'trustees' | 'deathPlan' | 'survivorTasks' | 'documents' | 'profile', id: string, at: string, fields: Record<string, unknown>) => {
      addDerivedFields(collection, { values: {}, clocks: {} }, fields);
      return { collection, id, hlc: at, fields: await sealFields(keys.keyring, userId, collection, id, at, fields) };
    };
    const now = new Date().toISOString();
    const sync = await call('POST', '/api/sync', {
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [
        await sealed('messages', messageId, hlc(1), { recipientName: 'Clara', recipientEmail: recipient, messageType: 'audio', messageContent: letter, deliveryDate: null, file: fileRefOf(voiceFile, 'For Clara.wav'), createdAt: now }),
        await sealed('trustees', `grace${tag}`, hlc(2), { name: 'Grace Hopper', email: trusteeAddr, accessLevel: 'full', createdAt: now }),
        await sealed('deathPlan', userId, hlc(3), { obituary, createdAt: now }),
        // A document uploaded as a file, written as the upload dialog writes it: no link, so none is sealed (issue 38, item 3).
        await sealed('documents', `doc${tag}`, hlc(5), { documentType: 'insurance', documentName: `Home insurance ${tag}`, file: fileRefOf(policy, 'Policy.txt'), originalLocation: 'Original with Hale & Co solicitors', createdAt: now }),
        // The profile the server wrote at this (password-only) registration, sealed as the device's key setup seals it.
        await sealed('profile', userId, hlc(6), { lastName: 'Lovelace', values: [], profileCompletion: 0 }),
        await sealed('survivorTasks', `task${tag}`, hlc(4), { title: `Water the roses ${tag}`, description: 'Every evening in summer, at the roots.', category: 'other', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 3, notifyTrustees: false, completionStatus: 'not-started', createdAt: now }),
      ],
    });
    expect((await sync.json()).rejected).toEqual([]);
    expect(await depositEscrow({ api, keyring: keys.keyring, device: deviceKeys, userId })).toEqual({ outcome: 'deposited', keyCount: 1 }); // the letter's key only

    // Grace accepts; the owner's device makes her kit (1 of 1) from its keyring, she keeps it, and the letter is tied to it.
    const invite = await suite.smtp.waitFor(trusteeAddr, /asked you to be a trustee/);
    expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    const made = await makeGeneration({ account: userId, generation: 1, k: 1, trustees: [{ trusteeId: `grace${tag}`, level: 'full' }], levelKeys: (level) => levelKeys(keys.keyring, level) });
    const posted = await call('POST', '/api/kits', {
      generation: 1,
      k: 1,
      checkValue: made.checkValue,
      ownerCopy: await sealOwnerCopy(keys.ak, userId, made),
      kits: made.kits.map((k) => ({ trusteeId: k.trusteeId, index: k.kit.index, commitment: k.commitment, gate: toB64url(k.gate), blob: k.blob })),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const kitToken = ((await posted.json()) as { kits: { token: string }[] }).kits[0]!.token;
    const kit = made.kits[0]!;
    expect((await fetch(`${suite.server.url}/api/kit/${kitToken}/handover`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ commitment: kit.commitment }) })).status).toBe(204);
    expect(await syncDeliveryChoices({ api, account: userId, withAccountKey: (use) => use(keys.ak), keyring: keys.keyring, choices: choicesInMemory({ [messageId]: null }) }, [messageId])).toEqual({ updated: 1, unbound: [] });

    // Release: Grace reports, the waiting period passes, she confirms with her kit's share.
    const welcome = await suite.smtp.waitFor(trusteeAddr, /Thank you for being/);
    expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
    const clock = await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 8 * DAY_MS }) });
    expect(clock.status).toBe(200);
    await suite.smtp.waitFor(trusteeAddr, /^Please confirm only if you know Ada has died$/);
    const confirmed = await fetch(`${suite.server.url}/api/kit/${kitToken}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ share: toB64url(kit.kit.share) }) });
    expect(await confirmed.json()).toMatchObject({ released: true });
    const delivery = local((await suite.smtp.waitFor(recipient, /A message from Ada$/)).links[0]!);
    expect(new URL(delivery).hash).toMatch(new RegExp(`^#msg:${messageId}~1\\.[A-Za-z0-9_-]{43}$`));

    // The recipient's phone: the letter opens here, the key leaves the address bar at once.
    const phone = await (await mobileContext(suite.browser)).newPage();
    const requested: string[] = [];
    phone.on('request', (r) => requested.push(r.url()));
    await phone.goto(delivery);
    await phone.getByRole('heading', { level: 1, name: 'A message from Ada' }).waitFor();
    expect(new URL(phone.url()).pathname).toMatch(/^\/r\/d\/[A-Za-z0-9_-]{43}$/);
    expect(await phone.evaluate(() => location.href)).not.toContain('#');
    await phone.getByText(letter).waitFor();
    const key = new URL(delivery).hash.split('.').pop()!;
    expect(requested.filter((u) => u.includes(key))).toEqual([]); // the fragment never goes to the server
    const audio = phone.locator('audio');
    await audio.waitFor();
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
    await expectNoSeriousA11yViolations(phone, "a sealed account's recipient page at 390 px");

    // The full-access trustee: their access e-mail names their kit page; the page opens nothing
    // without the kit (the server hands it no key); the kit link opens the recipient's name and the plan, never the letter.
    const access = local((await suite.smtp.waitFor(trusteeAddr, /What Ada left for you/)).links[0]!);
    expect(new URL(access).pathname).toBe(`/kit/${kitToken}`);
    const noKit = await (await mobileContext(suite.browser)).newPage();
    await noKit.goto(access);
    await noKit.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    await noKit.getByLabel('Kit code').waitFor();
    expect(await noKit.locator('main').textContent()).not.toContain(obituary);
    const trustee = await (await mobileContext(suite.browser)).newPage();
    await trustee.goto(`${access}#${kitFragment(kit.kit)}`);
    // A slow answer for the letters to hand over (a busy phone, a slow network): the page is shown
    // after it, and its tasks, loaded meanwhile, must be there all the same (they stayed "Loading").
    await trustee.route('**/handovers', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await trustee.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await trustee.getByText(`For Clara (${recipient})`, { exact: false }).waitFor();
    await trustee.getByText(obituary).waitFor();
    // Nothing was damaged: no warning that something could not be opened (it was shown for the document's unwritten link).
    await trustee.getByText(`Home insurance ${tag}`).first().waitFor();
    expect(await trustee.getByText('could not be opened', { exact: false }).count()).toBe(0);
    // The family binder is made here from what the page opened; a sealed task is ticked all the same.
    const binder = await downloaded(trustee, () => trustee.getByRole('button', { name: 'Download the family binder (PDF)' }).click());
    expect(new TextDecoder().decode(binder.subarray(0, 5))).toBe('%PDF-');
    const task = `Water the roses ${tag}`;
    await trustee.getByRole('list', { name: 'Within 1 week: tasks' }).getByText(task).click();
    await trustee.getByText('Every evening in summer, at the roots.').waitFor();
    await trustee.getByRole('button', { name: `Mark “${task}” done`, exact: true }).click();
    await trustee.getByText(/^Done by you on /).waitFor();
    await trustee.getByRole('button', { name: `Undo marking “${task}” done`, exact: true }).click();
    await trustee.getByRole('button', { name: `Mark “${task}” done`, exact: true }).waitFor();
    expect(await trustee.locator('main').textContent()).not.toContain(letter);
    expect(await trustee.locator('main').textContent()).not.toMatch(/v1\.[a-z:0-9]+~\d/); // no envelope shown as content
    await expectNoSeriousA11yViolations(trustee, "a sealed account's trustee page at 390 px");

    // The same link without its key: the page says why it cannot open the letter, and shows none of it.
    const bare = await (await mobileContext(suite.browser)).newPage();
    await bare.goto(delivery.split('#')[0]!);
    await bare.getByText(/its key is missing from the link/).waitFor();
    expect(await bare.locator('main').textContent()).not.toContain(letter);
  });
});
