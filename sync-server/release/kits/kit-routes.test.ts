/**
 * Trustee kits through the real Hono app over a real SQLite file (contract §2): the owner's routes,
 * the handover that makes a generation current and ends the escrow, re-keying, and hostile
 * requests (another account's trustees and tokens, a retired kit, bodies with t, oversize bodies).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import { newKdfParams } from '../../../shared/crypto/kdf';
import type { ReleaseReadiness } from '../../../shared/schema/release';
import { loggablePath } from '../../http/errors';
import { UNDEPOSITED_TEXT } from '../release-keys';
import { KIT_REQUESTS_PER_10_MIN } from './public-routes';
import type { KitsState } from '../../../shared/schema/kits';
import { createTestApp } from '../../test/test-support';
import { kitCall, kitsBody, makeKits, ownerWithTrustees, postKits } from '../../test/kit-test-support';

const ESCROWED = new Map([['msg:6f1c2d3e-0000-4000-8000-000000000001~1', new Uint8Array(32).fill(9)]]);

describe('Trustee kits: the owner makes them, trustees hand them over, the escrow ends', () => {
  it('stores a pending generation, shows each kit with its token and fingerprint, and keeps gates only sealed', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    const { made, tokens } = await postKits(o, trustees, 2);
    const state = await o.get<KitsState>('/api/kits');
    expect(state.current).toBeNull();
    expect(state.escrowEnded).toBe(false);
    expect(state.pending).toMatchObject({ generation: 1, k: 2, n: 3, ownerCopy: 'o1.1.opaque-to-the-server' });
    expect(state.pending!.kits.map((k) => [k.trusteeId, k.index, k.token, k.fingerprint, k.handedOverAt])).toEqual(
      made.kits.map((m, i) => [m.trusteeId, m.kit.index, tokens[i], m.fingerprint, null]),
    );
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{22}$/.test(t))).toBe(true);
    // No gate, share, t or Q is in the database file in any form the server was given or could derive.
    o.t.deps.db.pragma('wal_checkpoint(TRUNCATE)');
    const file = readFileSync(join(o.t.deps.config.dataDir, 'afterword.db')).toString('latin1');
    for (const m of made.kits) for (const secret of [m.gate, m.kit.share, m.kit.t]) expect(file).not.toContain(toB64url(secret));
    expect(file).not.toContain(toB64url(made.q));
  });

  it('makes the generation current at k handovers: the escrow is deleted, and a re-key retires the old kits at k new handovers', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    await o.t.services.escrow.deposit(o.userId, ESCROWED);
    const { made, tokens } = await postKits(o, trustees, 2);
    const info = async (token: string) => (await (await kitCall(o, 'GET', `/api/kit/${token}`)).json()) as Record<string, unknown>;
    expect(await info(tokens[0]!)).toMatchObject({
      ownerFirstName: 'Ada',
      account: o.userId,
      trusteeId: trustees[0]!.id,
      generation: 1,
      index: 1,
      k: 2,
      commitment: made.kits[0]!.commitment,
      fingerprint: made.kits[0]!.fingerprint,
      status: 'pending',
      phase: 'active',
      confirmed: false,
      handedOverAt: null,
    });
    // A wrong commitment is named and records nothing.
    const wrong = await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[1]!.commitment });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { issues: Array<{ path: string }> }).issues[0]!.path).toBe('commitment');
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment })).status).toBe(204);
    expect((await o.get<KitsState>('/api/kits')).pending).not.toBeNull();
    expect((await o.t.services.escrow.status(o.userId))?.keyCount).toBe(1); // not before k kits are handed over
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[1]}/handover`, { commitment: made.kits[1]!.commitment })).status).toBe(204);
    const after = await o.get<KitsState>('/api/kits');
    expect(after.pending).toBeNull();
    expect(after.current?.generation).toBe(1);
    expect(after.escrowEnded).toBe(true);
    expect(await o.t.services.escrow.status(o.userId)).toBeNull();
    // A deposit that passed the route's check just before the last handover writes nothing either.
    expect(await o.t.services.escrow.deposit(o.userId, ESCROWED)).toBe(false);
    expect(await o.t.services.escrow.status(o.userId)).toBeNull();
    expect(await info(tokens[0]!)).toMatchObject({ status: 'current' });
    // The yearly check.
    o.t.advance(365 * 86_400_000);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/check`, {})).status).toBe(204);
    expect((await info(tokens[0]!)).checkedAt).toBe(new Date(o.t.deps.now()).toISOString());
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[2]}/check`, {})).status).toBe(409); // never handed over
    await o.signIn(); // the session idled out over the year
    // Re-key: generation 2 stays pending (the old kits keep working) until k of its kits are handed over.
    const next = await postKits(o, trustees, 2, 2);
    expect((await o.get<KitsState>('/api/kits')).current?.generation).toBe(1);
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[i]}/handover`, { commitment: next.made.kits[i]!.commitment })).status).toBe(204);
    expect((await o.get<KitsState>('/api/kits')).current?.generation).toBe(2);
    expect(await info(tokens[0]!)).toMatchObject({ status: 'retired' });
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/check`, {})).status).toBe(410);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[2]}/handover`, { commitment: made.kits[2]!.commitment })).status).toBe(410);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/confirm`, { share: toB64url(made.kits[0]!.kit.share) })).status).toBe(410);
  });

  it('refuses what a hostile owner or stranger sends: foreign or unaccepted trustees, bad k, t in a body, oversize bodies, other accounts\' kits', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    const other = await ownerWithTrustees(['dee', 'eve']);
    const issues = async (res: Response) => ((await res.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
    // Another account's trustee ids.
    const foreign = kitsBody(await makeKits(o, [trustees[0]!, other.trustees[0]!], 2));
    const r1 = await o.t.call('POST', '/api/kits', foreign, o.cookie);
    expect(r1.status).toBe(422);
    expect(await issues(r1)).toEqual(['kits.1.trusteeId']);
    // A trustee who has not accepted.
    const invited = await o.addTrustee('fay');
    await o.t.services.scheduler.runOnce();
    const r2 = await o.t.call('POST', '/api/kits', kitsBody(await makeKits(o, [trustees[0]!, { id: invited.id, level: 'full' }], 1)), o.cookie);
    expect(await issues(r2)).toEqual(['kits.1.trusteeId']);
    // k above n, a repeated index, a generation that is not the next one.
    const good = kitsBody(await makeKits(o, trustees, 2));
    expect(await issues(await o.t.call('POST', '/api/kits', { ...good, k: 4 }, o.cookie))).toContain('k');
    const dup = { ...good, kits: good.kits.map((k, i) => ({ ...k, index: i === 2 ? 1 : k.index })) };
    expect(await issues(await o.t.call('POST', '/api/kits', dup, o.cookie))).toContain('kits');
    const r3 = await o.t.call('POST', '/api/kits', { ...good, generation: 5 }, o.cookie);
    expect(r3.status).toBe(409);
    expect(await issues(r3)).toEqual(['generation']);
    // A kit secret t is never accepted: bodies are strict.
    expect(await issues(await o.t.call('POST', '/api/kits', { ...good, kits: good.kits.map((k) => ({ ...k, t: 'AAAA' })) }, o.cookie))).toContain('kits.0');
    // Oversize: a blob over its limit, and a body over the server's.
    expect(await issues(await o.t.call('POST', '/api/kits', { ...good, kits: good.kits.map((k) => ({ ...k, blob: 'x'.repeat(70_000) })) }, o.cookie))).toContain('kits.0.blob');
    expect((await o.t.call('POST', '/api/kits', { ...good, ownerCopy: 'x'.repeat(o.t.deps.config.limits.requestBytes + 1) }, o.cookie)).status).toBe(413);
    // Without a session.
    expect((await o.t.call('POST', '/api/kits', good)).status).toBe(401);
    expect((await o.t.call('GET', '/api/kits')).status).toBe(401);
    // Nothing was stored by any of those.
    expect(await o.get<KitsState>('/api/kits')).toEqual({ current: null, pending: null, escrowEnded: false });

    const { made, tokens } = await postKits(o, trustees, 2);
    // Another account sees none of it, and cannot re-seal its blobs.
    expect(await other.o.get<KitsState>('/api/kits')).toEqual({ current: null, pending: null, escrowEnded: false });
    expect((await other.o.t.call('PUT', '/api/kits/1/blobs', { blobs: { [trustees[0]!.id]: made.kits[0]!.blob } }, other.o.cookie)).status).toBe(404);
    // The owner's own: a trustee without a kit is named.
    const r4 = await o.t.call('PUT', '/api/kits/1/blobs', { blobs: { [other.trustees[0]!.id]: made.kits[0]!.blob } }, o.cookie);
    expect(r4.status).toBe(422);
    expect(await issues(r4)).toEqual([`blobs.${other.trustees[0]!.id}`]);
    expect((await o.t.call('PUT', '/api/kits/1/blobs', { blobs: { [trustees[0]!.id]: made.kits[1]!.blob } }, o.cookie)).status).toBe(204);
    // Public routes: unknown or malformed tokens are 404; t in a handover is refused by name.
    expect((await kitCall(o, 'GET', '/api/kit/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await kitCall(o, 'GET', '/api/kit/short')).status).toBe(404);
    const r5 = await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment, t: toB64url(made.kits[0]!.kit.t) });
    expect(r5.status).toBe(400);
    expect(await issues(r5)).toEqual(['']);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/confirm`, { share: toB64url(made.kits[0]!.kit.share) })).status).toBe(409); // nothing asks for it
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}/access`)).status).toBe(403);
    // An oversize share is refused by name before anything is checked.
    expect(await issues(await kitCall(o, 'POST', `/api/kit/${tokens[0]}/confirm`, { share: toB64url(new Uint8Array(300)) }))).toEqual(['share']);
    // A removed trustee's kit stops working at once.
    expect((await o.t.call('DELETE', `/api/trustees/${trustees[2]!.id}`, undefined, o.cookie)).status).toBeLessThan(300);
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).status).toBe(404);
  });

  it('rate-limits the kit routes per address like the other token links, and never logs a kit token', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann']);
    const { tokens } = await postKits(o, trustees, 1);
    const statuses: number[] = [];
    for (let i = 0; i <= KIT_REQUESTS_PER_10_MIN; i++) statuses.push((await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).status);
    expect(statuses.slice(0, KIT_REQUESTS_PER_10_MIN).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    o.t.advance(10 * 60_000);
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).status).toBe(200);
    expect(loggablePath(`/api/kit/${tokens[0]}/confirm`)).toBe('/api/kit/:token/confirm');
    expect(loggablePath(`/kit/${tokens[0]}`)).toBe('/kit/:token');
  });

  it('a sealed account: the readiness panel stops asking for deposits once the escrow ended', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    const kids = ['plan~1', 'msg:6f1c2d3e-0000-4000-8000-000000000001~1', 'msg:6f1c2d3e-0000-4000-8000-000000000002~1']; // the escrow takes the two messages' keys only
    const keyring = { v: 1 as const, ak: 1, keys: Object.fromEntries(kids.map((k) => [k, `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`])) };
    const made = { kdf: newKdfParams('argon2id'), akVersion: 1, akPassword: `w1.${'C'.repeat(16)}.${'D'.repeat(64)}`, akRecovery: null, keyring, proofHash: 'ab'.repeat(32) };
    expect(await o.t.services.keys.create(o.userId, made, o.t.deps.now())).toBe(true);
    await o.t.services.keys.setSealedAt(o.userId, o.t.deps.now());
    const missing = async () => (await o.get<ReleaseReadiness>('/api/release/readiness')).missing;
    expect(await missing()).toContain(UNDEPOSITED_TEXT(2));
    const { made: gen, tokens } = await postKits(o, trustees, 1);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: gen.kits[0]!.commitment })).status).toBe(204);
    const after = await missing();
    expect(after).not.toContain(UNDEPOSITED_TEXT(2));
    expect(after.filter((l) => l.includes('not been left with Afterword'))).toEqual([]);
  });

  it('a batch of message choices counts one write per message against the account\'s budget (shared/limits.ts writesPerMinute)', async () => {
    const { o } = await ownerWithTrustees([], [], createTestApp({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ writesPerMinute: 10 }) }));
    o.t.advance(60_000); // a fresh minute
    const choice = (n: number) => ({ messageId: `m${n}`, choice: { generation: 1, mode: 'server', kid: `msg:m${n}~1`, gate: toB64url(new Uint8Array(32)), wrap: `w1.${'A'.repeat(16)}.${'B'.repeat(64)}` } });
    const batch = await o.t.call('PUT', '/api/kits/messages', { choices: Array.from({ length: 10 }, (_, n) => choice(n)) }, o.cookie);
    expect(batch.status).toBe(200); // each refused (no such message), but each was looked at
    expect((await o.t.call('PUT', '/api/kits/messages', { choices: [choice(99)] }, o.cookie)).status).toBe(429);
  });
});
