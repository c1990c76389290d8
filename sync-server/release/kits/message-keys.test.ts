/**
 * Messages with trustee kits (kits/message-keys.ts; README.md "Trustee kits"), through the real
 * Hono app over a real SQLite file, a sealed account whose device (Dexie over fake-indexeddb, the
 * real sync engine) wrote its letters, and the device's delivery-choice module
 * (web/features/message-vault/delivery-choice.ts): kits 2 of 3 handed over, one letter "the server
 * delivers it", one "a trustee hands it over" (with a backup); the release through two kits; the
 * server's letter's link carries its key and opens; the hand-delivered letter is never mailed to
 * its recipient, its key is in no e-mail and no server file, and the handovers route gives a wrap
 * that opens only with that trustee's kit secret. Another account's message is refused.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fromB64url, toB64url } from '../../../shared/crypto/bytes';
import { handoverKey, handoverWrapContext, handoverWrapContextV2 } from '../../../shared/crypto/trustee-kit';
import { UnwrapError } from '../../../shared/crypto/errors';
import { unwrapKey } from '../../../shared/crypto/wrap';
import { openHandovers, type HandoverJson } from '../../../shared/release/handover-links';
import type { DeliveryPageData, TrusteePageData } from '../../../shared/release/pages';
import { deliveryStateLine } from '../../../shared/delivery-rule';
import type { ReleaseReadiness, ReleaseRehearsal, ReleaseStatus } from '../../../shared/schema/release';
import { UNBOUND_TEXT } from '../release-keys';
import { PREVIEW_LINK } from '../emails';
import { openPage } from '../../../web/release/open';
import { kitApi } from '../../../web/release/kit/api';
import { handoverLinks, handoverMailBody } from '../../../web/release/kit/handovers';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices, type DeliveryChoiceDeps } from '../../../web/features/message-vault/delivery-choice';
import { needlesOf, scanDirectory } from '../../test/canary-scan';
import { outboxFiles } from '../../test/release-test-support';
import { DAY_MS } from '../state-machine';
import { signUp } from '../../test/test-support';
import { LETTER, releaseThroughKits, sealedWithKits } from '../../test/message-key-test-support';
import { depositEscrow } from '../../../web/features/keys/escrow-deposit';
import { createDeviceKeyStore } from '../../../web/features/keys/device-key-store';

/** This test device's pins (web/features/keys/pin.ts): the escrow deposit decides from them. */
const deviceKeys = createDeviceKeyStore(`dk-${Math.random()}`);


