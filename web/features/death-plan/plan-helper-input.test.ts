/**
 * What the person tells the plan's two AI helpers is kept like every other word of the plan
 * (SPEC.md §3 "Death plan"; §7 names the fields): the obituary details and the kinds of music are
 * fields of the plan record, saved with Save Changes, sealed under the plan's key (SECURITY.md
 * "What is sealed") and synced field by field. Real parts throughout: the form session over a real
 * react-hook-form control, Dexie over fake-indexeddb, the sync engine and the REAL server (Hono
 * over a SQLite file) with a sealed account.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, serverRecords, signedInTransport } from '../../../sync-server/test/client-test-support';
import { createSyncEngine } from '../../sync/engine';
import type { SyncKeys } from '../../sync/sealing';
import { createSealedWorld } from '../../sync/test-sealed';
import type { UserDatabase } from '../../db/user-database';
import type { Transport } from '../../sync/transport';
import { openForm, planSpec } from '../../forms/test-form';

const DETAILS = {
  hometown: 'Canary-Hometown-Tarsier, by the sea',
  occupation: 'Canary-Work-Capybara',
  achievements: 'Canary-Proud-Wombat: the lifeboat crew.\nAnd the garden.',
  familyMembers: 'Canary-Family-Quoll and the grandchildren',
  personalQualities: 'Canary-Quality-Dugong, stubborn and kind',
};

async function sync(db: UserDatabase, keys: SyncKeys | undefined, transport: Transport) {
  const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
}

describe('the plan keeps what the person tells its AI helpers', () => {
  it('obituary details and kinds of music typed and saved on one device are on the second after sync, and the server holds only envelopes', async () => {
    const w = await createSealedWorld();
    const phone = { db: await w.device(), keys: await w.keysFor() };
    await sync(phone.db, phone.keys, w.transport);
    const form = await openForm(phone.db, planSpec(w.userId));
    for (const [field, value] of Object.entries(DETAILS)) form.type(field as keyof typeof DETAILS, value);
    form.type('musicGenres', ['folk', 'jazz']);
    expect(form.session.dirty().sort()).toEqual([...Object.keys(DETAILS), 'musicGenres'].sort());
    expect(await form.session.save()).toBe('created');
    expect(form.session.dirty()).toEqual([]);
    await sync(phone.db, phone.keys, w.transport);
    expect(await phone.db.dexie.outbox.count()).toBe(0);

    const laptop = { db: await w.device(), keys: await w.keysFor() };
    await sync(laptop.db, laptop.keys, w.transport);
    const there = await openForm(laptop.db, planSpec(w.userId));
    expect(there.form.getValues()).toMatchObject({ ...DETAILS, musicGenres: ['folk', 'jazz'] });

    // Sealed under the plan's key: envelopes on the server, no word in its SQLite file or WAL.
    const plan = (await serverRecords(w.transport)).find((r) => r.collection === 'deathPlan')!;
    for (const field of [...Object.keys(DETAILS), 'musicGenres']) expect(plan.values[field], field).toMatch(/^v1\.plan~\d+\./);
    const dir = w.t.deps.config.dataDir;
    const bytes = Buffer.concat([readFileSync(join(dir, 'afterword.db')), readFileSync(join(dir, 'afterword.db-wal'))]);
    for (const word of Object.values(DETAILS).map((v) => v.split(/[ :,]/)[0]!)) expect(bytes.includes(Buffer.from(word, 'utf8')), word).toBe(false);

    // Per-field last writer wins: the laptop's hometown and the phone's music both survive.
    there.type('hometown', 'Harbour town');
    await there.session.save();
    form.type('musicGenres', ['folk']);
    await form.session.save();
    await sync(laptop.db, laptop.keys, w.transport);
    await sync(phone.db, phone.keys, w.transport);
    await sync(laptop.db, laptop.keys, w.transport);
    for (const db of [phone.db, laptop.db]) {
      expect(await db.dexie.entities('deathPlan').get(w.userId)).toMatchObject({ hometown: 'Harbour town', occupation: DETAILS.occupation, musicGenres: ['folk'] });
    }
  });

  it('a plan saved before these fields existed opens with them empty', async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    await db.write('deathPlan', w.userId, { location: 'Boathouse', createdAt: '2026-11-21T12:00:00.000Z' });
    const form = await openForm(db, planSpec(w.userId));
    expect(form.form.getValues()).toMatchObject({ location: 'Boathouse', hometown: '', occupation: '', achievements: '', familyMembers: '', personalQualities: '', musicGenres: [] });
    expect(form.session.dirty()).toEqual([]);
  });

  it('the server bounds them (SECURITY.md "Limits"): too long a detail or an unknown kind of music is a 400 naming the field', async () => {
    const t = createTestApp();
    const { cookie } = await signedInTransport(t);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await t.call('POST', '/api/death-plan', body, cookie);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(json.issues.map((i) => i.path.split('.')[0])).toContain(field);
    };
    await refused({ hometown: 'x'.repeat(201) }, 'hometown');
    await refused({ achievements: 'x'.repeat(5_001) }, 'achievements');
    await refused({ musicGenres: ['disco'] }, 'musicGenres');
    await refused({ musicGenres: ['folk', 'folk', 'folk', 'folk', 'folk', 'folk', 'folk', 'folk', 'folk', 'folk'] }, 'musicGenres');
    const ok = await t.call('POST', '/api/death-plan', { hometown: ' Whitby ', musicGenres: ['folk', 'gospel'] }, cookie);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ hometown: 'Whitby', occupation: null, musicGenres: ['folk', 'gospel'] });
  });
});
