/**
 * The canary scan at every stage of a release through trustee kits (issue "Release through
 * trustees' key shares", tests; SECURITY.md "Trustee kits: who can read what"). A sealed account
 * whose device (Dexie over fake-indexeddb, the real sync engine) wrote canaries into its plan, a
 * document and two letters, kits 2 of 3 handed over, one letter "the server delivers it" and one
 * "a trustee hands it over". At each stage (before, waiting, awaiting confirmations with k − 1,
 * released with k) everything the server holds or emitted is scanned: every file under DATA_DIR
 * (SQLite file and WAL, the outbox's e-mails, the release key file), what it logged, and every
 * response body it gave. Nothing is found until k confirmations; then only the key of the letter
 * the server delivers, and only in the e-mail to its recipient. Plan, document and letter texts,
 * each trustee's kit secret t_i and kit codes, the hand-delivered letter's key, and the raw Q,
 * gates and shares are never found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../shared/crypto/bytes';
import { encodeKitCode, kitFragment } from '../shared/crypto/trustee-kit';
import type { DeliveryPageData } from '../shared/release/pages';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from '../web/features/message-vault/delivery-choice';
import { openPage } from '../web/release/open';
import { captureLogs, needlesOf, scanBytes, scanDirectory, type Hit } from './test/canary-scan';
import { LETTER, sealedWithKits } from './test/message-key-test-support';
import { outboxFiles } from './test/release-test-support';
import { DAY_MS } from './release/state-machine';

const CANARY = {
  obituary: 'Canary-Plan-Obituary-Quokka',
  song: 'Canary-Plan-Song-Okapi',
  document: 'Canary-Document-Name-Dugong',
  docUrl: 'https://example.org/canary-document-url-kakapo',
  task: 'Canary-Task-Text-Tuatara',
};

/** What the server logged (console, as sync-server/http/errors.ts and the scheduler log) during the test. */
const logged = captureLogs();

