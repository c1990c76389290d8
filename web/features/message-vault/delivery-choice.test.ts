/**
 * The device's delivery choices (delivery-choice.ts) over a sealed account whose messages are
 * written in Dexie (fake-indexeddb) and synced by the real engine to the real app over SQLite:
 * nothing is sent without kits; with kits every keyed message gets the default wrap once; a new
 * message, a re-key (a pending generation) and a rotated message key are wrapped again, and
 * nothing else; a hand-delivered message is not wrapped for kits its trustee does not hold.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import { makeGeneration, sealOwnerCopy } from '../../../shared/crypto/trustee-kit';
import { LEVEL_KEYS } from '../../../sync-server/test/kit-test-support';
import { AT, apiOf, sealedWithKits } from '../../../sync-server/test/message-key-test-support';
import { createSealedWorld } from '../../sync/test-sealed';
import { createSyncEngine } from '../../sync/engine';
import { DeliveryChoiceError, loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from './delivery-choice';
import { choicesInMemory } from './test-choices';

type Listed = { messages: Array<{ messageId: string; mode: string; kid: string; generations: number[]; trustees: string[] }> };

describe('delivery choices on the owner’s device', () => {
  it('two devices: a background re-wrap never switches back a hand-over another device chose meanwhile', async () => {
    const { device, api } = await sealedWithKits();
    // Device A's background sync reads the state (no choices yet) and, before its batch arrives,
    // device B chooses that bob hands m2 over.
    let raced = false;
    const slowA: typeof api = async (path, init) => {
      if (!raced && path === '/api/kits/messages' && init?.method === 'PUT') {
        raced = true;
        expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
      }
      return api(path, init as never);
    };
    expect(await syncDeliveryChoices({ ...device, api: slowA }, ['m1', 'm2'])).toEqual({ updated: 1, unbound: [] });
    const stored = (await api<{ messages: Array<{ messageId: string; mode: string; trustees: string[] }> }>('/api/kits/messages')).messages;
    expect(stored.map((m) => [m.messageId, m.mode, m.trustees])).toEqual([
      ['m1', 'server', []],
      ['m2', 'trustee', ['tr2']],
    ]);
  });

  it('sends nothing while the account has no kits (messages go out by the escrow)', async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    const keys = await w.keysFor();
    await db.write('messages', 'm1', { recipientName: 'Annabella', recipientEmail: 'annabella@example.com', messageType: 'text', messageContent: 'Hello', deliveryDate: null, createdAt: AT });
    const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    db.close();
    const ring = await w.accountRing();
    expect(ring.kids().some((k) => k.startsWith('msg:m1~'))).toBe(true);
    const deps = { api: apiOf(w, w.cookie), account: w.userId, withAccountKey: () => Promise.reject(new Error('AK is not needed without kits')), keyring: ring, choices: choicesInMemory({}) };
    expect(await syncDeliveryChoices(deps)).toEqual({ updated: 0, unbound: [] });
    expect(await loadDeliveryState(deps.api)).toEqual({ generations: [], messages: new Map(), inUse: false });
  });

  it('wraps new and existing messages once, again after re-keying and after a key rotation, and keeps a hand-over to its trustee’s kits', async () => {
    const { w, device, api, ak, db, sync, addr } = await sealedWithKits();
    const list = () => api<Listed>('/api/kits/messages');
    const fresh = async () => ({ ...device, keyring: await w.accountRing() });

    expect(await syncDeliveryChoices(device)).toEqual({ updated: 2, unbound: [] });
    expect(await syncDeliveryChoices(device)).toEqual({ updated: 0, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    await expect(saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr9'] })).rejects.toBeInstanceOf(DeliveryChoiceError);
    await expect(saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2', 'tr2'] })).rejects.toBeInstanceOf(DeliveryChoiceError);

    // A new message, written on the device and synced (its key added to the keyring): only it is sent.
    await db.write('messages', 'm3', { recipientName: 'Cleo', recipientEmail: 'cleo@example.com', messageType: 'text', messageContent: 'For Cleo', deliveryDate: null, createdAt: AT });
    await sync();
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 1, unbound: [] });

    // Re-keying: a pending generation 2 for ann and cy only. The server's messages get wraps of it;
    // m2, handed over by bob who holds no kit of it, does not.
    const made2 = await makeGeneration({ account: w.userId, generation: 2, k: 2, trustees: ['tr1', 'tr3'].map((trusteeId) => ({ trusteeId, level: 'full' as const })), levelKeys: (l) => LEVEL_KEYS[l] });
    const made2Answer = await api<{ kits: Array<{ trusteeId: string; token: string }> }>('/api/kits', {
      method: 'POST',
      body: {
        generation: 2,
        k: 2,
        checkValue: made2.checkValue,
        ownerCopy: await sealOwnerCopy(ak, w.userId, made2),
        kits: made2.kits.map((m) => ({ trusteeId: m.trusteeId, index: m.kit.index, commitment: m.commitment, gate: toB64url(m.gate), blob: m.blob })),
      },
    });
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 2, unbound: [] });
    const kidOf = (id: string) => `msg:${id}~1`;
    expect((await list()).messages).toEqual([
      { messageId: 'm1', mode: 'server', kid: kidOf('m1'), generations: [1, 2], trustees: [] },
      { messageId: 'm2', mode: 'trustee', kid: kidOf('m2'), generations: [1], trustees: ['tr2'], to: addr('bert') },
      { messageId: 'm3', mode: 'server', kid: kidOf('m3'), generations: [1, 2], trustees: [] },
    ]);

    // The owner re-addresses the hand-over letter: its wraps are bound to the new address at the next sync (hand-over version 2).
    await db.write('messages', 'm2', { recipientEmail: addr('bertie') });
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 1, unbound: [] });
    expect((await list()).messages[1]).toMatchObject({ messageId: 'm2', mode: 'trustee', generations: [1], to: addr('bertie') });
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 0, unbound: [] });

    // Another device rotates m1's key: m1 is wrapped again, under its new key id, for both generations.
    await w.rotate('msg:m1');
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 1, unbound: [] });
    expect((await list()).messages[0]).toEqual({ messageId: 'm1', mode: 'server', kid: 'msg:m1~2', generations: [1, 2], trustees: [] });

    // The new kits come into use (ann and cy keep theirs): bob holds none, so m2 has nobody to hand it
    // over. The device says so, and never switches it to the server by itself.
    for (const m of made2.kits) {
      const token = made2Answer.kits.find((k) => k.trusteeId === m.trusteeId)!.token;
      expect((await w.t.call('POST', `/api/kit/${token}/handover`, { commitment: m.commitment })).status).toBe(204);
    }
    expect(await syncDeliveryChoices(await fresh())).toEqual({ updated: 0, unbound: ['m2'] });
    expect((await list()).messages[1]).toEqual({ messageId: 'm2', mode: 'trustee', kid: kidOf('m2'), generations: [], trustees: ['tr2'], to: addr('bertie') });
    db.close();
  });

  it('binds 150 messages to new kits in 2 requests, inside the account\'s 120 writes a minute', { timeout: 60_000 }, async () => {
    const { w, device, db, sync } = await sealedWithKits();
    for (let i = 0; i < 148; i++) await db.write('messages', `n${i}`, { recipientName: `R${i}`, recipientEmail: `r${i}@example.com`, messageType: 'text', messageContent: `Letter ${i}`, deliveryDate: null, createdAt: AT });
    await sync();
    const sent: string[] = [];
    const api: typeof device.api = (path, init) => {
      sent.push(`${init?.method ?? 'GET'} ${path}`);
      return device.api(path, init);
    };
    expect(await syncDeliveryChoices({ ...device, api, keyring: await w.accountRing() })).toEqual({ updated: 150, unbound: [] });
    expect(sent).toEqual(['GET /api/kits', 'GET /api/kits/messages', 'PUT /api/kits/messages', 'PUT /api/kits/messages']);
    db.close();
  });
});
