/**
 * Test support for messages with trustee kits (imported only by *.test.ts): a sealed account on
 * the real app over a real SQLite file whose device (Dexie over fake-indexeddb, the real sync
 * engine) wrote two letters and three trustees, who accepted; kits 2 of 3 made as the owner's
 * device makes them (owner copy under a test AK) and all handed over; and the device's
 * delivery-choice deps (web/features/message-vault/delivery-choice.ts) over that app.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { EXECUTOR_KIT, makeGeneration, sealOwnerCopy } from '../../shared/crypto/trustee-kit';
import type { DeliveryChoiceDeps } from '../../web/features/message-vault/delivery-choice';
import { sealedChoicesOf } from '../../web/features/message-vault/sealed-choice';
import { createSyncEngine } from '../../web/sync/engine';
import { createSealedWorld, type SealedWorld } from '../../web/sync/test-sealed';
import { LEVEL_KEYS } from './kit-test-support';
import { lapseUntilTrusteesAsked } from './release-test-support';

export const LETTER = { server: 'Canary-Letter-Axolotl: the server brings you this.', handed: 'Canary-Letter-Pangolin: Bob brings you this by hand.' };
export const AT = '2026-11-21T12:00:00.000Z';

/** An `Api` (web/features/keys/sign-in.ts) over the real app with `cookie`: JSON in and out, throws on a non-2xx answer. */
export const apiOf =
  (w: SealedWorld, cookie: string) =>
  async <T,>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const res = await w.t.call(init?.method ?? 'GET', path, init?.body, cookie);
    if (!res.ok) throw Object.assign(new Error(`${path}: ${res.status} ${await res.text()}`), { status: res.status });
    return (res.status === 204 ? null : await res.json()) as T;
  };

/**
 * A sealed account with letters m1 (to annabella) and m2 (to bert), trustees ann, bob, cy who
 * accepted, and kits 2 of 3 (owner copy under a test AK) all handed over (`handOver: false`: none,
 * so the kits stay pending and the escrow stands). `m2DaysAhead`: m2's delivery date, `m2DaysAhead`
 * days after the test clock's now (default: none, at the release). `executor`: the executor kit as a
 * fourth kit (2 of 4). `before`: the letters are made as a device before sealed choices made them,
 * with no choice in their records (`delivery: null`), where today's device seals the default.
 */
export async function sealedWithKits(opts: { m2DaysAhead?: number; handOver?: boolean; executor?: boolean; before?: boolean } = {}) {
  const tag = Math.random().toString(36).slice(2, 8);
  const addr = (who: string) => `${who}-${tag}@example.com`;
  const w = await createSealedWorld({ PUBLIC_URL: 'http://afterword.test' });
  const db = await w.device();
  const keys = await w.keysFor();
  const sync = async () => {
    const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
  };
  await sync();
  // Made as the device's create makes a letter (`creates`: it minted the id), or before sealed choices with none.
  const older = opts.before ? { delivery: null } : {};
  const m2Date = opts.m2DaysAhead === undefined ? null : new Date(w.t.deps.now() + opts.m2DaysAhead * 86_400_000).toISOString();
  await db.writeMany([
    { collection: 'messages', id: 'm1', creates: true, patch: { recipientName: 'Annabella', recipientEmail: addr('annabella'), messageType: 'text', messageContent: LETTER.server, deliveryDate: null, createdAt: AT, ...older } },
    { collection: 'messages', id: 'm2', creates: true, patch: { recipientName: 'Bert', recipientEmail: addr('bert'), messageType: 'text', messageContent: LETTER.handed, deliveryDate: m2Date, createdAt: AT, ...older } },
  ]);
  for (const [id, who] of [['tr1', 'ann'], ['tr2', 'bob'], ['tr3', 'cy']] as const) await db.write('trustees', id, { name: who, email: addr(who), accessLevel: 'full', createdAt: AT });
  await sync();
  await w.t.services.scheduler.runOnce(); // invites them
  for (const id of ['tr1', 'tr2', 'tr3']) expect(await w.t.services.release.acceptInvitation(w.userId, id)).toBe(true);

  const ak = new Uint8Array(randomBytes(32));
  const trustees = [...['tr1', 'tr2', 'tr3'].map((trusteeId) => ({ trusteeId, level: 'full' as const })), ...(opts.executor ? [EXECUTOR_KIT] : [])];
  const api = apiOf(w, w.cookie);
  const { made, token } = await postKitGeneration(w, api, ak, 1, trustees, opts.handOver !== false);
  const ring = await w.accountRing();
  const device: DeliveryChoiceDeps = { api, account: w.userId, withAccountKey: (use) => use(ak), keyring: ring, choices: sealedChoicesOf(db) };
  return { w, addr, made, token, ring, device, api, ak, db, sync };
}

/**
 * Makes kit generation `generation` (2 of `trustees`) as the owner's device does, with its owner
 * copy under `ak`, posts it, and with `handOver` hands every kit over (the generation comes into
 * force, retiring the one before). Returns what was made and each trustee's kit token.
 */
export async function postKitGeneration(w: SealedWorld, api: ReturnType<typeof apiOf>, ak: Uint8Array, generation: number, trustees: Parameters<typeof makeGeneration>[0]['trustees'], handOver = true) {
  const made = await makeGeneration({ account: w.userId, generation, k: 2, trustees, levelKeys: (l) => LEVEL_KEYS[l] });
  const answer = await api<{ kits: Array<{ trusteeId: string; token: string }> }>('/api/kits', {
    method: 'POST',
    body: {
      generation,
      k: 2,
      checkValue: made.checkValue,
      ownerCopy: await sealOwnerCopy(ak, w.userId, made),
      kits: made.kits.map((m) => ({ trusteeId: m.trusteeId, index: m.kit.index, commitment: m.commitment, gate: toB64url(m.gate), blob: m.blob })),
    },
  });
  const token = (id: string) => answer.kits.find((k) => k.trusteeId === id)!.token;
  if (handOver) for (const m of made.kits) expect((await w.t.call('POST', `/api/kit/${token(m.trusteeId)}/handover`, { commitment: m.commitment })).status).toBe(204);
  return { made, token };
}

/** Lets the check-ins lapse until the trustees are asked to confirm, then ann and bob (tr1, tr2) confirm with their kits: released. */
export async function releaseThroughKits(w: SealedWorld, made: Awaited<ReturnType<typeof makeGeneration>>, token: (id: string) => string) {
  await lapseUntilTrusteesAsked(w);
  const phase = async () => (await w.t.services.release.state(w.userId)).phase;
  for (const id of ['tr1', 'tr2']) {
    const share = toB64url(made.kits.find((m) => m.trusteeId === id)!.kit.share);
    expect((await w.t.call('POST', `/api/kit/${token(id)}/confirm`, { share })).status).toBe(200);
  }
  expect(await phase()).toBe('released');
  await w.t.services.scheduler.runOnce();
}
