/**
 * The seal routes (seal-routes.ts) over either engine: the honest device's whole migration
 * (web/features/keys/migrate.ts) and what a hostile or outdated device may send. Run by
 * seal-routes.test.ts (SQLite) and db/pg/pg-seal-routes.test.ts (PostgreSQL).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { seal } from '../../shared/crypto/envelope';
import { sealStored } from '../../shared/crypto/migration';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { sealAccountData } from '../../web/features/keys/migrate';
import { apiOver, expectSameWords, fillPlaintext } from '../../web/features/keys/test-migrate';
import { keysWithoutSealing } from '../../web/sync/test-sealed';
import { appTransport, serverRecords } from '../test/client-test-support';
import { signUp, type TestApp } from '../test/test-support';
import { RELEASE_UNDER_WAY } from './seal-routes';

export function sealRoutesContract(engine: string, makeApp: () => Promise<TestApp>) {
  const legacy = async () => {
    const t = await makeApp();
    const { cookie, user } = await signUp(t);
    const userId = user.id as string;
    await fillPlaintext(t.call, cookie, userId);
    const before = await serverRecords(appTransport(t, cookie));
    const sealing = await keysWithoutSealing(t, userId);
    const post = (path: string, body: unknown) => t.call('POST', path, body, cookie);
    return { t, cookie, userId, before, sealing, post, api: apiOver(t.call, cookie) };
  };

  describe(`the seal routes (${engine})`, () => {
    it('the whole migration: every field opens to its original words at its original HLC; finish is idempotent', async () => {
      const { t, cookie, userId, before, sealing, api, post } = await legacy();
      const { sealedAt } = await sealAccountData({ api, keys: await sealing.keysFor() });
      await expectSameWords(sealing, userId, before, await serverRecords(appTransport(t, cookie)));
      // The plaintext history of the replaced letter is gone from the live rows.
      const message = before.find((r) => r.collection === 'messages')!;
      const history = await t.call('GET', `/api/sync/history/messages/${message.id}/messageContent`, undefined, cookie);
      expect(((await history.json()) as { versions: unknown[] }).versions).toEqual([]);
      const again = await post('/api/keys/seal/finish', {});
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ sealedAt });
    });

    it('compare-and-set: a field whose HLC moved is stale and keeps its newer value; finish names what is left (409)', async () => {
      const { t, cookie, userId, before, sealing, post } = await legacy();
      const plan = before.find((r) => r.collection === 'deathPlan')!;
      const ring = await sealing.accountRing();
      const fields = await sealStored(ring, userId, 'deathPlan', plan.id, plan, ['location', 'obituary']);
      const newer = `${String(t.deps.now() + 60_000).padStart(15, '0')}-0000-other`;
      const edit = await post('/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'deathPlan', id: plan.id, hlc: newer, fields: { location: 'moved on' } }] });
      expect(edit.status).toBe(200);
      const res = await post('/api/keys/seal/records', { records: [{ collection: 'deathPlan', id: plan.id, fields }] });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { sealed: number; stale: { field: string }[] };
      expect(body.sealed).toBe(1);
      expect(body.stale.map((s) => s.field)).toEqual(['location']);
      const finish = await post('/api/keys/seal/finish', {});
      expect(finish.status).toBe(409);
      expect(((await finish.json()) as { left: unknown[] }).left.length).toBeGreaterThan(0);
      const now = (await serverRecords(appTransport(t, cookie))).find((r) => r.collection === 'deathPlan')!;
      expect(now.values.location).toBe('moved on');
      expect(now.clocks.location).toBe(newer);
      expect(now.values.obituary).toMatch(/^v1\./);
      expect(now.clocks.obituary).toBe(plan.clocks.obituary);
    });

    it('refuses what a hostile device sends: plaintext, another scope\'s key, a plain field, too many records, another account\'s record', async () => {
      const { t, userId, before, sealing, post } = await legacy();
      const profile = before.find((r) => r.collection === 'profile')!;
      const ring = await sealing.accountRing();
      const hlc = profile.clocks.lastName!;
      const send = (fields: Record<string, { hlc: string; value: string }>, id = profile.id) => post('/api/keys/seal/records', { records: [{ collection: 'profile', id, fields }] });
      const plain = await send({ lastName: { hlc, value: 'still plain' } });
      expect(plain.status).toBe(422);
      expect(((await plain.json()) as { issues: { path: string }[] }).issues[0]!.path).toContain('lastName');
      await ring.rotate('plan');
      const wrongScope = await seal(ring.current('plan')!, { userId, collection: 'profile', recordId: profile.id, field: 'lastName' }, hlc, 'x');
      expect((await send({ lastName: { hlc, value: wrongScope } })).status).toBe(422);
      const own = await sealStored(ring, userId, 'profile', profile.id, profile, ['lastName']);
      expect((await send({ firstName: own.lastName! })).status).toBe(422); // firstName is plain
      const many = Array.from({ length: 101 }, () => ({ collection: 'profile', id: profile.id, fields: own }));
      expect((await post('/api/keys/seal/records', { records: many })).status).toBe(400);
      // Another account's profile: its record is not this account's, so nothing matches (stale).
      const other = await signUp(t);
      const res = await send(own, other.user.id as string);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { sealed: number; stale: unknown[] }).stale).toHaveLength(1);
      const theirs = await serverRecords(appTransport(t, other.cookie));
      expect(theirs.find((r) => r.collection === 'profile')!.values.lastName).not.toMatch(/^v1\./);
    });

    it('an account without keys, or whose release has begun, is not migrated (409 with the reason)', async () => {
      const t = await makeApp();
      const { cookie, user } = await signUp(t);
      expect((await t.call('POST', '/api/keys/seal/finish', {}, cookie)).status).toBe(409);
      await keysWithoutSealing(t, user.id as string);
      await t.services.release.apply(user.id as string, { kind: 'trustee', trusteeId: 't1', name: 'Grace', status: 'accepted' }, { type: 'report' });
      expect((await t.services.release.state(user.id as string)).phase).toBe('waiting');
      const res = await t.call('POST', '/api/keys/seal/finish', {}, cookie);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe(RELEASE_UNDER_WAY);
      expect((await t.services.keys.get(user.id as string))!.sealedAt).toBeNull();
    });
  });
}
