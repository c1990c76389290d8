/**
 * Making and re-opening trustee kits on the owner's device (make-kits.ts) against the REAL server
 * (createApp over a SQLite file, sync-server/kits/) with the REAL key session (key-session.ts,
 * its device store in Dexie over fake-indexeddb, unlocked by the password) and the trustees as
 * the device's own database holds them after a sync: three accepted trustees, 2 of 3. Each link's
 * fragment is a kit that matches its commitment on the server; a second device of the owner opens
 * the same kits from the owner copy; a server that mixes kits up is caught; handing over 2 kits
 * makes them current and ends the escrow; re-keying makes a pending generation.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { commitShare } from '../../../../shared/crypto/shamir';
import { openTrusteeBlob, parseKitCode, parseKitFragment, trusteeAccessKey, EXECUTOR_KIT_ID } from '../../../../shared/crypto/trustee-kit';
import type { ReleaseTrustee } from '../../../../shared/schema/release';
import { appTransport } from '../../../../sync-server/test/client-test-support';
import { makeDeviceKeys, rememberedDerive } from '../../../../sync-server/test/test-keys';
import { outboxFiles, ownerOn, type Owner } from '../../../../sync-server/test/release-test-support';
import { createTestApp } from '../../../../sync-server/test/test-support';
import { openOnDevice } from '../../../db/test-device';
import { createSyncEngine } from '../../../sync/engine';
import { createDeviceKeyStore } from '../../keys/device-key-store';
import { depositEscrow } from '../../keys/escrow-deposit';
import { createKeySession } from '../../keys/key-session';
import { apiOver } from '../../keys/test-migrate';
import { kitCandidates } from './kit-plan';
import { getKits, type KitsState } from './kits-api';
import { KitSetupError, levelKeys, makeKits, openHandouts } from './make-kits';
import { putAwayExecutorKit } from './executor-kit';

const ORIGIN = 'https://afterword.example';

/** The owner with three accepted trustees (full, full, documents-only) and keys; the key session of one device, unlocked. */
async function ownerWithAcceptedTrustees() {
  const t = createTestApp();
  const o = await ownerOn(t);
  const levels = { grace: 'full', alan: 'full', mary: 'documents-only' } as const;
  for (const [who, level] of Object.entries(levels)) await o.addTrustee(who, level);
  await t.services.scheduler.runOnce();
  for (const who of Object.keys(levels)) {
    const invite = outboxFiles(t.deps.config.dataDir).find((e) => e.to.includes(o.addr(who)) && /asked you to be a trustee/.test(e.subject))!;
    expect((await o.open(invite.links[0]!, 'POST')).status).toBe(200);
  }
  const keys = await makeDeviceKeys(o.userId, o.password, 'msg:letter1'); // a message's key: no trustee level holds it
  expect((await t.call('POST', '/api/keys/setup', keys.body, o.cookie)).status).toBe(201);
  return { t, o, session: await openedSession(o) };
}

/** A device of the owner: its key session restored and unlocked with the password. */
async function openedSession(o: Owner) {
  const session = createKeySession({
    api: apiOver(o.t.call, o.cookie),
    device: createDeviceKeyStore(`keys-${Math.random()}`),
    derive: rememberedDerive, // the unlock key makeDeviceKeys derived (test-keys.ts)
  });
  await session.getState().restore(o.userId);
  await session.getState().unlock(o.password);
  expect(session.getState().status).toBe('open');
  return session;
}

