/**
 * The release through trustee kits on PostgreSQL (createPgServices through createPgTestApp):
 * kits made and handed over end the escrow, the waiting period ends in awaiting-confirmations,
 * k − 1 confirmations release nothing, k release, and a kit's access opens its level.
 */
import { describe, expect, it } from 'vitest';
import { fromB64url, toB64url } from '../../../shared/crypto/bytes';
import { openTrusteeBlob, trusteeAccessKey } from '../../../shared/crypto/trustee-kit';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';
import { runFor } from '../../test/release-test-support';
import { DAY_MS } from '../state-machine';
import { kitCall, LEVEL_KEYS, ownerWithTrustees, postKits } from '../../test/kit-test-support';

const pgDb = usePgDatabase();

describe('Release through trustee kits on PostgreSQL', () => {
  it('ends the escrow at k handovers, waits for k confirmations, releases and opens a level', async () => {
    const t = await createPgTestApp(pgDb.url, { env: { PUBLIC_URL: 'http://afterword.test' } });
    try {
      const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy'], ['full', 'documents-only', 'full'], t);
      await o.t.services.escrow.deposit(o.userId, new Map([['msg:6f1c2d3e-0000-4000-8000-000000000001~1', new Uint8Array(32).fill(9)]]));
      const { made, tokens } = await postKits(o, trustees, 2);
      for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
      expect(await o.t.services.escrow.status(o.userId)).toBeNull();
      expect(await o.t.services.escrow.deposit(o.userId, new Map([['msg:6f1c2d3e-0000-4000-8000-000000000001~1', new Uint8Array(32).fill(9)]]))).toBe(false); // a racing deposit: nothing written
      expect(await o.t.services.escrow.status(o.userId)).toBeNull();
      expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30 }, o.cookie)).status).toBe(200);
      for (let day = 0; day < 60 && (await o.t.services.release.state(o.userId)).phase !== 'awaiting-confirmations'; day++) await runFor(o, 1, DAY_MS);
      expect((await o.t.services.release.state(o.userId)).phase).toBe('awaiting-confirmations');
      const confirm = (i: number) => kitCall(o, 'POST', `/api/kit/${tokens[i]}/confirm`, { share: toB64url(made.kits[i]!.kit.share) });
      expect(await (await confirm(0)).json()).toEqual({ confirmations: 1, needed: 2, released: false });
      expect((await o.t.services.release.store.kitGeneration(o.userId, 1))!.q_wrap).toBeNull();
      expect(await (await confirm(2)).json()).toEqual({ confirmations: 2, needed: 2, released: true });
      expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
      const access = (await (await kitCall(o, 'GET', `/api/kit/${tokens[1]}/access`)).json()) as { q: string; gate: string; blob: string };
      const ctx = { account: o.userId, trusteeId: trustees[1]!.id, generation: 1 };
      const key = await trusteeAccessKey(fromB64url(access.q)!, fromB64url(access.gate)!, made.kits[1]!.kit.t, ctx);
      expect(await openTrusteeBlob(key, ctx, access.blob)).toEqual(new Map(LEVEL_KEYS['documents-only']));
    } finally {
      await t.services.scheduler.stop();
      await t.services.resign?.(); // the scheduler's leader lock holds a connection of the pool
      await t.pool.end();
    }
  }, 120_000);

  it('an executor kit put away plus one trustee confirm a 2-of-3 release; the executor kit opens no access', async () => {
    const t = await createPgTestApp(pgDb.url, { env: { PUBLIC_URL: 'http://afterword.test' } });
    try {
      const { o, trustees } = await ownerWithTrustees(['ann', 'bob'], ['full', 'documents-only'], t);
      const { made, tokens } = await postKits(o, trustees, 2, 1, true);
      for (const i of [2, 1]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
      expect((await o.t.services.release.store.kitGeneration(o.userId, 1))!.live_at).not.toBeNull(); // the executor kit counted toward k
      expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30 }, o.cookie)).status).toBe(200);
      for (let day = 0; day < 60 && (await o.t.services.release.state(o.userId)).phase !== 'awaiting-confirmations'; day++) await runFor(o, 1, DAY_MS);
      const confirm = (i: number) => kitCall(o, 'POST', `/api/kit/${tokens[i]}/confirm`, { share: toB64url(made.kits[i]!.kit.share) });
      expect(await (await confirm(2)).json()).toEqual({ confirmations: 1, needed: 2, released: false });
      expect(await (await confirm(0)).json()).toEqual({ confirmations: 2, needed: 2, released: true });
      expect((await kitCall(o, 'GET', `/api/kit/${tokens[2]}/access`)).status).toBe(403);
      expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).json()).toMatchObject({ executor: true, trusteesWithAccess: trustees.map((x) => o.addr(x.who)) });
    } finally {
      await t.services.scheduler.stop();
      await t.services.resign?.();
      await t.pool.end();
    }
  }, 120_000);
});
