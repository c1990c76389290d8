/**
 * The emergency key (trustee-kit.ts emergencyKey; docs/sharing.md "Emergency access"): what a
 * trustee may open in an emergency is wrapped under HKDF(E ‖ t_i). The server, which holds the
 * gate E and would hand it over after the wait, opens nothing without the trustee's kit secret;
 * a trustee opens nothing without E; a gate handed to another trustee, or a trustee the server
 * swapped in, opens nothing.
 */
import { describe, expect, it } from 'vitest';
import { UnwrapError } from './errors';
import { emergencyKey, emergencyWrapContext, makeGeneration } from './trustee-kit';
import { newRawKey, unwrapKey, wrapKey } from './wrap';

const ACCOUNT = 'u-owner';
const levelKeys = () => new Map([['docs~1', new Uint8Array(32).fill(2)]]);

async function setup() {
  const made = await makeGeneration({ account: ACCOUNT, generation: 1, k: 2, trustees: [{ trusteeId: 'maria', level: 'full' }, { trusteeId: 'bert', level: 'full' }], levelKeys });
  const [maria, bert] = made.kits;
  const gate = newRawKey(); // E: the server keeps it, and hands it over only after the wait
  const itemKey = newRawKey(); // what Maria may open in an emergency (e.g. a share key of one document)
  const ctx = { account: ACCOUNT, trusteeId: 'maria', generation: 1 };
  const wrapped = await wrapKey(await emergencyKey(gate, maria!.kit.t, ctx), itemKey, emergencyWrapContext(ACCOUNT, 'maria', 'doc-d1', 1));
  const open = async (g: Uint8Array, t: Uint8Array, who = 'maria') =>
    unwrapKey(await emergencyKey(g, t, { ...ctx, trusteeId: who }), wrapped, emergencyWrapContext(ACCOUNT, who, 'doc-d1', 1));
  return { maria: maria!, bert: bert!, gate, itemKey, open };
}

describe('emergency key: the gate and the trustee\'s kit, both needed', () => {
  it('opens with the gate released after the wait and the trustee\'s own kit', async () => {
    const s = await setup();
    expect(await s.open(s.gate, s.maria.kit.t)).toEqual(s.itemKey);
  });

  it('the server alone (the gate, any kit secret it could guess) opens nothing', async () => {
    const s = await setup();
    await expect(s.open(s.gate, new Uint8Array(16))).rejects.toBeInstanceOf(UnwrapError);
    await expect(s.open(s.gate, newRawKey().slice(0, 16))).rejects.toBeInstanceOf(UnwrapError);
  });

  it('the trustee without the gate (before the wait ends, or a gate the server made up) opens nothing', async () => {
    const s = await setup();
    await expect(s.open(newRawKey(), s.maria.kit.t)).rejects.toBeInstanceOf(UnwrapError);
    await expect(s.open(new Uint8Array(32), s.maria.kit.t)).rejects.toBeInstanceOf(UnwrapError);
  });

  it('a swapped trustee gets nothing: another trustee\'s kit with the gate, or the wrap read as theirs', async () => {
    const s = await setup();
    await expect(s.open(s.gate, s.bert.kit.t)).rejects.toBeInstanceOf(UnwrapError);
    await expect(s.open(s.gate, s.bert.kit.t, 'bert')).rejects.toBeInstanceOf(UnwrapError);
    await expect(s.open(s.gate, s.maria.kit.t, 'bert')).rejects.toBeInstanceOf(UnwrapError); // bound to Maria
  });

  it('refuses a gate or a kit secret of the wrong length', async () => {
    const s = await setup();
    expect(() => emergencyKey(s.gate.slice(0, 16), s.maria.kit.t, { account: ACCOUNT, trusteeId: 'maria', generation: 1 })).toThrow(TypeError);
    expect(() => emergencyKey(s.gate, s.gate, { account: ACCOUNT, trusteeId: 'maria', generation: 1 })).toThrow(TypeError);
  });
});