describe('messages with trustee kits', () => {
  it('the readiness panel names the messages the kits in force cannot open yet, until the device ties them', async () => {
    const { device, api } = await sealedWithKits();
    const missing = async () => (await api<ReleaseReadiness>('/api/release/readiness')).missing;
    expect(await missing()).toContain(UNBOUND_TEXT(2));
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect((await missing()).filter((line) => line.includes('tied to your trustee kits'))).toEqual([]);
  });

  it('a letter chosen to be handed over before the kits are in force is delivered by the escrow when the release goes by the escrow: never lost', async () => {
    const { w, addr, ring, device, api } = await sealedWithKits({ handOver: false });
    expect((await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId })).outcome).toBe('deposited');
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    // No kits in force: the check-ins lapse and the waiting period ends in a release by the escrow.
    expect((await w.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, w.cookie)).status).toBe(200);
    for (let day = 0; day < 60 && (await w.t.services.release.state(w.userId)).phase !== 'released'; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect((await w.t.services.release.state(w.userId)).phase).toBe('released');
    await w.t.services.scheduler.runOnce();
    const toBert = outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('bert'));
    expect(toBert).toHaveLength(1);
    const link = new URL(toBert[0]!.links[0]!);
    const data = (await (await w.t.call('GET', `${link.pathname}/data`)).json()) as DeliveryPageData;
    expect((await openPage('d', data, link.hash.slice(1))).message).toMatchObject({ messageContent: LETTER.handed });
  });

  it('"the server delivers it" mails the link with the key; "a trustee hands it over" mails the recipient nothing, the key is nowhere on the server, and only the trustee\'s kit opens it', async () => {
    const { w, addr, made, token, ring, device, api } = await sealedWithKits();
    const kid = (id: string) => ring.kids().find((k) => k.startsWith(`msg:${id}~`))!;

    // The device wraps every message by default for the server, then m2 is handed to bob, cy as backup.
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] }); // up to date
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2', 'tr3'] })).toBe(true);
    expect((await api<{ messages: unknown[] }>('/api/kits/messages')).messages).toEqual([
      { messageId: 'm1', mode: 'server', kid: kid('m1'), generations: [1], trustees: [] },
      { messageId: 'm2', mode: 'trustee', kid: kid('m2'), generations: [1], trustees: ['tr2', 'tr3'], to: addr('bert') }, // the address its wraps are bound to
    ]);
    // The server holds no gate and no server wrap for the hand-delivered letter.
    const stored = w.t.deps.db.prepare('SELECT message_id, gate_wrap IS NOT NULL AS gate, wrap IS NOT NULL AS wrap FROM message_keys ORDER BY message_id').all();
    expect(stored).toEqual([
      { message_id: 'm1', gate: 1, wrap: 1 },
      { message_id: 'm2', gate: 0, wrap: 0 },
    ]);
    expect(await (await w.t.call('GET', `/api/kit/${token('tr2')}/handovers`)).status).toBe(403); // before the release

    // The rehearsal tells the truth about each: m1's recipient gets our e-mail; m2's gets none from
    // us, and bob and cy get the "for you to hand over" one (with the preview's placeholder link).
    const rehearsal = await api<ReleaseRehearsal>('/api/release/rehearsal');
    const byId = new Map(rehearsal.recipients.map((r) => [r.messageId, r]));
    expect(byId.get('m1')).toMatchObject({ email: { to: addr('annabella') }, handedOver: null });
    expect(byId.get('m2')!.email).toBeNull();
    expect(byId.get('m2')!.handedOver!.map((h) => [h.trusteeId, h.email!.to, h.email!.subject])).toEqual([
      ['tr2', addr('bob'), expect.stringMatching(/for you to hand over$/)],
      ['tr3', addr('cy'), expect.stringMatching(/for you to hand over$/)],
    ]);
    expect(byId.get('m2')!.handedOver![0]!.email!.text).toContain(PREVIEW_LINK);

    await releaseThroughKits(w, made, token);
    const mails = outboxFiles(w.t.deps.config.dataDir);

    // m1: its recipient's link carries its key, and the page opens the letter with it.
    const toAnnabella = mails.filter((e) => e.to[0] === addr('annabella'));
    expect(toAnnabella).toHaveLength(1);
    const link = new URL(toAnnabella[0]!.links[0]!);
    expect(link.hash.slice(1)).toBe(`${kid('m1')}.${toB64url(ring.raw(kid('m1'))!)}`);
    const data = (await (await w.t.call('GET', `${link.pathname}/data`)).json()) as DeliveryPageData;
    expect((await openPage('d', data, link.hash.slice(1))).message).toMatchObject({ messageContent: LETTER.server });

    // m2: nothing to bert; bob and cy are told it is theirs to hand over, with their kit page (no key).
    expect(mails.filter((e) => e.to[0] === addr('bert'))).toEqual([]);
    for (const who of ['bob', 'cy']) {
      const told = mails.filter((e) => e.to[0] === addr(who) && /for you to hand over/.test(e.subject));
      expect(told).toHaveLength(1);
      expect(told[0]!.links).toEqual([`http://afterword.test/kit/${token(who === 'bob' ? 'tr2' : 'tr3')}`]);
    }
    expect(mails.filter((e) => e.to[0] === addr('ann') && /hand over/.test(e.subject))).toEqual([]);

    // Bob's kit page: the wrap opens with Q, his gate and his kit secret t, and with nothing else.
    const handed = (await (await w.t.call('GET', `/api/kit/${token('tr2')}/handovers`)).json()) as { messages: Array<{ messageId: string; kid: string; wrap: string; backup: boolean; path: string; recipientEmail: string; to?: string }> };
    expect(handed.messages.map((m) => [m.messageId, m.backup, m.recipientEmail, m.to])).toEqual([['m2', false, addr('bert'), addr('bert')]]);
    const access = (await (await w.t.call('GET', `/api/kit/${token('tr2')}/access`)).json()) as { q: string; gate: string };
    const ctx = { account: w.userId, trusteeId: 'tr2', messageId: 'm2', generation: 1 };
    const open = (t: Uint8Array) => handoverKey(fromB64url(access.q)!, fromB64url(access.gate)!, t, ctx).then((k) => unwrapKey(k, handed.messages[0]!.wrap, handoverWrapContextV2(w.userId, 'tr2', kid('m2'), 1, addr('bert'))));
    const bobT = made.kits.find((m) => m.trusteeId === 'tr2')!.kit.t;
    expect(toB64url(await open(bobT))).toBe(toB64url(ring.raw(kid('m2'))!));
    await expect(open(made.kits.find((m) => m.trusteeId === 'tr3')!.kit.t)).rejects.toThrow();
    await expect(open(new Uint8Array(16))).rejects.toThrow();
    // Bound to bert's address: under another address, or the context from before (version 1), it does not open.
    const handoverKeyOfBob = await handoverKey(fromB64url(access.q)!, fromB64url(access.gate)!, bobT, ctx);
    await expect(unwrapKey(handoverKeyOfBob, handed.messages[0]!.wrap, handoverWrapContextV2(w.userId, 'tr2', kid('m2'), 1, 'attacker@evil.example'))).rejects.toThrow(UnwrapError);
    await expect(unwrapKey(handoverKeyOfBob, handed.messages[0]!.wrap, handoverWrapContext(w.userId, 'tr2', kid('m2'), 1))).rejects.toThrow(UnwrapError);
    // Cy holds it as backup; ann hands over nothing. The same link is given again on a reload.
    const cy = (await (await w.t.call('GET', `/api/kit/${token('tr3')}/handovers`)).json()) as { messages: Array<{ backup: boolean; path: string }> };
    expect(cy.messages.map((m) => m.backup)).toEqual([true]);
    expect(cy.messages[0]!.path).toBe(handed.messages[0]!.path);
    expect(((await (await w.t.call('GET', `/api/kit/${token('tr1')}/handovers`)).json()) as { messages: unknown[] }).messages).toEqual([]);

    // The link bob's page makes (openHandovers, in his browser) opens the letter for bert.
    const [bobLink] = await openHandovers({ account: w.userId, trusteeId: 'tr2', q: access.q, gate: access.gate, t: bobT, origin: 'http://afterword.test', messages: handed.messages as HandoverJson[] });
    expect(bobLink).toMatchObject({ messageId: 'm2', recipientEmail: addr('bert'), backup: false });
    const url = new URL(bobLink!.link);
    expect(url.pathname).toMatch(/^\/r\/d\/[A-Za-z0-9_-]{43}$/);
    const bertData = (await (await w.t.call('GET', `/api/delivery/${url.pathname.slice('/r/d/'.length)}/data`)).json()) as DeliveryPageData;
    expect((await openPage('d', bertData, url.hash.slice(1))).message).toMatchObject({ messageContent: LETTER.handed });
    await expect(openHandovers({ account: w.userId, trusteeId: 'tr2', q: access.q, gate: access.gate, t: new Uint8Array(16), origin: '', messages: handed.messages as HandoverJson[] })).rejects.toThrow();
    // The kit page's own calls (web/release/kit/handovers.ts) give bob the same link, and its e-mail body carries it.
    const bobApi = kitApi(token('tr2'), async (url, init) => w.t.app.request(`http://afterword.test${url}`, init));
    const pageLinks = await handoverLinks(bobApi, { account: w.userId }, await bobApi.access(), { t: bobT }, 'http://afterword.test');
    expect(pageLinks.links.map((l) => l.link)).toEqual([bobLink!.link]);
    // A letter that does not open with the kit is counted (no address named), and does not hide the others.
    expect((await handoverLinks(bobApi, { account: w.userId }, await bobApi.access(), { t: new Uint8Array(16) }, 'http://afterword.test')).notOpened).toBe(1);
    expect(handoverMailBody('Ada', bobLink!.link)).toContain(bobLink!.link);

    // m2's key appears in no e-mail and no file the server keeps (database, WAL, outbox), in any encoding.
    await w.t.services.scheduler.runOnce();
    expect(scanDirectory(w.t.deps.config.dataDir, needlesOf([ring.raw(kid('m2'))!]))).toEqual([]);
    expect(scanDirectory(w.t.deps.config.dataDir, needlesOf([ring.raw(kid('m1'))!])).length).toBeGreaterThan(0); // the scan finds the mailed one
  });

  it('a dated hand-delivered letter: its trustee is told on its date, not at the release, and its wrap is given only from then', async () => {
    const { w, addr, made, token, device, api } = await sealedWithKits({ m2DaysAhead: 120 });
    expect(await syncDeliveryChoices(device)).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    await releaseThroughKits(w, made, token);
    const toldBob = () => outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('bob') && /for you to hand over/.test(e.subject));
    const handovers = async () => ((await (await w.t.call('GET', `/api/kit/${token('tr2')}/handovers`)).json()) as { messages: Array<{ messageId: string }> }).messages.map((m) => m.messageId);
    expect(toldBob()).toEqual([]);
    expect(await handovers()).toEqual([]);
    // What each trustee's page says of the two letters: their real state, never "being sent" for
    // the one Afterword never sends (the page fills in a sealed account's names: here "a trustee").
    const pageLines = async (id: string) => {
      const { pageToken } = (await (await w.t.call('GET', `/api/kit/${token(id)}/access`)).json()) as { pageToken: string };
      const data = (await (await w.t.call('GET', `/api/trustee/access/${pageToken}/data`)).json()) as TrusteePageData;
      return Object.fromEntries(data.messages!.map((m) => [m.id, deliveryStateLine(m, w.t.deps.now(), (d) => d.slice(0, 10))]));
    };
    const m2Day = String((await w.t.services.store.get(w.userId, 'messages', 'm2'))!.values.deliveryDate).slice(0, 10);
    expect((await pageLines('tr1')).m2).toBe(`waiting for its date, ${m2Day}; then a trustee hands it over`);
    expect(await pageLines('tr2')).toEqual({ m1: expect.stringMatching(/^(being sent|sent on .*)$/), m2: `waiting for its date, ${m2Day}; then you hand it over` });
    for (let day = 0; day < 120 && toldBob().length === 0; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect(toldBob()).toHaveLength(1);
    const due = Date.parse(String((await w.t.services.store.get(w.userId, 'messages', 'm2'))!.values.deliveryDate));
    expect(w.t.deps.now()).toBeGreaterThanOrEqual(due); // on its date: the pass of that day, not a day earlier
    expect(w.t.deps.now() - DAY_MS).toBeLessThan(due);
    expect(await handovers()).toEqual(['m2']);
    expect((await pageLines('tr1')).m2).toBe('for a trustee to hand over by their own e-mail; not opened yet');
    // The owner's own screens know it too (the vault's card: shared/delivery-rule.ts deliveryCardText).
    expect((await api<ReleaseStatus>('/api/release/status')).handedOver).toEqual(['m2']);
    expect((await pageLines('tr2')).m2).toBe('for you to hand over: send the link from your trustee kit page by your own e-mail; not opened yet');
    for (let day = 0; day < 3; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect(toldBob()).toHaveLength(1); // once
    expect(outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('bert'))).toEqual([]);
    // Bert opens the link bob sent him: every trustee's page says so.
    const [bobs] = ((await (await w.t.call('GET', `/api/kit/${token('tr2')}/handovers`)).json()) as { messages: Array<{ path: string }> }).messages;
    expect((await w.t.call('GET', `/api/delivery/${bobs!.path.split('/').pop()}/data`)).status).toBe(200);
    expect((await pageLines('tr1')).m2).toBe(`handed over, opened on ${new Date(w.t.deps.now()).toISOString().slice(0, 10)}`);
  });

  it('refuses another account\'s message, a gate or wrap with a hand-delivered choice, and a trustee without a kit', async () => {
    const { w, ring, api, made } = await sealedWithKits();
    const kid1 = ring.kids().find((k) => k.startsWith('msg:m1~'))!;
    const wrap = `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`;
    const gate = toB64url(new Uint8Array(32).fill(7));
    const serverBody = { generation: 1, mode: 'server', kid: kid1, gate, wrap };

    // A hostile account: m1 is not its message, whatever it sends; it sees no choices.
    const { cookie } = await signUp(w.t, { email: 'mallory@example.com' });
    const hostile = await w.t.call('PUT', '/api/kits/messages/m1', serverBody, cookie);
    expect(hostile.status).toBe(404);
    expect(((await hostile.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual(['messageId']);
    expect(await (await w.t.call('GET', '/api/kits/messages', undefined, cookie)).json()).toEqual({ messages: [] });
    expect((await w.t.services.messageKeys.list(w.userId)).messages).toEqual([]);

    const put = (body: unknown) => w.t.call('PUT', '/api/kits/messages/m1', body, w.cookie);
    const issues = async (res: Response) => ((await res.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
    // A hand-delivered choice never carries a gate or a server wrap.
    const mixed = await put({ generation: 1, mode: 'trustee', kid: kid1, gate, wrap, handovers: [{ trusteeId: 'tr2', wrap }] });
    expect(mixed.status).toBe(400);
    expect((await issues(mixed)).sort()).toEqual(['gate', 'wrap']);
    const noGate = await put({ generation: 1, mode: 'server', kid: kid1, wrap });
    expect(noGate.status).toBe(400);
    expect(await issues(noGate)).toEqual(['gate']);
    const twice = await put({ generation: 1, mode: 'trustee', kid: kid1, handovers: [{ trusteeId: 'tr2', wrap }, { trusteeId: 'tr2', wrap }] });
    expect(await issues(twice)).toEqual(['handovers.1.trusteeId']);
    // Another message's key, a retired or unknown generation, a trustee with no kit.
    expect(await issues(await put({ ...serverBody, kid: 'msg:m2~1' }))).toEqual(['kid']);
    expect(await issues(await put({ ...serverBody, generation: 2 }))).toEqual(['generation']);
    const stranger = await put({ generation: 1, mode: 'trustee', kid: kid1, handovers: [{ trusteeId: 'tr9', wrap }] });
    expect(stranger.status).toBe(422);
    expect(await issues(stranger)).toEqual(['handovers.0.trusteeId']);
    expect((await w.t.services.messageKeys.list(w.userId)).messages).toEqual([]);
    // Many at once: at most 100; a message that is not the account's is refused alone, by name.
    const batch = (choices: unknown[]) => w.t.call('PUT', '/api/kits/messages', { choices }, w.cookie);
    expect(await issues(await batch(Array.from({ length: 101 }, () => ({ messageId: 'm1', choice: serverBody }))))).toEqual(['choices']);
    const mixedBatch = await batch([
      { messageId: 'm9', choice: serverBody },
      { messageId: 'm1', choice: { ...serverBody, generation: 2 } },
    ]);
    expect(await mixedBatch.json()).toEqual({
      saved: 0,
      refused: [
        { messageId: 'm9', generation: 1, status: 404, error: 'No such message' },
        { messageId: 'm1', generation: 2, status: 409, error: 'These kits are not in use' },
      ],
    });
    // A valid one is stored; switching to hand-delivery leaves no server wrap behind.
    expect((await put(serverBody)).status).toBe(204);
    expect((await put({ generation: 1, mode: 'trustee', kid: kid1, handovers: [{ trusteeId: 'tr2', wrap }] })).status).toBe(204);
    const rows = await w.t.services.messageKeys.list(w.userId);
    expect(rows.messages).toEqual([{ messageId: 'm1', mode: 'trustee', kid: kid1, generations: [1], trustees: ['tr2'], to: null }]); // a wrap from before binds no address
    expect(made.k).toBe(2);
  });
});
