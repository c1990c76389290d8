/**
 * The migration's finish racing a plain write (shared/sync/README.md rule 24; seal-routes.ts): a
 * push or REST write that read the account's keys before `sealed_at` was set, and commits after
 * it, is held to the sealed account's rule in its own transaction, so no plaintext lands after
 * finish. The interleaving is made deterministic by running finish (through the app) right after
 * the write's read of the keys (`afterKeysRead`). One instance runs an account's REST writes one at a
 * time (app.ts writesInTurn), so the REST race is between two instances over one database (as
 * behind a load balancer); a push is not queued, so it races finish on one instance. Run by seal-race.test.ts (SQLite) and
 * db/pg/pg-seal-race.test.ts (PostgreSQL).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isEnvelope, plaintextFields, sealStored } from '../../shared/crypto/migration';
import { PROTOCOL_VERSION, SEAL_REFUSALS } from '../../shared/sync/protocol';
import { keysWithoutSealing } from '../../web/sync/test-sealed';
import { appTransport, serverRecords } from '../test/client-test-support';
import { signUp, type TestApp } from '../test/test-support';

/**
 * Runs `between` once, right after the `nth` read of an account's keys from now on (KeyStore.get):
 * that read answers what was stored before `between`, so the request that made it goes on with
 * the older reading, as when another request lands between its read and its commit.
 */
export function afterKeysRead(t: TestApp, nth: number, between: () => Promise<void>): void {
  const keys = t.services.keys;
  const read = keys.get;
  let n = 0;
  keys.get = async (userId) => {
    const got = await read(userId);
    if (++n === nth) {
      keys.get = read;
      await between();
    }
    return got;
  };
}

/** An account made before keys (with a death plan and its obituary), with keys and every record sealed, not yet finished. */
export async function sealedButNotFinished(t: TestApp) {
  const { cookie, user } = await signUp(t);
  const userId = user.id as string;
  const plan = await t.call('POST', '/api/death-plan', { funeralType: 'memorial_service', obituary: 'Words written before keys', completed: false }, cookie);
  expect(plan.status).toBe(201);
  const sealing = await keysWithoutSealing(t, userId);
  const ring = await sealing.accountRing();
  const post = (path: string, body: unknown) => t.call('POST', path, body, cookie);
  for (const r of await serverRecords(appTransport(t, cookie))) {
    const plain = plaintextFields(r.collection, r.id, r);
    if (!plain.length) continue;
    const res = await post('/api/keys/seal/records', { records: [{ collection: r.collection, id: r.id, fields: await sealStored(ring, userId, r.collection, r.id, r, plain) }] });
    expect(res.status).toBe(200);
  }
  let finish: Response | undefined;
  /** Finishes the migration through `on` (default: this instance). */
  const finishOn = (on: TestApp = t) => async () => {
    finish = await on.call('POST', '/api/keys/seal/finish', {}, cookie);
  };
  const finished = () => finish;
  return { t, cookie, userId, post, finishOn, finished };
}

/** Expects the account sealed, with no plaintext left in any sealed field nor in the obituary's history (rule 21). */
export async function expectNothingPlain(t: TestApp, cookie: string, userId: string) {
  expect((await t.services.keys.get(userId))!.sealedAt).not.toBeNull();
  const records = await serverRecords(appTransport(t, cookie));
  for (const r of records) expect(plaintextFields(r.collection, r.id, r), `${r.collection}/${r.id}`).toEqual([]);
  const history = await t.call('GET', `/api/sync/history/deathPlan/${userId}/obituary`, undefined, cookie);
  expect(history.status).toBe(200);
  for (const v of ((await history.json()) as { versions: { text: unknown }[] }).versions) expect(isEnvelope(v.text)).toBe(true);
}

/** A device's plain push of the obituary, at an HLC newer than anything stored: its body and that HLC. */
export function plainPush(t: TestApp, userId: string) {
  const hlc = `${String(t.deps.now() + 60_000).padStart(15, '0')}-0000-00000000000000aa`;
  return { hlc, body: { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'deathPlan', id: userId, hlc, fields: { obituary: 'Plain words after the seal' } }] } };
}

/** Expects the push answered `res` to have rejected its one change (`hlc`) as plaintext, the refusal a device seals again for. */
export async function expectRefusedAsPlaintext(res: Response, hlc: string) {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { accepted: string[]; rejected: { hlc: string; reason: string }[] };
  expect(body.accepted).toEqual([]);
  expect(body.rejected.map((r) => r.hlc)).toEqual([hlc]);
  expect(body.rejected[0]!.reason).toContain(SEAL_REFUSALS.plaintext);
}

/**
 * `makeApp` makes a fresh app; `another(t)` a second instance over `t`'s database, sharing its
 * session secret and clock.
 */
export function sealRaceContract(engine: string, makeApp: () => Promise<TestApp>, another: (t: TestApp) => Promise<TestApp>) {
  describe(`finish racing a plain write (${engine})`, () => {
    it('a plain push that read the keys before finish and commits after it is refused as plaintext (retryable); nothing plain is stored', async () => {
      const { t, cookie, userId, post, finishOn, finished } = await sealedButNotFinished(await makeApp());
      const { hlc, body } = plainPush(t, userId);
      afterKeysRead(t, 1, finishOn()); // the push's only read of the keys (records/service.ts applyClientChanges)
      const res = await post('/api/sync', body);
      expect(finished()?.status).toBe(200); // finish ran between the push's read and its commit
      await expectRefusedAsPlaintext(res, hlc);
      await expectNothingPlain(t, cookie, userId);
    });

    it('a plain REST write that read the keys before finish and commits after it is refused with 422 naming the field', async () => {
      const { t, cookie, userId, finishOn, finished } = await sealedButNotFinished(await makeApp());
      afterKeysRead(t, 2, finishOn(await another(t))); // PATCH /api/death-plan/:id reads them for its form, then in RecordService.write
      const res = await t.call('PATCH', `/api/death-plan/${userId}`, { obituary: 'Plain words after the seal' }, cookie);
      expect(finished()?.status).toBe(200);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(body.error).toContain(SEAL_REFUSALS.plaintext);
      expect(body.issues.map((i) => i.path)).toEqual(['obituary']);
      await expectNothingPlain(t, cookie, userId);
    });
  });
}
