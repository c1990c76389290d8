/**
 * Export and import on the device (issue #18): random records of every collection, exported from
 * one account and imported into a fresh account on a fresh device, come back identical; importing
 * again writes nothing; a newer version, a truncated ZIP, an invalid record and a `../x` name are
 * each refused with their message and nothing is written. Real Dexie over fake-indexeddb.
 */
import fc from 'fast-check';
import { strToU8, zipSync, unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema/collections';
import { personRecords } from '../../../shared/export/test-records';
import { NEWER_VERSION_MESSAGE, DAMAGED_ZIP_MESSAGE } from '../../../shared/export/read';
import { openOnDevice } from '../../db/test-device';
import type { UserDatabase } from '../../db/user-database';
import { comparable, seed, zipOf } from './export-test-support';
import { ExportReadError, checkZipSignature, importData } from './import-data';

const now = () => Date.UTC(2026, 10, 23, 12);

const zipBytes = (db: UserDatabase) => zipOf(db, new Date(now()));

let n = 0;
const freshDevice = () => openOnDevice(`user-${++n}`, now);

async function nothingWritten(db: UserDatabase) {
  expect(await db.pendingCount()).toBe(0);
  for (const c of COLLECTIONS) expect(await db.dexie.entities(c as CollectionName).count()).toBe(0);
}

describe('export → import (issue #18)', () => {
  it('random records of every collection come back identical in a fresh account; importing again writes nothing', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(personRecords, async (p) => {
        const a = await freshDevice();
        const b = await freshDevice();
        try {
          await seed(a, p);
          const zip = await zipBytes(a);
          const first = await importData(b, zip);
          expect(await comparable(b)).toEqual(await comparable(a));
          const pending = await b.pendingCount();
          expect(pending).toBe(first.changed);
          const again = await importData(b, zip);
          expect(again.changed).toBe(0);
          expect(await b.pendingCount()).toBe(pending); // no outbox entry: re-import is a no-op
        } finally {
          a.close();
          b.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a deleted record imported again is brought back', async () => {
    const a = await freshDevice();
    const b = await freshDevice();
    await a.write('trustees', 't-1', { name: 'Grace', email: 'grace@example.org', phone: null, relationship: null, accessLevel: 'full', createdAt: new Date(now()).toISOString() });
    const zip = await zipBytes(a);
    await importData(b, zip);
    await b.write('trustees', 't-1', { _deleted: true });
    await importData(b, zip);
    expect((await b.dexie.entities('trustees').get('t-1'))?.name).toBe('Grace');
  });

  it('the plan keeps the AI helpers’ input through export and import; an export from before them still imports and leaves them as they are', async () => {
    const a = await freshDevice();
    const helperInput = { hometown: 'Whitby', occupation: 'Lifeboat cox', achievements: 'Forty rescues', familyMembers: 'Nell and Tom', personalQualities: 'Calm', musicGenres: ['folk', 'gospel'] };
    await a.write('deathPlan', a.userId, { location: 'Kensal Green', ...helperInput, createdAt: new Date(now()).toISOString() });
    const zip = await zipBytes(a);
    const b = await freshDevice();
    await importData(b, zip);
    expect(await b.dexie.entities('deathPlan').get(b.userId)).toMatchObject({ location: 'Kensal Green', ...helperInput });

    // The same export as the app wrote it before the plan held these fields.
    const files = unzipSync(zip);
    const manifest = JSON.parse(strFromU8(files['afterword.json']!)) as { records: { deathPlan: Record<string, unknown>[] } };
    for (const field of Object.keys(helperInput)) delete manifest.records.deathPlan[0]![field];
    const older = zipSync({ ...files, 'afterword.json': strToU8(JSON.stringify(manifest)) });
    const c = await freshDevice();
    await c.write('deathPlan', c.userId, { hometown: 'Leeds', createdAt: new Date(now()).toISOString() });
    await importData(c, older);
    expect(await c.dexie.entities('deathPlan').get(c.userId)).toMatchObject({ location: 'Kensal Green', hometown: 'Leeds', occupation: null, musicGenres: [] });
  });

  describe('refusals: each names its problem and writes nothing', () => {
    const validManifest = async () => {
      const a = await freshDevice();
      await a.write('profile', a.userId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', values: [], profileCompletion: 0 });
      await a.write('messages', 'm-1', { recipientName: 'Grace', recipientEmail: 'grace@example.org', messageType: 'text', messageContent: 'Hello', deliveryDate: null, file: null, createdAt: new Date(now()).toISOString() });
      const zip = await zipBytes(a);
      return { zip, manifest: JSON.parse(strFromU8(unzipSync(zip)['afterword.json']!)) as Record<string, unknown> & { records: { messages: Record<string, unknown>[] } } };
    };
    const refused = async (zip: Uint8Array, message: string | RegExp) => {
      const b = await freshDevice();
      const err = await importData(b, zip).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExportReadError);
      if (typeof message === 'string') expect((err as Error).message).toBe(message);
      else expect((err as Error).message).toMatch(message);
      await nothingWritten(b);
    };

    it('a newer format version asks to update the app', async () => {
      const { manifest } = await validManifest();
      await refused(zipSync({ 'afterword.json': strToU8(JSON.stringify({ ...manifest, version: 2 })) }), NEWER_VERSION_MESSAGE);
    });

    it('a file that is not a ZIP at all (a PDF chosen by mistake) is refused from its first bytes; a ZIP passes', async () => {
      const { zip } = await validManifest();
      expect(() => checkZipSignature(zip.slice(0, 4))).not.toThrow();
      expect(() => checkZipSignature(zipSync({}).slice(0, 4))).not.toThrow();
      for (const head of [strToU8('%PDF'), strToU8('<htm'), new Uint8Array(0), strToU8('PK')]) {
        expect(() => checkZipSignature(head)).toThrow(DAMAGED_ZIP_MESSAGE);
      }
    });

    it('a truncated ZIP is damaged', async () => {
      const { zip } = await validManifest();
      await refused(zip.slice(0, Math.floor(zip.length / 2)), DAMAGED_ZIP_MESSAGE);
    });

    it('an invalid record is named', async () => {
      const { manifest } = await validManifest();
      manifest.records.messages[0]!.recipientEmail = 'not an address';
      await refused(zipSync({ 'afterword.json': strToU8(JSON.stringify(manifest)) }), 'This export has an invalid record: Message 1, recipientEmail: Invalid email address.');
    });

    it('a path-traversal name (../x) is refused', async () => {
      const { manifest } = await validManifest();
      await refused(
        zipSync({ 'afterword.json': strToU8(JSON.stringify(manifest)), '../x': strToU8('boo') }),
        'This export can\'t be imported: the name “../x” leads outside the export.',
      );
    });

    it('more records than an account may hold are refused before anything is written', async () => {
      const { manifest } = await validManifest();
      const trustee = (i: number) => ({ id: `t-${i}`, name: `Trustee ${i}`, email: `t${i}@example.org`, phone: null, relationship: null, accessLevel: 'full', createdAt: new Date(now()).toISOString() });
      const records = { ...(manifest.records as object), trustees: Array.from({ length: 51 }, (_, i) => trustee(i)) };
      await refused(zipSync({ 'afterword.json': strToU8(JSON.stringify({ ...manifest, records })) }), 'This export has 51 trustee records; an account holds at most 50.');
    });

    it('a ZIP without afterword.json is not ours', async () => {
      await refused(zipSync({ 'notes.txt': strToU8('hello') }), /not an Afterword export/);
    });
  });
});
