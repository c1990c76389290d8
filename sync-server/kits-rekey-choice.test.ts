/**
 * A re-key never turns a hand-delivered letter into one the server delivers (issue "Release
 * through trustees' key shares", Constraints: "Hand-delivered messages: the message key is wrapped
 * only under that trustee's kit key"; SECURITY.md "Messages with trustee kits"). The owner makes
 * new kits on their device and sends the links; the trustees keep them (k handed over: the new
 * generation is current, the old one retired) before the owner's device next binds its letters
 * (key-effects.ts binds at the next start or keyring change). The letter the owner chose to have
 * Bob hand over must still be his to hand over: never wrapped for the server, never mailed to its
 * recipient, its key in no file the server keeps.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../shared/crypto/bytes';
import { parseKitInput } from '../shared/crypto/trustee-kit';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from '../web/features/message-vault/delivery-choice';
import { getKits } from '../web/features/trustees/kits/kits-api';
import { makeKits, openHandouts } from '../web/features/trustees/kits/make-kits';
import { needlesOf, scanDirectory } from './test/canary-scan';
import { sealedWithKits } from './test/message-key-test-support';
import { outboxFiles } from './test/release-test-support';
import { DAY_MS } from './release/state-machine';

describe('re-keying and hand-delivered letters', () => {
  it('new kits handed over before the device binds again: the hand-delivered letter stays with its trustee', async () => {
    const { w, addr, ring, device, api } = await sealedWithKits();
    expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2', 'tr3'] })).toBe(true);

    // The owner re-keys on their device and sends the links; ann and bob keep their new kits at once.
    await makeKits(device, { k: 2, trustees: ['tr1', 'tr2', 'tr3'].map((trusteeId) => ({ trusteeId, level: 'full' as const })), state: await getKits(api) });
    const handouts = await openHandouts(device, (await getKits(api)).pending!, 'http://afterword.test');
    const kits = new Map([...handouts].map(([id, h]) => [id, { token: h.token, kit: parseKitInput(h.link) }]));
    for (const id of ['tr1', 'tr2']) {
      const { token } = kits.get(id)!;
      const { commitment } = (await (await w.t.call('GET', `/api/kit/${token}`)).json()) as { commitment: string };
      expect((await w.t.call('POST', `/api/kit/${token}/handover`, { commitment })).status).toBe(204);
    }
    expect((await getKits(api)).current?.generation).toBe(2);

    // The device's next start binds its letters to the kits in use.
    await syncDeliveryChoices(device);
    const choices = (await api<{ messages: Array<{ messageId: string; mode: string; trustees: string[] }> }>('/api/kits/messages')).messages;
    expect(choices.find((m) => m.messageId === 'm2')?.mode).not.toBe('server');
    const stored = w.t.deps.db.prepare("SELECT gate_wrap IS NOT NULL AS gate, wrap IS NOT NULL AS wrap FROM message_keys WHERE message_id = 'm2'").all();
    expect(stored.every((r) => JSON.stringify(r) === JSON.stringify({ gate: 0, wrap: 0 }))).toBe(true);

    // The release through the new kits: bert is never mailed, and m2's key is in no file the server keeps.
    expect((await w.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, w.cookie)).status).toBe(200);
    const phase = async () => (await w.t.services.release.state(w.userId)).phase;
    for (let day = 0; day < 60 && (await phase()) !== 'awaiting-confirmations'; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    for (const id of ['tr1', 'tr2']) {
      const { token, kit } = kits.get(id)!;
      expect((await w.t.call('POST', `/api/kit/${token}/confirm`, { share: toB64url(kit.share) })).status).toBe(200);
    }
    expect(await phase()).toBe('released');
    for (let day = 0; day < 3; day++) {
      w.t.advance(DAY_MS);
      await w.t.services.scheduler.runOnce();
    }
    expect(outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('annabella'))).toHaveLength(1);
    expect(outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('bert'))).toEqual([]);
    const m2Key = ring.raw(ring.kids().find((k) => k.startsWith('msg:m2~'))!)!;
    expect(scanDirectory(w.t.deps.config.dataDir, needlesOf([m2Key]))).toEqual([]);
  });
});
