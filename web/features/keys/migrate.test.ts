/**
 * sealAccountData (migrate.ts) over the REAL app and SQLite file (sync-server/keys/seal-routes.ts):
 * an account made before keys, with plaintext in every sealed field of every collection, a kept
 * version, text history and a tombstoned record, ends sealed with every word the same when opened,
 * and the SQLite file and WAL hold none of them.
 */
import 'fake-indexeddb/auto';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plaintextFields } from '../../../shared/crypto/migration';
import { PROTOCOL_VERSION } from '../../../shared/sync/protocol';
import { needlesOf, scanBytes } from '../../../sync-server/test/canary-scan';
import { appTransport, createTestApp, serverRecords } from '../../../sync-server/test/client-test-support';
import { signUp, testAppOver, type TestApp } from '../../../sync-server/test/test-support';
import { createServices } from '../../../sync-server/services';
import { keysWithoutSealing } from '../../sync/test-sealed';
import { SealAccountError, sealAccountData, type SealProgress } from './migrate';
import { createUsageReader } from '../../../sync-server/records/store/usage';
import { apiOver, canary, expectSameWords, fillPlaintext } from './test-migrate';

/** Hits of `canaries` in the server's SQLite file and WAL. */
export function canariesOnDisk(dataDir: string, canaries: readonly string[]) {
  const needles = needlesOf(canaries);
  return ['afterword.db', 'afterword.db-wal']
    .map((f) => join(dataDir, f))
    .filter(existsSync)
    .flatMap((f) => scanBytes(readFileSync(f), needles, f));
}

async function legacyAccount() {
  const t = createTestApp();
  const { cookie, user } = await signUp(t);
  const canaries = await fillPlaintext(t.call, cookie, user.id);
  const before = await serverRecords(appTransport(t, cookie));
  const sealing = await keysWithoutSealing(t, user.id);
  return { t, cookie, userId: user.id as string, canaries, before, sealing, api: apiOver(t.call, cookie) };
}

const historyOf = async (t: TestApp, cookie: string, collection: string, id: string, field: string) =>
  (await (await t.call('GET', `/api/sync/history/${collection}/${id}/${field}`, undefined, cookie)).json()) as { versions: { text: string; at: string }[] };

