/**
 * Emergency access as a test sees it (sharing/emergency-routes.test.ts, emergency-gate-sealed.test.ts,
 * emergency-push-only.test.ts): an owner with accepted trustees and kits, one document, and the
 * owner's "device" making each trustee's gate, key E, wrap and sealed bundle with the real crypto
 * (trustee-kit.ts emergencyKey, share-copy.ts); the trustee opening with their kit's t.
 */
import { expect } from 'vitest';
import { fromB64url, toB64url } from '../../shared/crypto/bytes';
import { openShared, sealShared } from '../../shared/crypto/share-copy';
import { emergencyKey, emergencyWrapContext } from '../../shared/crypto/trustee-kit';
import { newRawKey, unwrapKey, wrapKey } from '../../shared/crypto/wrap';
import { kitCall, ownerWithTrustees, postKits } from './kit-test-support';
import type { TestApp } from './test-support';

/** The emergency bundle's id in its sealing (share-copy.ts additional data): per trustee and kit generation. */
export const bundleId = (trusteeId: string, generation: number) => `emergency:${trusteeId}:${generation}`;
/** The binding of a trustee's emergency bundle (shared/crypto/share-copy.ts ShareBinding; docs/sharing.md). */
export const bundleBinding = (trusteeId: string) => ({ shareId: bundleId(trusteeId, 1), itemKind: 'emergency-bundle', itemId: trusteeId });

/** An owner with trustees `names` (on `t`, else a new test app), kits 2 of n, one document, and the steps of the tests. */
export async function emergencySetup(names = ['maria', 'bert'], t?: TestApp) {
  const { o, trustees } = await ownerWithTrustees(names, [], t);
  const { made, tokens } = await postKits(o, trustees, 2);
  const doc = await o.post('/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: 'https://files.example.com/will.pdf' });
  /** What the owner's device sends for trustee `i`, at position `i`. */
  const settingFor = async (i: number, waitHours = 48) => {
    const { trusteeId, kit } = made.kits[i]!;
    const gate = newRawKey();
    const e = newRawKey();
    const wrap = await wrapKey(await emergencyKey(gate, kit.t, { account: o.userId, trusteeId, generation: 1 }), e, emergencyWrapContext(o.userId, trusteeId, 'bundle', 1));
    const bundle = await sealShared(e, bundleBinding(trusteeId), 'copy', 1, { documents: [{ id: doc.id, documentName: 'Will' }] });
    return { body: { position: i, waitHours, generation: 1, items: [doc.id], gate: toB64url(gate), wrap, bundle }, gate, e };
  };
  const put = async (i: number, waitHours = 48) => {
    const s = await settingFor(i, waitHours);
    const res = await o.t.call('PUT', `/api/emergency/trustees/${made.kits[i]!.trusteeId}`, s.body, o.cookie);
    expect(res.status, await res.clone().text()).toBe(204);
    return s;
  };
  /** What the trustee's page reads. */
  const view = async (i: number) => (await (await kitCall(o, 'GET', `/api/kit/${tokens[i]}/emergency`)).json()) as {
    canAsk: boolean;
    request: { id: string; phase: string; waitEndsAt: string } | null;
    access: { gate: string; wrap: string; bundle: string; generation: number } | null;
  };
  const ask = (i: number) => kitCall(o, 'POST', `/api/kit/${tokens[i]}/emergency`, {});
  /** The trustee's page opening what it was given with their own kit secret t. */
  const openAs = async (i: number, access: { gate: string; wrap: string; bundle: string }, t = made.kits[i]!.kit.t) => {
    const { trusteeId } = made.kits[i]!;
    const key = await emergencyKey(fromB64url(access.gate)!, t, { account: o.userId, trusteeId, generation: 1 });
    const e = await unwrapKey(key, access.wrap, emergencyWrapContext(o.userId, trusteeId, 'bundle', 1));
    return openShared(e, bundleBinding(trusteeId), 'copy', 1, access.bundle);
  };
  /** The death path as it stands: state, activity, and every queued e-mail's kind. */
  const deathPath = () => ({
    state: o.t.deps.db.prepare('SELECT * FROM release_state WHERE user_id = ?').all(o.userId),
    activity: o.t.deps.db.prepare('SELECT kind FROM release_activity WHERE user_id = ?').all(o.userId),
    emails: (o.t.deps.db.prepare('SELECT kind FROM release_emails WHERE user_id = ? ORDER BY id').all(o.userId) as Array<{ kind: string }>).map((r) => r.kind),
  });
  const pass = () => o.t.services.scheduler.runOnce();
  return { o, trustees, made, tokens, doc, put, settingFor, view, ask, openAs, deathPath, pass };
}
