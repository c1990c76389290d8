/**
 * A server that lies about release keys (issue 39 "No back door", attack 4; SECURITY.md "What this
 * device pins"): the owner's device's own escrow deposit (web/features/keys/escrow-deposit.ts) and
 * delivery choices (web/features/message-vault/delivery-choice.ts), each device with its Dexie
 * database and device-key-store over fake-indexeddb, against the real Hono app over a real SQLite
 * file whose answers a test replaces. Every request (method, path, body) is recorded: no message
 * key is deposited, no hand-over letter is wrapped for the server and no emergency bundle is sealed
 * for a kit generation this device has seen replaced; the person is told.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import type { Keyring } from '../../shared/crypto/keys';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { depositEscrow } from '../../web/features/keys/escrow-deposit';
import { ESCROW_KEPT_WORDS, HANDOVER_MISMATCH_WORDS } from '../../web/features/keys/refusal-words';
import type { Api } from '../../web/features/keys/sign-in';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from '../../web/features/message-vault/delivery-choice';
import { sealedChoicesOf } from '../../web/features/message-vault/sealed-choice';
import { choicesInMemory } from '../../web/features/message-vault/test-choices';
import { createSyncEngine } from '../../web/sync/engine';
import { serverRecords } from '../test/client-test-support';
import { postKitGeneration, sealedWithKits } from '../test/message-key-test-support';
import type { DeathPlan, Trustee } from '../../shared/schema';
import type { KitsState } from '../../shared/schema/kits';
import type { EmergencyChoice } from '../../shared/schema/trustee';
import { EmergencyAccessError, sealEmergency } from '../../web/features/emergency/emergency-access';
import { resealStale } from '../../web/features/emergency/emergency-follow';
import { retiredKitsText } from '../../web/features/emergency/emergency-words';

/** A lie: given the real answer's thunk, what the server says instead. */
type Lie = (real: () => Promise<unknown>) => unknown;

/** `api` with `lies` by "METHOD /path", recording every request as "METHOD /path body". */
function lying(api: Api) {
  const lies = new Map<string, Lie>();
  const sent: string[] = [];
  const over: Api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    sent.push(`${key} ${init.body === undefined ? '' : JSON.stringify(init.body)}`);
    const lie = lies.get(key);
    return (lie ? lie(() => api(path, init)) : api<T>(path, init)) as T;
  };
  return { api: over, lies, sent };
}

/** Every message key of `ring`, raw, base64url: none may appear in a request. */
const messageKeys = (ring: Keyring) => ring.kids().filter((kid) => kid.startsWith('msg:')).map((kid) => toB64url(ring.raw(kid)!));