/** The trustees as the owner's device holds them after a sync (Dexie over fake-indexeddb). */
async function deviceTrustees(o: Owner) {
  const db = await openOnDevice(o.userId, () => o.t.deps.now());
  const engine = createSyncEngine({ db, transport: appTransport(o.t, o.cookie), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
  const rows = await db.dexie.entities('trustees').toArray();
  db.close();
  return rows;
}

describe('kits made on the owner’s device (make-kits.ts) with the real server and key session', () => {
  it('makes 2-of-3 kits whose links carry kits matching the server’s commitments; another device opens the same kits', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const api = apiOver(o.t.call, o.cookie);
    const server = await api<ReleaseTrustee[]>('/api/release/trustees');
    const candidates = kitCandidates(await deviceTrustees(o), server);
    expect(candidates.map((c) => c.name).sort()).toEqual(['Alan Trustee', 'Grace Trustee', 'Mary Trustee']);

    const state0 = await getKits(api);
    expect(state0).toEqual({ current: null, pending: null, escrowEnded: false });
    const s = session.getState();
    const made = await makeKits(
      { api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! },
      { k: 2, trustees: candidates.map((c) => ({ trusteeId: c.id, level: c.level })), state: state0 },
    );
    expect(made.generation).toBe(1);
    expect(made.kits.map((k) => k.trusteeId)).toEqual(candidates.map((c) => c.id));

    const state = await getKits(api);
    const gen = state.pending ?? state.current!;
    expect(gen).toMatchObject({ generation: 1, k: 2, n: 3 });
    const handouts = await openHandouts({ account: o.userId, withAccountKey: s.withAccountKey }, gen, ORIGIN);
    for (const c of candidates) {
      const h = handouts.get(c.id)!;
      const token = gen.kits.find((k) => k.trusteeId === c.id)!.token;
      expect(h.link.startsWith(`${ORIGIN}/kit/${token}#`)).toBe(true);
      const kit = parseKitFragment(new URL(h.link).hash.slice(1));
      expect(parseKitCode(h.code)).toEqual(kit); // the printed code is the same kit
      // What the kit page checks: the kit's share against the server's commitment.
      const pub = await (await o.t.call('GET', `/api/kit/${token}`)).json();
      expect(pub.commitment).toBe(await commitShare({ account: o.userId, generation: 1 }, { index: kit.index, bytes: kit.share }));
      expect(pub.fingerprint).toBe(h.fingerprint);
      expect(h.level).toBe(c.level);
    }
    // The server never saw a kit: no share, no t, no fragment in its file.
    const raw = (await import('node:fs')).readFileSync(`${o.t.deps.config.dataDir}/afterword.db`);
    for (const h of handouts.values()) expect(raw.includes(Buffer.from(new URL(h.link).hash.slice(1)))).toBe(false);

    // Another device of the owner (its own device store, the password) shows the very same kits.
    const other = await openedSession(o);
    const again = await openHandouts({ account: o.userId, withAccountKey: other.getState().withAccountKey }, gen, ORIGIN);
    expect([...again.values()].map((h) => h.link)).toEqual([...handouts.values()].map((h) => h.link));
  });

  it('each level gets exactly its scopes’ keys from the keyring, never a message’s key', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const s = session.getState();
    const ring = s.keyring!;
    expect([...levelKeys(ring, 'documents-only').keys()]).toEqual(['docs~1']);
    expect([...levelKeys(ring, 'full').keys()].sort()).toEqual(['docs~1', 'index~1', 'owner~1', 'plan~1']);
    expect([...levelKeys(ring, 'messages-only').keys()]).toEqual(['index~1']);
    void o;
  });

  it('refuses a server list that does not match the owner copy (kits swapped between trustees), before anything is shown', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const api = apiOver(o.t.call, o.cookie);
    const candidates = kitCandidates(await deviceTrustees(o), await api<ReleaseTrustee[]>('/api/release/trustees'));
    const s = session.getState();
    await makeKits({ api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! }, { k: 2, trustees: candidates.map((c) => ({ trusteeId: c.id, level: c.level })), state: await getKits(api) });
    const state = await getKits(api);
    const gen = state.pending ?? state.current!;
    const [a, b] = gen.kits;
    const swapped = { ...gen, kits: [{ ...a!, token: b!.token, fingerprint: b!.fingerprint, index: b!.index }, { ...b!, token: a!.token, fingerprint: a!.fingerprint, index: a!.index }, gen.kits[2]!] };
    await expect(openHandouts({ account: o.userId, withAccountKey: s.withAccountKey }, swapped, ORIGIN)).rejects.toThrow(KitSetupError);
    // Another account's copy never opens with this AK.
    await expect(openHandouts({ account: 'someone-else', withAccountKey: s.withAccountKey }, gen, ORIGIN)).rejects.toThrow();
  });

  it('refuses k outside 1 … n and an empty choice before anything is sent', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const api = apiOver(o.t.call, o.cookie);
    const s = session.getState();
    const deps = { api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! };
    const state = await getKits(api);
    const one = [{ trusteeId: 'x', level: 'full' as const }];
    await expect(makeKits(deps, { k: 2, trustees: one, state })).rejects.toThrow('Choose how many kits are needed: from 1 to 1.');
    await expect(makeKits(deps, { k: 1, trustees: [], state })).rejects.toThrow(KitSetupError);
    await expect(makeKits(deps, { k: 1, trustees: [...one, ...one], state })).rejects.toThrow('Each trustee can hold only one kit.');
    expect(await getKits(api)).toEqual(state);
  });

  it('two kits handed over make the generation current and end the escrow; re-keying makes a pending one while the old stays', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const api = apiOver(o.t.call, o.cookie);
    const candidates = kitCandidates(await deviceTrustees(o), await api<ReleaseTrustee[]>('/api/release/trustees'));
    const s = session.getState();
    const deps = { api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! };
    const trustees = candidates.map((c) => ({ trusteeId: c.id, level: c.level }));
    await makeKits(deps, { k: 2, trustees, state: await getKits(api) });
    let state: KitsState = await getKits(api);
    const gen1 = state.pending ?? state.current!;
    const handouts = await openHandouts(deps, gen1, ORIGIN);
    for (const c of candidates.slice(0, 2)) {
      const h = handouts.get(c.id)!;
      const kit = parseKitFragment(new URL(h.link).hash.slice(1));
      const commitment = await commitShare({ account: o.userId, generation: 1 }, { index: kit.index, bytes: kit.share });
      expect((await o.t.call('POST', `/api/kit/${h.token}/handover`, { commitment })).status).toBe(204);
    }
    state = await getKits(api);
    expect(state.current?.generation).toBe(1);
    expect(state.pending).toBeNull();
    expect(state.escrowEnded).toBe(true);
    expect(state.current!.kits.filter((k) => k.handedOverAt).length).toBe(2);
    // The device no longer deposits: the escrow has ended (the server refuses a deposit, 409).
    expect(await depositEscrow({ api, keyring: s.keyring!, device: createDeviceKeyStore(`dk-${Math.random()}`), userId: o.userId })).toEqual({ outcome: 'ended', keyCount: 0 });
    expect(await api<{ keyCount: number }>('/api/release/escrow')).toMatchObject({ keyCount: 0, ended: true });

    // Re-key without the third trustee: generation 2 waits, generation 1 still current.
    await makeKits(deps, { k: 2, trustees: trustees.slice(0, 2), state });
    state = await getKits(api);
    expect(state.current?.generation).toBe(1);
    expect(state.pending).toMatchObject({ generation: 2, k: 2, n: 2 });
    const gen2 = await openHandouts(deps, state.pending!, ORIGIN);
    expect(gen2.size).toBe(2);
    // The new kit opens its trustee's blob only with Q and the gate, which the device alone holds now.
    const made = await s.withAccountKey(async (ak) => (await import('../../../../shared/crypto/trustee-kit')).openOwnerCopy(ak, o.userId, state.pending!.ownerCopy));
    const m = made.kits.find((x) => x.level === 'full')!;
    const keys = await openTrusteeBlob(await trusteeAccessKey(made.q, m.gate, m.kit.t, { account: o.userId, trusteeId: m.trusteeId, generation: 2 }), { account: o.userId, trusteeId: m.trusteeId, generation: 2 }, m.blob);
    expect([...keys.keys()].sort()).toEqual(['docs~1', 'index~1', 'owner~1', 'plan~1']);
  });

  it('an executor kit: made after the trustees’ kits (k of n + 1), put away by typing its printed code back; a typo or a trustee’s code is refused; it counts toward k', async () => {
    const { o, session } = await ownerWithAcceptedTrustees();
    const api = apiOver(o.t.call, o.cookie);
    const candidates = kitCandidates(await deviceTrustees(o), await api<ReleaseTrustee[]>('/api/release/trustees'));
    const s = session.getState();
    const deps = { api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! };
    const trustees = candidates.slice(0, 2).map((c) => ({ trusteeId: c.id, level: c.level }));
    await expect(makeKits(deps, { k: 4, trustees, state: await getKits(api), executor: true })).rejects.toThrow('Choose how many kits are needed: from 1 to 3.');
    const answer = await makeKits(deps, { k: 2, trustees, state: await getKits(api), executor: true });
    expect(answer.kits.map((k) => k.trusteeId)).toEqual([...trustees.map((t) => t.trusteeId), EXECUTOR_KIT_ID]);
    let state = await getKits(api);
    expect(state.pending).toMatchObject({ k: 2, n: 3 });
    const handouts = await openHandouts(deps, state.pending!, ORIGIN);
    const ex = handouts.get(EXECUTOR_KIT_ID)!;
    expect(ex).toMatchObject({ executor: true, index: 3, k: 2, n: 3 });
    expect(handouts.get(trustees[0]!.trusteeId)!.executor).toBe(false);
    // A typo is named by its group, another kit's code is refused: nothing is sent.
    const groups = ex.code.split('-');
    const typo = [...groups.slice(0, 4), groups[4]!.slice(0, 4) + (groups[4]!.endsWith('0') ? '1' : '0'), ...groups.slice(5)].join('-');
    await expect(putAwayExecutorKit(deps, ex, typo)).rejects.toThrow(/^Group 5 does not look right/);
    await expect(putAwayExecutorKit(deps, ex, handouts.get(trustees[0]!.trusteeId)!.code)).rejects.toThrow('This is not the code of this executor kit.');
    expect((await getKits(api)).pending!.kits.every((k) => k.handedOverAt === null)).toBe(true);
    // Typed back (in small letters, spaced as read aloud): put away; with one trustee's kit it makes k.
    await putAwayExecutorKit(deps, ex, groups.join(' ').toLowerCase());
    expect((await getKits(api)).pending!.kits.find((k) => k.executor)!.handedOverAt).not.toBeNull();
    const first = handouts.get(trustees[0]!.trusteeId)!;
    expect((await o.t.call('POST', `/api/kit/${first.token}/handover`, { commitment: first.commitment })).status).toBe(204);
    state = await getKits(api);
    expect([state.current?.generation, state.escrowEnded]).toEqual([1, true]);
  });
});
