/**
 * The kit page in the browser (`/kit/<token>#<kit>`, web/release/kit/; issue "Release through
 * trustees' key shares", contract §4), on the built app and the real server, for a sealed account
 * with three trustees and kits made 2 of 3 on the owner's "device" (shared/crypto/trustee-kit.ts, as
 * the owner's screens do) and no release escrow at all:
 * - a trustee's phone where the app's service worker runs opens their kit link: the kit page (not
 *   the app shell), the kit verified in the browser, the fragment gone from the address bar and
 *   never sent; "Keep this kit" hands it over; axe at 390 px;
 * - the yearly check shows the fingerprint and never asks for the code;
 * - in the waiting for confirmations, a mistyped code names its group; the typed code confirms with
 *   the share only (never t); the second trustee's saved link confirms, releases, and opens the
 *   level's content with the kit's blob (no escrow); the first trustee, on a computer, opens it with
 *   the printed code: axe at 390 px and 1280 px;
 * - the kit is kept on the device from its first opening (localStorage, exactly the link's
 *   fragment, for that kit's token): a later visit, a reload and the e-mails' link open without the
 *   code; "Forget this kit on this device" forgets it; a kept kit that no longer fits is forgotten
 *   and the code box says why (issue 38, item 2).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../shared/crypto/bytes';
import { LEVEL_SCOPES } from '../shared/crypto/fields';
import { parseKid } from '../shared/crypto/kid';
import { sealFields } from '../shared/crypto/sealed-record';
import { encodeKitCode, kitFragment, makeGeneration, sealOwnerCopy } from '../shared/crypto/trustee-kit';
import { addDerivedFields } from '../shared/sync/record';
import { PROTOCOL_VERSION } from '../shared/sync/protocol';
import { fetchCaller } from '../sync-server/test/blob-test-support';
import { makeDeviceKeys } from '../sync-server/test/test-keys';
import { reportPassing } from './report-passing';
import { controlledByServiceWorker, desktopContext, expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite, poll } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!hasChromium)('the kit page', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}`;

  /** Every request `page` makes, with its body. */
  const recorder = (page: Page) => {
    const seen: { url: string; body: string }[] = [];
    page.on('request', (r) => seen.push({ url: r.url(), body: r.postData() ?? '' }));
    return seen;
  };

  it('hands a kit over, checks it by fingerprint, confirms with a typed code and opens with a saved link and the code; axe at 390 and 1280 px', async () => {
    const tag = Date.now().toString(36);
    const password = 'correct horse battery';
    const reg = await fetch(`${suite.server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, username: `ada_${tag}`, password }),
    });
    expect(reg.status).toBe(201);
    const userId = ((await reg.json()) as { id: string }).id;
    const call = fetchCaller(suite.server.url, reg.headers.get('set-cookie')!.split(';')[0]!);

    // A sealed account (keys made on the "device"), its plan and three full-access trustees.
    const keys = await makeDeviceKeys(userId, password);
    expect((await call('POST', '/api/keys/setup', keys.body)).status).toBe(201);
    const db = new Database(join(suite.server.dataDir, 'afterword.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE account_keys SET sealed_at = ? WHERE user_id = ?').run(Date.now(), userId);
    db.close();
    const obituary = `Ada ${tag} kept bees and answered every letter.`;
    const now = new Date().toISOString();
    const hlc = (n: number) => `${String(Date.now()).padStart(15, '0')}-000${n}-phone`;
    const sealed = async (collection: 'trustees' | 'deathPlan' | 'profile', id: string, at: string, fields: Record<string, unknown>) => {
      addDerivedFields(collection, { values: {}, clocks: {} }, fields);
      return { collection, id, hlc: at, fields: await sealFields(keys.keyring, userId, collection, id, at, fields) };
    };
    const names = ['grace', 'milo', 'june'] as const;
    const addr = (who: string) => `${who}.${tag}@example.com`;
    const sync = await call('POST', '/api/sync', {
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [
        await sealed('deathPlan', userId, hlc(1), { obituary, createdAt: now }),
        // The profile the server wrote at this (password-only) registration, sealed as the device's key setup seals it: nothing is damaged.
        await sealed('profile', userId, hlc(5), { lastName: 'Lovelace', values: [], profileCompletion: 0 }),
        ...(await Promise.all(names.map((who, i) => sealed('trustees', `${who}${tag}`, hlc(2 + i), { name: who, email: addr(who), accessLevel: 'full', createdAt: now })))),
      ],
    });
    expect((await sync.json()).rejected).toEqual([]);
    for (const who of names) {
      const invite = await suite.smtp.waitFor(addr(who), /asked you to be a trustee/);
      expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    }

    // The owner's device makes the kits (2 of 3) and sends each trustee their link.
    const levelKeys = (level: keyof typeof LEVEL_SCOPES) =>
      new Map(keys.keyring.kids().filter((kid) => (LEVEL_SCOPES[level] as readonly string[]).includes(parseKid(kid)!.scope)).map((kid) => [kid, keys.keyring.raw(kid)!] as const));
    const made = await makeGeneration({ account: userId, generation: 1, k: 2, trustees: names.map((who) => ({ trusteeId: `${who}${tag}`, level: 'full' as const })), levelKeys });
    const posted = await call('POST', '/api/kits', {
      generation: 1,
      k: 2,
      checkValue: made.checkValue,
      ownerCopy: await sealOwnerCopy(keys.ak, userId, made),
      kits: made.kits.map((k) => ({ trusteeId: k.trusteeId, index: k.kit.index, commitment: k.commitment, gate: toB64url(k.gate), blob: k.blob })),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const tokens = ((await posted.json()) as { kits: { trusteeId: string; token: string }[] }).kits;
    const kitOf = (who: (typeof names)[number]) => {
      const m = made.kits.find((k) => k.trusteeId === `${who}${tag}`)!;
      return { ...m, token: tokens.find((t) => t.trusteeId === m.trusteeId)!.token };
    };
    const grace = kitOf('grace');
    const milo = kitOf('milo');
    const graceLink = `${suite.server.url}/kit/${grace.token}#${kitFragment(grace.kit)}`;
    const secret = (k: typeof grace) => [toB64url(k.kit.t), Buffer.from(k.kit.t).toString('hex'), kitFragment(k.kit)];

    // Grace's phone, where the app's service worker already runs: the kit page, not the app shell.
    const phone = await (await mobileContext(suite.browser)).newPage();
    await phone.goto(`${suite.server.url}/`);
    await controlledByServiceWorker(phone);
    const sent = recorder(phone);
    const answer = await phone.goto(graceLink);
    expect((await answer!.allHeaders())['content-security-policy'] ?? '').toContain("script-src 'self'");
    await phone.getByRole('heading', { level: 1, name: 'Your trustee kit from Ada' }).waitFor();
    expect(await phone.evaluate(() => location.href)).toBe(`${suite.server.url}/kit/${grace.token}`);
    await phone.getByText('This page checked your kit: it is the one Ada made for you.').waitFor();
    await phone.getByText(grace.fingerprint).first().waitFor();
    await expectNoSeriousA11yViolations(phone, 'the kit page (handover) at 390 px');
    await phone.getByRole('button', { name: 'Keep this kit' }).click();
    await phone.getByText('Thank you. Your kit is kept, and Ada will see that you have it.').first().waitFor();
    // From its first opening, this device keeps the kit: exactly the link's fragment, for this kit's token alone.
    const keptKey = (k: typeof grace) => `afterword.kit.${k.token}`;
    expect(await phone.evaluate(() => ({ ...localStorage }))).toEqual({ [keptKey(grace)]: kitFragment(grace.kit) });
    await phone.getByRole('region', { name: 'Your kit on this device' }).getByText('This browser keeps your kit on this device').waitFor();
    const handover = sent.find((r) => r.url.endsWith(`/api/kit/${grace.token}/handover`))!;
    expect(JSON.parse(handover.body)).toEqual({ commitment: grace.commitment });
    for (const s of secret(grace)) expect(sent.filter((r) => r.url.includes(s) || r.body.includes(s))).toEqual([]);
    const overview = (await (await call('GET', '/api/kits')).json()) as { current: unknown; pending: { kits: { trusteeId: string; handedOverAt: string | null }[] } | null };
    expect(overview.pending!.kits.find((k) => k.trusteeId === grace.trusteeId)!.handedOverAt).toEqual(expect.any(String));

    // Milo keeps his kit too (2 of 2 needed): the generation is current.
    expect((await fetch(`${suite.server.url}/api/kit/${milo.token}/handover`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ commitment: milo.commitment }) })).status).toBe(204);

    // A later visit (the yearly e-mail's link, no kit in it) opens with the kit this device kept.
    await phone.goto(`${suite.server.url}/kit/${grace.token}`);
    await phone.getByText('This device keeps your kit, and it is still good: it is the one Ada made for you.').waitFor();
    // On a shared computer she forgets it: the page is then as on a new device, and nothing is kept.
    await phone.getByRole('button', { name: 'Forget this kit on this device' }).click();
    await phone.getByText('This device no longer keeps your kit.', { exact: false }).waitFor();
    expect(await phone.evaluate(() => ({ ...localStorage }))).toEqual({});
    // The yearly check: the fingerprint, never the code.
    await phone.goto(`${suite.server.url}/kit/${grace.token}`);
    await phone.getByRole('heading', { level: 1, name: 'Check your trustee kit' }).waitFor();
    await phone.getByText(`Does the fingerprint on your kit read ${grace.fingerprint}?`).waitFor();
    expect(await phone.locator('textarea, input').count()).toBe(0);
    await expectNoSeriousA11yViolations(phone, 'the kit page (yearly check) at 390 px');
    await phone.getByRole('button', { name: 'It matches my kit' }).click();
    await phone.getByText('Thank you. Your kit is still good: keep it where it is. We will ask again in a year.').first().waitFor();

    // Ada stops checking in: Grace reports, the waiting period passes, the trustees are asked.
    const welcome = await suite.smtp.waitFor(addr('grace'), /Thank you for being/);
    expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
    expect((await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 8 * DAY_MS }) })).status).toBe(200);
    const asked = await suite.smtp.waitFor(addr('grace'), /confirm/i);
    const askedLink = asked.links.find((l) => l.includes('/kit/'))!;
    expect(new URL(askedLink).hash).toBe('');

    // Grace confirms with the printed code: a typo is named by its group, the share alone is sent.
    await phone.goto(local(askedLink));
    await phone.getByRole('heading', { level: 1, name: 'Confirm only if you know Ada has died' }).waitFor();
    await phone.getByText('0 of 2 trustees have confirmed.').waitFor();
    const code = encodeKitCode(grace.kit);
    const groups = code.split('-');
    const typo = groups.map((g, i) => (i === 6 ? (g[0] === 'A' ? 'B' : 'A') + g.slice(1) : g)).join(' ');
    await phone.getByLabel('Kit code').fill(typo);
    await phone.getByLabel('I know that Ada has died.').check();
    await phone.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    const groupError = 'Group 7 does not look right. Please check it against your kit, letter by letter.';
    await phone.getByText(groupError).waitFor();
    // The field is marked, focused, and its description (read when focused) is the error.
    const field = await phone.getByLabel('Kit code').evaluate((el) => ({
      invalid: el.getAttribute('aria-invalid'),
      focused: el === document.activeElement,
      description: (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '),
    }));
    expect(field).toEqual({ invalid: 'true', focused: true, description: expect.stringContaining(groupError) });
    expect(sent.some((r) => r.url.endsWith('/confirm'))).toBe(false); // nothing sent for a typo
    await expectNoSeriousA11yViolations(phone, 'the kit page (confirm, a typo) at 390 px');
    const before = sent.length;
    await phone.getByLabel('Kit code').fill(code.toLowerCase());
    await phone.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Thank you for confirming' }).waitFor();
    await phone.getByText('1 of 2 trustees have confirmed.').first().waitFor();
    const confirm = sent.slice(before).find((r) => r.url.endsWith(`/api/kit/${grace.token}/confirm`))!;
    expect(Object.keys(JSON.parse(confirm.body))).toEqual(['share']);
    for (const s of secret(grace)) expect(sent.filter((r) => r.url.includes(s) || r.body.includes(s))).toEqual([]);

    // Milo opens his saved link: it confirms, the release happens, and his kit opens the plan.
    const miloPhone = await (await mobileContext(suite.browser)).newPage();
    const miloSent = recorder(miloPhone);
    await miloPhone.goto(`${suite.server.url}/kit/${milo.token}#${kitFragment(milo.kit)}`);
    await miloPhone.getByRole('heading', { level: 1, name: 'Confirm only if you know Ada has died' }).waitFor();
    expect(await miloPhone.evaluate(() => location.hash)).toBe('');
    await miloPhone.getByText('This link holds your kit: you don’t need to type its code.').waitFor();
    await expectNoSeriousA11yViolations(miloPhone, 'the kit page (confirm with the link) at 390 px');
    // One deliberate click: not without the box ticked.
    await miloPhone.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    await miloPhone.getByText('Please tick the box only if you know that Ada has died.').waitFor();
    expect(miloSent.some((r) => r.url.endsWith('/confirm'))).toBe(false);
    await miloPhone.getByLabel('I know that Ada has died.').check();
    await miloPhone.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    await miloPhone.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await miloPhone.getByText(obituary).waitFor();
    await miloPhone.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    await expectNoSeriousA11yViolations(miloPhone, 'the kit page (released, opened with the kit) at 390 px');
    // A reload, and later the release e-mail's link (no kit in it), open his page at once: no code, no click.
    await miloPhone.reload();
    await miloPhone.getByText(obituary).waitFor();
    await miloPhone.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    expect(await miloPhone.getByLabel('Kit code').count()).toBe(0);
    await miloPhone.getByRole('region', { name: 'Your kit on this device' }).getByRole('button', { name: 'Forget this kit on this device' }).waitFor();
    await expect(miloPhone.getByText('could not be opened', { exact: false }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(miloPhone, 'the kit page (released, after a reload) at 390 px');
    if (process.env.E2E_SHOTS) await miloPhone.screenshot({ path: `${process.env.E2E_SHOTS}/trustee-page-after-reload.png`, fullPage: true });
    await miloPhone.goto(`${suite.server.url}/kit/${milo.token}`);
    await miloPhone.getByText(obituary).waitFor();
    expect(await miloPhone.evaluate(() => ({ ...localStorage }))).toEqual({ [keptKey(milo)]: kitFragment(milo.kit) });
    // A kept kit that no longer fits (here another trustee's) is forgotten, and the code box says why: never a dead end.
    await miloPhone.evaluate(([key, other]) => localStorage.setItem(key!, other!), [keptKey(milo), kitFragment(grace.kit)]);
    await miloPhone.reload();
    await miloPhone.getByText('The kit this device kept for this page no longer fits it (Ada may have made a newer kit), so this device has forgotten it.', { exact: false }).waitFor();
    expect(await miloPhone.evaluate(() => ({ ...localStorage }))).toEqual({});
    // He pastes the code from his kit (a line a group, small letters): his page opens, and is kept again.
    await miloPhone.getByLabel('Kit code').fill(encodeKitCode(milo.kit).split('-').join('\n').toLowerCase());
    await miloPhone.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await miloPhone.getByText(obituary).waitFor();
    expect(await miloPhone.evaluate(() => ({ ...localStorage }))).toEqual({ [keptKey(milo)]: kitFragment(milo.kit) });
    for (const s of secret(milo)) expect(miloSent.filter((r) => r.url.includes(s) || r.body.includes(s))).toEqual([]);
    // His kit's link no longer answers (he was removed as a trustee, or the account deleted: 404): the device forgets it.
    await miloPhone.route(`**/api/kit/${milo.token}`, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' }));
    await miloPhone.reload();
    await poll(() => miloPhone.evaluate(() => Object.keys(localStorage).length)).toBe(0);
    await miloPhone.unroute(`**/api/kit/${milo.token}`);

    // Grace, later, on a computer, with only the printed code: it opens what Ada left for her too.
    const desk = await (await desktopContext(suite.browser)).newPage();
    const deskSent = recorder(desk);
    await desk.goto(`${suite.server.url}/kit/${grace.token}`);
    await desk.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    await expectNoSeriousA11yViolations(desk, 'the kit page (released, the code asked for) at 1280 px');
    await desk.getByLabel('Kit code').fill(code);
    await desk.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await desk.getByText(obituary).waitFor();
    await expectNoSeriousA11yViolations(desk, 'the kit page (released, opened with the code) at 1280 px');
    for (const s of secret(grace)) expect(deskSent.filter((r) => r.url.includes(s) || r.body.includes(s))).toEqual([]);
  });

  it('an unknown kit link is not available, and its fragment leaves the address bar', async () => {
    const page = await (await mobileContext(suite.browser)).newPage();
    await page.goto(`${suite.server.url}/kit/AAAAAAAAAAAAAAAAAAAAAA#abc`);
    await page.getByRole('heading', { level: 1, name: "This link isn't available" }).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('');
  });
});