describe('sealAccountData seals an existing account in place (web/features/keys/migrate.ts)', () => {
  it('seals every field of every collection, kept versions and tombstones included; every word opens the same; no canary stays on disk', async () => {
    const { t, cookie, userId, canaries, before, sealing, api } = await legacyAccount();
    expect(canariesOnDisk(t.deps.config.dataDir, canaries).length).toBeGreaterThan(0); // the scan sees plaintext
    const message = before.find((r) => r.collection === 'messages')!;
    expect((await historyOf(t, cookie, 'messages', message.id, 'messageContent')).versions.length).toBeGreaterThan(0);

    const steps: SealProgress[] = [];
    const { sealedAt } = await sealAccountData({ api, keys: await sealing.keysFor(), onProgress: (p) => void steps.push(p) });
    expect(sealedAt).toBe((await t.services.keys.get(userId))!.sealedAt);
    expect(steps.at(-1)!.phase).toBe('done');

    const after = await serverRecords(appTransport(t, cookie));
    const fields = await expectSameWords(sealing, userId, before, after);
    expect(fields).toBeGreaterThanOrEqual(60);
    expect((await historyOf(t, cookie, 'messages', message.id, 'messageContent')).versions).toEqual([]); // plaintext history dropped
    expect(canariesOnDisk(t.deps.config.dataDir, canaries)).toEqual([]);

    // Sealed now: a plain push to a sealed field is refused, and a second run changes nothing.
    const plain = await api<{ rejected: unknown[] }>('/api/sync', { body: { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'deathPlan', id: userId, hlc: '999999999999990-0000-late', fields: { location: 'plain again' } }] } });
    expect(plain.rejected).toHaveLength(1);
    expect(await sealAccountData({ api, keys: await sealing.keysFor() })).toEqual({ sealedAt });
  });

  it('another device edits a field during the migration: its edit wins, sealed at its own HLC, nothing lost', async () => {
    const { t, cookie, userId, before, sealing, api } = await legacyAccount();
    const edit = canary('Edit');
    const hlc = `${String(t.deps.now() + 60_000).padStart(15, '0')}-0000-otherdevice`;
    let edited = false;
    await sealAccountData({
      api,
      keys: await sealing.keysFor(),
      onProgress: async (p) => {
        if (p.phase !== 'records' || edited) return;
        edited = true;
        // Between reading and sending: the envelopes just made for `location` now carry a stale HLC.
        const res = await api<{ accepted: string[] }>('/api/sync', { body: { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'deathPlan', id: userId, hlc, fields: { location: edit } }] } });
        expect(res.accepted).toEqual([hlc]);
      },
    });
    expect(edited).toBe(true);
    const after = await serverRecords(appTransport(t, cookie));
    await expectSameWords(sealing, userId, before, after, { [`deathPlan/${userId}/location`]: edit });
    expect(after.find((r) => r.collection === 'deathPlan')!.clocks.location).toBe(hlc);
  });

  it('the account limit still applies to what sealing adds: the records past it keep their words and the account is not finished; within the limit it ends sealed', async () => {
    const { t, cookie, userId, before, sealing, api } = await legacyAccount();
    // The same database served with AFTERWORD_LIMITS' accountBytes just above what the account holds.
    const bytes = createUsageReader(t.deps.db)(userId).bytes;
    const deps = { ...t.deps, config: { ...t.deps.config, limits: { ...t.deps.config.limits, accountBytes: bytes + 200 } } };
    const tight = testAppOver(deps, createServices(deps), () => {});
    const err = await sealAccountData({ api: apiOver(tight.call, cookie), keys: await sealing.keysFor() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealAccountError);
    expect((err as Error).message).toContain('This account may store at most');
    expect((await t.services.keys.get(userId))!.sealedAt).toBeNull();
    await sealAccountData({ api, keys: await sealing.keysFor() });
    await expectSameWords(sealing, userId, before, await serverRecords(appTransport(t, cookie)));
  });

  it('a record too large to seal is left plain and named to shorten; everything else is sealed; shortened, the next run finishes (issue 29 "Limits on ciphertext")', { timeout: 60_000 }, async () => {
    const { t, cookie, userId, sealing, api } = await legacyAccount();
    // Written before keys, within the plain limits: a task of 200 + 200 list items of 500
    // characters (~200 KB plain, past 256 KB sealed); a 20,000-character letter in Japanese
    // (60 KB of UTF-8) fits once sealed (one change holds 128 K) and is sealed with the rest.
    const task = await api<{ id: string }>('/api/survivor-tasks', { body: { title: 'Sort out the house', description: 'Everything.', category: 'other', timeframe: '1m', automationLevel: 'manual-with-guidance', priority: 3, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started' } });
    const item = (list: string, i: number) => `${list} ${i} `.padEnd(500, 'x');
    for (const list of ['resources', 'automationSteps']) {
      for (let n = 40; n <= 200; n += 40) await api(`/api/survivor-tasks/${task.id}`, { method: 'PATCH', body: { [list]: Array.from({ length: n }, (_, i) => item(list, i)) } });
    }
    const letter = '親愛なる家族へ、'.repeat(2_500);
    const m = await api<{ id: string }>('/api/messages', { body: { recipientName: 'Kim', recipientEmail: 'kim@example.org', messageType: 'text', messageContent: letter } });

    const err = await sealAccountData({ api, keys: await sealing.keysFor() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealAccountError);
    const tooLarge = (err as SealAccountError).tooLarge;
    expect(tooLarge.map((x) => [x.id, x.name])).toEqual([[task.id, 'Sort out the house']]);
    expect((err as Error).message).toMatch(/“Sort out the house”: (Resources|Automation steps) is too long to keep end-to-end encrypted \(this task may hold at most 256 KB once sealed; shorten it by about [\d,]+ characters\)/);
    expect((err as Error).message).toContain('Everything else is sealed');
    // Everything else is sealed (the letter too); the task keeps every word, in plain text, and the account is not finished.
    const left = (await serverRecords(appTransport(t, cookie))).filter((r) => plaintextFields(r.collection, r.id, r).length > 0);
    expect(left.map((r) => r.id)).toEqual([task.id]);
    expect(left.map((r) => r.id)).not.toContain(m.id); // the letter, sealed
    expect((await t.services.keys.get(userId))!.sealedAt).toBeNull();

    // The person shortens the task (as the message says); the next run ends sealed.
    // (A 500-character item, with its position, pads to a 1 KiB bucket: about 1.4 KB sealed.)
    await api(`/api/survivor-tasks/${task.id}`, { method: 'PATCH', body: { automationSteps: [], resources: Array.from({ length: 100 }, (_, i) => item('resources', i)) } });
    await sealAccountData({ api, keys: await sealing.keysFor() });
    expect((await t.services.keys.get(userId))!.sealedAt).not.toBeNull();
  });

  it('two devices migrating at once both end sealed, nothing lost', async () => {
    const { t, cookie, userId, before, sealing, api } = await legacyAccount();
    const [a, b] = await Promise.all([sealAccountData({ api, keys: await sealing.keysFor() }), sealAccountData({ api, keys: await sealing.keysFor() })]);
    expect(a.sealedAt).toBe(b.sealedAt);
    await expectSameWords(sealing, userId, before, await serverRecords(appTransport(t, cookie)));
  });
});