describe('a server that lies gets no release key', () => {
  it('attack 4: escrow `ended: false` after k kits were handed over: nothing deposited, the escrow asked to be deleted, the person told', async () => {
    const { w, ring, api } = await sealedWithKits(); // kits 2 of 3, all handed over: the escrow has ended
    const userId = w.userId;
    const keys = messageKeys(ring);
    expect(keys.length).toBe(2);
    const device = createDeviceKeyStore(`dk-${Math.random()}`);
    const l = lying(api);
    expect(await depositEscrow({ api: l.api, keyring: ring, device, userId })).toEqual({ outcome: 'ended', keyCount: 0 });

    // The server now says the escrow is open and empty, and that there are no kits.
    l.lies.set('GET /api/release/escrow', () => ({ keyCount: 0, updatedAt: null, kids: [], ended: false }));
    l.lies.set('GET /api/kits', () => ({ current: null, pending: null, escrowEnded: false }));
    l.sent.length = 0;
    await expect(depositEscrow({ api: l.api, keyring: ring, device, userId })).rejects.toThrow(ESCROW_KEPT_WORDS);
    expect(l.sent.filter((s) => s.startsWith('PUT '))).toEqual([]);
    expect(l.sent).toContain('DELETE /api/release/escrow ');
    for (const body of l.sent) for (const key of keys) expect(body).not.toContain(key);
    // The same again at the next start: the device remembers.
    l.sent.length = 0;
    const again = createDeviceKeyStore(`dk-none-${Math.random()}`);
    await expect(depositEscrow({ api: l.api, keyring: ring, device, userId })).rejects.toThrow(ESCROW_KEPT_WORDS);
    expect(l.sent.filter((s) => s.startsWith('PUT '))).toEqual([]);

    // A device that never saw the escrow end learns it from the kits in force before it deposits.
    const fresh = lying(api);
    fresh.lies.set('GET /api/release/escrow', () => ({ keyCount: 0, updatedAt: null, kids: [], ended: false }));
    await expect(depositEscrow({ api: fresh.api, keyring: ring, device: again, userId })).rejects.toThrow(ESCROW_KEPT_WORDS);
    expect(fresh.sent.filter((s) => s.startsWith('PUT '))).toEqual([]);
    expect(fresh.sent).toContain('DELETE /api/release/escrow ');
    expect(ESCROW_KEPT_WORDS).toMatch(/Nothing was sent\./);
  });

  it('attack 4: a hand-over letter left out of GET /api/kits/messages is never re-wrapped for the server, on the device that chose it or another; the person is told', async () => {
    const { w, ring, device, api, ak, db, sync } = await sealedWithKits();
    const owner = { ...device, choices: sealedChoicesOf(db) };
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(owner, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    await sync(); // the choice travels sealed in the letter's record
    const held = (await serverRecords(w.transport)).find((r) => r.collection === 'messages' && r.id === 'm2')!;
    expect(held.values.delivery).toEqual(expect.any(String)); // an envelope, never the choice in plain
    expect(JSON.stringify(held.values.delivery)).not.toMatch(/trustee|tr2/);

    // Another device of the owner's, with the records synced down.
    const db2 = await w.device();
    const engine = createSyncEngine({ db: db2, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();

    for (const [name, choices] of [
      ['the device that chose it', sealedChoicesOf(db)],
      ['another device', sealedChoicesOf(db2)],
    ] as const) {
      const l = lying(api);
      l.lies.set('GET /api/kits/messages', async (real) => {
        const r = (await real()) as { messages: Array<{ messageId: string }> };
        return { messages: r.messages.filter((m) => m.messageId !== 'm2') };
      });
      const deps = { api: l.api, account: w.userId, withAccountKey: <T,>(use: (k: Uint8Array) => Promise<T>) => use(ak), keyring: ring, choices };
      await expect(syncDeliveryChoices(deps, ['m1', 'm2']), name).rejects.toThrow(HANDOVER_MISMATCH_WORDS);
      expect(l.sent.filter((s) => !s.startsWith('GET ')), name).toEqual([]); // nothing sent at all
      // The same when the server says the server delivers it.
      l.lies.set('GET /api/kits/messages', async (real) => {
        const r = (await real()) as { messages: Array<{ messageId: string; mode: string; trustees: string[] }> };
        return { messages: r.messages.map((m) => (m.messageId === 'm2' ? { ...m, mode: 'server', trustees: [] } : m)) };
      });
      await expect(syncDeliveryChoices(deps, ['m1', 'm2']), name).rejects.toThrow(HANDOVER_MISMATCH_WORDS);
      expect(l.sent.filter((s) => !s.startsWith('GET ')), name).toEqual([]);
    }
    // The server still holds the hand-over as chosen.
    expect((await api<{ messages: Array<{ messageId: string; mode: string }> }>('/api/kits/messages')).messages.find((m) => m.messageId === 'm2')!.mode).toBe('trustee');
    expect(HANDOVER_MISMATCH_WORDS).toMatch(/Nothing was sent\./);
  });

  it('a hand-over chosen before choices were sealed is taken into the letter\'s sealed record at the next honest answer, and kept from then on', async () => {
    const { w, ring, device, api, ak, db, addr } = await sealedWithKits({ before: true });
    // As a device before this change chose it: on the server only, nothing in the letter's record.
    const before = { ...device, choices: choicesInMemory({ m1: null, m2: null }, { m2: addr('bert') }) };
    expect(await syncDeliveryChoices(before, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(before, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2', 'tr3'] })).toBe(true);
    const choices = sealedChoicesOf(db);
    expect(await choices.read('m2')).toBeNull();

    expect(await syncDeliveryChoices({ ...device, choices }, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] });
    expect(await choices.read('m2')).toEqual({ mode: 'trustee', trustees: ['tr2', 'tr3'] });
    expect(await choices.read('m1')).toBeNull(); // the default stays unwritten

    const l = lying(api);
    l.lies.set('GET /api/kits/messages', async (real) => ({ messages: ((await real()) as { messages: Array<{ messageId: string }> }).messages.filter((m) => m.messageId !== 'm2') }));
    const deps = { api: l.api, account: w.userId, withAccountKey: <T,>(use: (k: Uint8Array) => Promise<T>) => use(ak), keyring: ring, choices };
    await expect(syncDeliveryChoices(deps, ['m1', 'm2'])).rejects.toThrow(HANDOVER_MISMATCH_WORDS);
    expect(l.sent.filter((s) => !s.startsWith('GET '))).toEqual([]);
  });

  it('a retired kit generation named as the kits in force gets no emergency bundle sealed for it, at a save or a refresh; the person is told', async () => {
    const { w, api, ak } = await sealedWithKits(); // generation 1 in force
    const retired = await api<KitsState>('/api/kits');
    expect(retired.current?.generation).toBe(1);
    // The owner re-keys: generation 2 is handed over and comes into force; generation 1 is retired.
    await postKitGeneration(w, api, ak, 2, ['tr1', 'tr2', 'tr3'].map((trusteeId) => ({ trusteeId, level: 'full' as const })));
    expect((await api<KitsState>('/api/kits')).current?.generation).toBe(2);

    const l = lying(api);
    const deps = { api: l.api, account: w.userId, withAccountKey: <T,>(use: (k: Uint8Array) => Promise<T>) => use(ak), device: createDeviceKeyStore(`dk-${Math.random()}`) };
    const ann = { id: 'tr1', name: 'ann' };
    const choice: EmergencyChoice = { items: [{ kind: 'plan-section', id: 'music' }], waitHours: 48, position: 0 };
    const source = { documents: [], deathPlan: { musicSelections: ['Clair de Lune'] } as DeathPlan, survivorTasks: [], trustees: [{ ...ann, emergency: choice } as unknown as Trustee], messages: [] };
    await sealEmergency(deps, ann, choice, source); // an honest answer: sealed for generation 2, which the device now remembers
    const held = () => w.t.deps.db.prepare('SELECT generation, bundle FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(w.userId, 'tr1') as { generation: number; bundle: string };
    const before = held();
    expect(before.generation).toBe(2);

    // The server now names the retired generation 1 as the kits in force (its owner copy is genuine: the owner's device sealed it once).
    l.lies.set('GET /api/kits', () => ({ ...retired, pending: null }));
    l.sent.length = 0;
    const attempt = sealEmergency(deps, ann, { ...choice, waitHours: 24 }, source);
    await expect(attempt).rejects.toThrow(EmergencyAccessError);
    await expect(attempt).rejects.toThrow(retiredKitsText('ann'));
    expect(retiredKitsText('ann')).toMatch(/Nothing was sent\./);
    expect(l.sent.filter((s) => !s.startsWith('GET '))).toEqual([]);
    // The refresher (once per sign-in) says so in words too, and sends nothing.
    expect(await resealStale(deps, source)).toEqual([retiredKitsText('ann')]);
    expect(l.sent.filter((s) => !s.startsWith('GET '))).toEqual([]);
    expect(held()).toEqual(before);
  });

  it('a made-up higher generation, or one that is not a number, named as in force neither locks the owner out nor turns the guard off (security review of session 21, finding 3)', async () => {
    const { w, api, ak } = await sealedWithKits(); // generation 1 in force
    const honest = await api<KitsState>('/api/kits');
    const l = lying(api);
    const device = createDeviceKeyStore(`dk-${Math.random()}`);
    const deps = { api: l.api, account: w.userId, withAccountKey: <T,>(use: (k: Uint8Array) => Promise<T>) => use(ak), device };
    const ann = { id: 'tr1', name: 'ann' };
    const choice: EmergencyChoice = { items: [{ kind: 'plan-section', id: 'music' }], waitHours: 48, position: 0 };
    const source = { documents: [], deathPlan: { musicSelections: ['Clair de Lune'] } as DeathPlan, survivorTasks: [], trustees: [{ ...ann, emergency: choice } as unknown as Trustee], messages: [] };
    for (const lie of [1e15, 'x', Number.NaN, -3, 1.5]) {
      l.lies.set('GET /api/kits', () => ({ ...honest, current: { ...honest.current!, generation: lie } }));
      await sealEmergency(deps, ann, choice, source).catch(() => undefined); // whatever it says, nothing true is pinned from it
    }
    const pin = await device.pinOf(w.userId);
    expect(pin?.kitsInForce ?? 0).toBeLessThanOrEqual(1);
    expect(Number.isNaN(pin?.kitsInForce)).toBe(false);
    // The server tells the truth again: the owner seals as before.
    l.lies.clear();
    await sealEmergency(deps, ann, { ...choice, waitHours: 24 }, source);
    expect((await device.pinOf(w.userId))?.kitsInForce).toBe(1);
  });
});
