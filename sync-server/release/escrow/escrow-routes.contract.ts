/**
 * DELETE /api/release/escrow (routes.ts) over the real app on either engine: the owner's device
 * asks the server to delete its escrow once it knows k trustee kits were handed over (issue 39 "No
 * back door"; web/features/keys/escrow-deposit.ts). Only the signed-in owner's own escrow goes,
 * never another account's; signed out it is refused; it is counted with the deposits. Run by
 * escrow-routes.test.ts (SQLite) and release/escrow/pg-escrow-routes.test.ts (PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import { keysWithoutSealing } from '../../../web/sync/test-sealed';
import { signUp, type TestApp } from '../../test/test-support';
import { ESCROW_DEPOSITS_PER_HOUR } from './routes';

export function escrowRoutesContract(engine: string, makeApp: () => Promise<TestApp>) {
  /** An account on `t` with keys and one message's key deposited in its escrow. */
  const deposited = async (t: TestApp) => {
    const { cookie, user } = await signUp(t);
    const keys = await (await keysWithoutSealing(t, user.id)).keysFor();
    await keys.addScope('msg:m1');
    const ring = keys.keyring()!;
    const kid = ring.kids().find((k) => k.startsWith('msg:'))!;
    const put = await t.call('PUT', '/api/release/escrow', { keys: { [kid]: toB64url(ring.raw(kid)!) } }, cookie);
    expect(put.status, await put.clone().text()).toBe(200);
    const status = async () => (await (await t.call('GET', '/api/release/escrow', undefined, cookie)).json()) as { keyCount: number; kids: string[]; ended: boolean };
    return { cookie, userId: user.id, kid, status };
  };

  describe(`DELETE /api/release/escrow (${engine})`, () => {
    it("deletes the signed-in owner's escrow, never another account's; a second time there is none; signed out refused", async () => {
      const t = await makeApp();
      const a = await deposited(t);
      const b = await deposited(t);
      expect(await a.status()).toMatchObject({ keyCount: 1, kids: [a.kid], ended: false });

      expect((await t.call('DELETE', '/api/release/escrow')).status).toBe(401);
      const res = await t.call('DELETE', '/api/release/escrow', undefined, a.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deleted: true });
      expect(await a.status()).toMatchObject({ keyCount: 0, kids: [], ended: false });
      expect(await t.services.escrow.status(a.userId)).toBeNull();
      expect(await b.status()).toMatchObject({ keyCount: 1, kids: [b.kid] }); // another account's stays

      const again = await t.call('DELETE', '/api/release/escrow', undefined, a.cookie);
      expect(await again.json()).toEqual({ deleted: false });
    });

    it('is counted with the deposits: past the hourly bound it is refused (429) and deletes nothing more', async () => {
      const t = await makeApp();
      const a = await deposited(t); // one deposit counted
      const statuses: number[] = [];
      for (let i = 0; i < ESCROW_DEPOSITS_PER_HOUR; i++) statuses.push((await t.call('DELETE', '/api/release/escrow', undefined, a.cookie)).status);
      expect(statuses.slice(0, ESCROW_DEPOSITS_PER_HOUR - 1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const refused = await t.call('DELETE', '/api/release/escrow', undefined, a.cookie);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: expect.any(String) });
    });
  });
}