describe('the canary scan at every stage of a release through trustee kits', () => {
  it('zero hits before release, waiting and with k − 1 confirmations; with k only the server-delivered letter\'s key, only in its recipient\'s e-mail', async () => {
    const { w, addr, made, token, ring, device, api, db, sync } = await sealedWithKits();
    // Every response the app gives from here on is kept for the scan (the request still goes to the real app).
    const responses: Array<{ where: string; body: Buffer }> = [];
    const request = w.t.app.request.bind(w.t.app);
    w.t.app.request = (async (...args: Parameters<typeof request>) => {
      const res = await request(...args);
      responses.push({ where: `response to ${String(args[0]).replace(/^http:\/\/localhost/, '')}`, body: Buffer.from(await res.clone().arrayBuffer()) });
      return res;
    }) as typeof request;

    await db.write('deathPlan', w.userId, { obituary: CANARY.obituary, musicSelections: ['Abide with me', CANARY.song], createdAt: '2026-11-21T12:00:00.000Z' });
    await db.write('documents', 'd1', { documentType: 'will', documentName: CANARY.document, documentUrl: CANARY.docUrl, createdAt: '2026-11-21T12:00:00.000Z' });
    await db.write('survivorTasks', 'k1', { title: CANARY.task, description: `Call the bank. ${CANARY.task}`, createdAt: '2026-11-21T12:00:00.000Z' });
    await sync();
    expect(await db.dexie.outbox.count()).toBe(0);
    // m1 the server delivers; m2 bob hands over (cy as backup).
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2', 'tr3'] })).toBe(true);
    const kid = (id: string) => ring.kids().find((k) => k.startsWith(`msg:${id}~`))!;
    const serverKey = ring.raw(kid('m1'))!;
    const handedKey = ring.raw(kid('m2'))!;

    const never = needlesOf([
      ...Object.values(CANARY),
      LETTER.server,
      LETTER.handed,
      handedKey,
      ...made.kits.flatMap((m) => [m.kit.t, encodeKitCode(m.kit), encodeKitCode(m.kit).replace(/-/g, ''), kitFragment(m.kit)]),
    ]);
    const notStored = needlesOf([made.q, ...made.kits.flatMap((m) => [m.gate, m.kit.share])]); // kept only wrapped (contract "Server")
    const mailed = needlesOf([serverKey]);

    /** Every hit of `needles` in DATA_DIR, the log and (unless `files`) the responses. */
    const scan = (needles: ReturnType<typeof needlesOf>, files = false): Hit[] => [
      ...scanDirectory(w.t.deps.config.dataDir, needles),
      ...logged.flatMap((line, i) => scanBytes(Buffer.from(line), needles, `log line ${i}`)),
      ...(files ? [] : responses.flatMap((r) => scanBytes(r.body, needles, r.where))),
    ];
    const phase = async () => (await w.t.services.release.state(w.userId)).phase;
    const stages: Record<string, number> = {};
    const expectClean = async (stage: string) => {
      await w.t.services.scheduler.runOnce();
      stages[stage] = responses.length;
      expect(scan(never), stage).toEqual([]);
      expect(scan(notStored, true), stage).toEqual([]);
      expect(scan(mailed), stage).toEqual([]);
    };
    /** The trustees' kit pages look at their kits (GET, as the page does on every visit). */
    const visitKits = async () => {
      for (const id of ['tr1', 'tr2', 'tr3']) expect((await w.t.call('GET', `/api/kit/${token(id)}`)).status).toBe(200);
    };

    // Before: the owner checks in; the trustees' yearly check (fingerprint only).
    expect(await phase()).toBe('active');
    await visitKits();
    for (const id of ['tr1', 'tr2', 'tr3']) expect((await w.t.call('POST', `/api/kit/${token(id)}/check`, {})).status).toBe(204);
    expect((await w.t.call('GET', '/api/kits', undefined, w.cookie)).status).toBe(200);
    await expectClean('before');

    // Waiting: the check-ins lapse, reminders go out, the waiting period starts.
    expect((await w.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, w.cookie)).status).toBe(200);
    for (let day = 0; day < 60 && (await phase()) !== 'waiting'; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect(await phase()).toBe('waiting');
    await visitKits();
    await expectClean('waiting');

    // Awaiting confirmations, k − 1 = 1 confirmed (ann's share; never t).
    for (let day = 0; day < 10 && (await phase()) !== 'awaiting-confirmations'; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect(await phase()).toBe('awaiting-confirmations');
    await expectClean('awaiting, 0 confirmed');
    const share = (id: string) => toB64url(made.kits.find((m) => m.trusteeId === id)!.kit.share);
    expect(await (await w.t.call('POST', `/api/kit/${token('tr1')}/confirm`, { share: share('tr1') })).json()).toMatchObject({ confirmations: 1, needed: 2, released: false });
    await visitKits();
    expect((await w.t.call('GET', `/api/kit/${token('tr1')}/access`)).status).toBe(403);
    expect((await w.t.call('GET', `/api/kit/${token('tr2')}/handovers`)).status).toBe(403);
    await expectClean('awaiting, k − 1 confirmed');

    // k: bob confirms; the release; the letters' passes; every trustee opens their page and handovers.
    expect(await (await w.t.call('POST', `/api/kit/${token('tr2')}/confirm`, { share: share('tr2') })).json()).toMatchObject({ released: true });
    expect(await phase()).toBe('released');
    for (let day = 0; day < 3; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    await visitKits();
    for (const id of ['tr1', 'tr2', 'tr3']) {
      expect((await w.t.call('GET', `/api/kit/${token(id)}/access`)).status, id).toBe(200);
      expect((await w.t.call('GET', `/api/kit/${token(id)}/handovers`)).status, id).toBe(200);
    }
    // Annabella opens her letter from her e-mail (the page's data call never carries the fragment).
    const toAnnabella = outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('annabella'));
    expect(toAnnabella).toHaveLength(1);
    const link = new URL(toAnnabella[0]!.links[0]!);
    const data = (await (await w.t.call('GET', `${link.pathname}/data`)).json()) as DeliveryPageData;
    expect((await openPage('d', data, link.hash.slice(1))).message).toMatchObject({ messageContent: LETTER.server });
    await w.t.services.scheduler.runOnce();

    expect(scan(never), 'released').toEqual([]);
    expect(scan(notStored, true), 'released').toEqual([]);
    // The server-delivered letter's key: only in the outbox e-mail(s) addressed to its recipient.
    const outbox = join(w.t.deps.config.dataDir, 'outbox');
    const toRecipient = new Set(
      readdirSync(outbox)
        .filter((f) => /^To: (.*)$/m.exec(readFileSync(join(outbox, f), 'utf8'))?.[1]?.trim().toLowerCase() === addr('annabella'))
        .map((f) => join('outbox', f)),
    );
    const hits = scan(mailed);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.filter((h) => !toRecipient.has(h.where))).toEqual([]);
    // The scan reaches every place: plain values (the recipients' addresses) are found in the database, an e-mail and a response.
    const plain = scan(needlesOf([addr('annabella')])).map((h) => h.where);
    expect(plain.some((x) => x.startsWith('afterword.db'))).toBe(true);
    expect(plain.some((x) => toRecipient.has(x))).toBe(true);
    expect(scan(needlesOf([addr('bert')])).map((h) => h.where)).toContain(`response to /api/kit/${token('tr2')}/handovers`);
    expect(plain.some((x) => x.startsWith('log line'))).toBe(true); // "Email to … written to …/outbox"
    // The scan saw real traffic at every stage.
    expect(Object.keys(stages)).toEqual(['before', 'waiting', 'awaiting, 0 confirmed', 'awaiting, k − 1 confirmed']);
    expect(responses.length).toBeGreaterThan(stages['awaiting, k − 1 confirmed']!);
  }, 120_000);
});
