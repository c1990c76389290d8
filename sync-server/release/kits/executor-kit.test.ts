/**
 * The executor kit on the server (issue "Release through trustees' key shares", "Fewer than k
 * kits"), through the real Hono app over a real SQLite file: one more share of a generation, tied
 * to no trustee (nobody is e-mailed about it), put away by the owner's device (its handover), and
 * counted toward k. Hostile input: a second executor, an executor blob that opens something, an
 * executor-only generation, re-sealing its blob, and another account's executor share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import { encodeKitCode, EXECUTOR_KIT_ID, kitFragment, sealTrusteeBlob, trusteeAccessKey } from '../../../shared/crypto/trustee-kit';
import type { KitInfo, KitsState } from '../../../shared/schema/kits';
import type { ReleaseReadiness } from '../../../shared/schema/release';
import { outboxFiles } from '../../test/release-test-support';
import { createTestApp } from '../../test/test-support';
import { kitCall, kitsBody, LEVEL_KEYS, makeKits, ownerWithTrustees, postKits } from '../../test/kit-test-support';
import { sealedWithKits } from '../../test/message-key-test-support';

const issues = async (res: Response) => ((await res.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path);

describe('The executor kit: one more share, kept with the will', () => {
  it('is stored with the trustees\' kits, e-mails nobody, and counts toward k once the owner put it away', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    await o.t.services.escrow.deposit(o.userId, new Map([['msg:6f1c2d3e-0000-4000-8000-000000000001~1', new Uint8Array(32).fill(9)]]));
    await o.t.services.scheduler.runOnce(); // the trustees' welcome e-mails
    const mailsBefore = outboxFiles(o.t.deps.config.dataDir).length;
    const { made, tokens } = await postKits(o, trustees, 2, 1, true);
    const state = await o.get<KitsState>('/api/kits');
    expect(state.pending).toMatchObject({ k: 2, n: 3 });
    expect(state.pending!.kits.map((k) => [k.trusteeId, k.executor])).toEqual([
      [trustees[0]!.id, false],
      [trustees[1]!.id, false],
      [EXECUTOR_KIT_ID, true],
    ]);
    await o.t.services.scheduler.runOnce();
    expect(outboxFiles(o.t.deps.config.dataDir).length).toBe(mailsBefore); // nobody is e-mailed about a kit
    expect(outboxFiles(o.t.deps.config.dataDir).filter((e) => e.text.includes(tokens[2]!))).toEqual([]);

    // Its page says what it is; it never names a trustee.
    const info = (await (await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).json()) as KitInfo;
    expect(info).toMatchObject({ executor: true, trusteeId: EXECUTOR_KIT_ID, index: 3, k: 2, status: 'pending', handedOverAt: null, trusteesWithAccess: [] });
    expect(((await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()) as KitInfo).executor).toBe(false);

    // Put away (the owner's device typed its code back and checked it against the commitment) + one trustee's kit = k.
    const wrong = await kitCall(o, 'POST', `/api/kit/${tokens[2]}/handover`, { commitment: made.kits[0]!.commitment });
    expect(await issues(wrong)).toEqual(['commitment']);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[2]}/handover`, { commitment: made.kits[2]!.commitment })).status).toBe(204);
    expect((await o.get<KitsState>('/api/kits')).current).toBeNull();
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment })).status).toBe(204);
    const after = await o.get<KitsState>('/api/kits');
    expect([after.current?.generation, after.escrowEnded]).toEqual([1, true]);
    // The server never saw the executor kit's share, secret or code: only its commitment.
    o.t.deps.db.pragma('wal_checkpoint(TRUNCATE)');
    const file = readFileSync(join(o.t.deps.config.dataDir, 'afterword.db')).toString('latin1');
    const ex = made.kits[2]!;
    for (const secret of [toB64url(ex.kit.share), toB64url(ex.kit.t), kitFragment(ex.kit), encodeKitCode(ex.kit), toB64url(ex.gate)]) expect(file).not.toContain(secret);
    const texts = (await o.t.services.release.store.activity(o.userId)).map((a) => a.text);
    expect(texts).toContain('The executor kit was checked and put away. Keep it with your will.');

    // The readiness panel counts it as a working kit and shows it, never as a removed trustee's.
    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r.kits).toMatchObject({ current: true, k: 2, n: 3, removedHolders: 0, executor: { madeAt: expect.any(String), putAwayAt: expect.any(String) } });
    expect(r.missing.filter((m) => /no longer your trustee|nothing can be released/.test(m))).toEqual([]);
  });

  it('refuses a second executor kit, an executor blob that opens something, an executor-only generation, and re-sealing its blob', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    const good = kitsBody(await makeKits(o, trustees, 2, 1, true));
    const ex = good.kits[2]!;
    // A second executor kit.
    const twice = { ...good, kits: [...good.kits, { ...ex, index: 4 }] };
    const r1 = await o.t.call('POST', '/api/kits', twice, o.cookie);
    expect(r1.status).toBe(400);
    expect(await issues(r1)).toContain('kits.3.trusteeId');
    // An executor blob holding level keys (a hostile device trying to give the executor access).
    const ctx = { account: o.userId, trusteeId: EXECUTOR_KIT_ID, generation: 1 };
    const key = await trusteeAccessKey(new Uint8Array(32), new Uint8Array(32), new Uint8Array(16), ctx);
    const blob = await sealTrusteeBlob(key, ctx, LEVEL_KEYS.full);
    const r2 = await o.t.call('POST', '/api/kits', { ...good, kits: good.kits.map((k, i) => (i === 2 ? { ...k, blob } : k)) }, o.cookie);
    expect(r2.status).toBe(400);
    expect(await issues(r2)).toEqual(['kits.2.blob']);
    // An executor kit alone.
    const r3 = await o.t.call('POST', '/api/kits', { ...good, k: 1, kits: [{ ...ex, index: 1 }] }, o.cookie);
    expect(r3.status).toBe(400);
    expect(await issues(r3)).toEqual(['kits']);
    expect(await o.get<KitsState>('/api/kits')).toEqual({ current: null, pending: null, escrowEnded: false });
    // Stored: its blob cannot be replaced by one that opens something.
    expect((await o.t.call('POST', '/api/kits', good, o.cookie)).status).toBe(201);
    const r4 = await o.t.call('PUT', '/api/kits/1/blobs', { blobs: { [EXECUTOR_KIT_ID]: blob } }, o.cookie);
    expect(r4.status).toBe(422);
    expect(await issues(r4)).toEqual([`blobs.${EXECUTOR_KIT_ID}`]);
  });

  it('an executor share is checked against its own account\'s kit: another account\'s executor code is refused', async () => {
    const a = await ownerWithTrustees(['ann', 'bob']);
    const b = await ownerWithTrustees(['cy', 'dee'], [], a.o.t);
    const ka = await postKits(a.o, a.trustees, 2, 1, true);
    const kb = await postKits(b.o, b.trustees, 2, 1, true);
    // B's executor commitment on A's executor kit: refused, nothing recorded.
    expect(await issues(await kitCall(a.o, 'POST', `/api/kit/${ka.tokens[2]}/handover`, { commitment: kb.made.kits[2]!.commitment }))).toEqual(['commitment']);
    expect(((await (await kitCall(a.o, 'GET', `/api/kit/${ka.tokens[2]}`)).json()) as KitInfo).handedOverAt).toBeNull();
    // Confirming with it is refused the same way (kit-release.test.ts "an executor kit plus one trustee").
  });

  it('cannot be chosen to hand a letter over: a hand-delivered message is bound only to trustees\' kits', async () => {
    const { w, ring } = await sealedWithKits({ executor: true });
    const kid = ring.kids().find((k) => k.startsWith('msg:m1~'))!;
    const wrap = `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`;
    const res = await w.t.call('PUT', '/api/kits/messages/m1', { generation: 1, mode: 'trustee', kid, handovers: [{ trusteeId: EXECUTOR_KIT_ID, wrap }] }, w.cookie);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await issues(res)).toEqual(['handovers.0.trusteeId']);
    expect((await w.t.services.messageKeys.list(w.userId)).messages).toEqual([]);
  });

  it('the readiness panel says when the executor kit in force was never put away, until it is', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    const { made, tokens } = await postKits(o, trustees, 2, 1, true);
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
    const line = 'Your executor kit has not been put away yet: print it, put it with your will, and type its code back under Trustee kits.';
    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r.kits!.executor).toMatchObject({ putAwayAt: null });
    expect(r.missing).toContain(line);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[2]}/handover`, { commitment: made.kits[2]!.commitment })).status).toBe(204);
    expect((await o.get<ReleaseReadiness>('/api/release/readiness')).missing).not.toContain(line);
  });

  it('a re-key makes a new executor kit; the old one stops with its generation', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    const first = await postKits(o, trustees, 2, 1, true);
    for (const i of [0, 2]) expect((await kitCall(o, 'POST', `/api/kit/${first.tokens[i]}/handover`, { commitment: first.made.kits[i]!.commitment })).status).toBe(204);
    const next = await postKits(o, trustees, 2, 2, true);
    // The old executor kit works until k new kits are handed over (the new executor kit counts).
    expect(((await (await kitCall(o, 'GET', `/api/kit/${first.tokens[2]}`)).json()) as KitInfo).status).toBe('current');
    for (const i of [2, 1]) expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[i]}/handover`, { commitment: next.made.kits[i]!.commitment })).status).toBe(204);
    expect((await o.get<KitsState>('/api/kits')).current?.generation).toBe(2);
    expect(((await (await kitCall(o, 'GET', `/api/kit/${first.tokens[2]}`)).json()) as KitInfo).status).toBe('retired');
    expect((await kitCall(o, 'POST', `/api/kit/${first.tokens[2]}/check`, {})).status).toBe(410);
    expect((await kitCall(o, 'POST', `/api/kit/${first.tokens[2]}/confirm`, { share: toB64url(first.made.kits[2]!.kit.share) })).status).toBe(410);
    expect((await o.get<ReleaseReadiness>('/api/release/readiness')).kits).toMatchObject({ n: 3, removedHolders: 0, executor: { putAwayAt: expect.any(String) } });
  });

  it('fits beside as many trustees as an account may have (shared/limits.ts trustees), never two', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ trustees: 2 }) });
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob'], [], t);
    const good = kitsBody(await makeKits(o, trustees, 3, 1, true));
    const twice = { ...good, kits: [...good.kits, { ...good.kits[2]!, index: 4 }] };
    expect((await o.t.call('POST', '/api/kits', twice, o.cookie)).status).toBe(400);
    const res = await o.t.call('POST', '/api/kits', good, o.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
  });
});
