/**
 * `GET /api/export` of a sealed account (issue 29): the records as stored (envelopes), each
 * referenced blob once, as stored ciphertext, streamed; the device opens it with the account's
 * keyring (shared/export/open-stored.ts) and gets back every field and every file's bytes.
 * Real app over a real SQLite file, a real keyring, a device's Dexie over fake-indexeddb.
 */
import { concatAll } from '../../../shared/crypto/bytes';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readExport } from '../../../shared/export/read';
import { openStoredExport, StoredExportOpenError } from '../../../shared/export/open-stored';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../../../sync-server/test/blob-test-support';
import { signUp } from '../../../sync-server/test/test-support';
import { createSyncEngine } from '../../sync/engine';
import { createSealedWorld, openRecords } from '../../sync/test-sealed';
import { ExportReadError, importData } from './import-data';
import { serverRecords } from '../../../sync-server/test/client-test-support';

const CANARY = 'CANARY-7f3a-plaintext-of-the-will';
const RECORDS = 300;
const FILE_BYTES = 20_000_000;

/** Reads `res`'s body as it streams; after the first chunk runs `meanwhile` (awaited) before reading on. */
async function readStreaming(res: Response, meanwhile: () => Promise<void>): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let first = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    if (first) {
      first = false;
      await meanwhile();
    }
  }
  return concatAll(parts);
}

const contains = (hay: Uint8Array, needle: string) => Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).includes(Buffer.from(needle));

describe('GET /api/export of a sealed account', () => {
  it('carries one shared 20 MB file once, as ciphertext, while another account is answered; the device opens every field and the file', async () => {
    const world = await createSealedWorld();
    const { t, cookie, userId } = world;
    const plain = pdfWith(CANARY, FILE_BYTES);
    const file = await encryptFile(plain, 'application/pdf', undefined, { padded: true }); // stored padded, as a device stores it (issue 39)
    expect((await uploadFile(callerOf(t, cookie), file)).status).toBe(200);
    const device = await world.device();
    const engine = createSyncEngine({ db: device, transport: world.transport, keys: await world.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    for (let i = 0; i < RECORDS; i++) {
      await device.write('documents', `doc${String(i).padStart(5, '0')}`, { documentType: 'will', documentName: `Will copy ${i}`, documentUrl: null, file: fileRefOf(file, 'Last will.pdf'), createdAt: new Date(t.deps.now() + i).toISOString() });
    }
    await engine.syncNow();
    await engine.stop();
    device.close();

    const other = await signUp(t, { firstName: 'Eve' });
    let otherStatus = 0;
    const res = await t.call('GET', '/api/export', undefined, cookie);
    expect(res.status).toBe(200);
    const zip = await readStreaming(res, async () => {
      otherStatus = (await t.call('GET', '/api/trustees', undefined, other.cookie)).status; // answered mid-export
    });
    expect(otherStatus).toBe(200);

    const entries = unzipSync(zip);
    const blobEntries = Object.keys(entries).filter((p) => p.startsWith('blobs/'));
    expect(blobEntries).toEqual([`blobs/${file.blobId}`]);
    const stored = new Uint8Array(file.chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of file.chunks) {
      stored.set(c, at);
      at += c.byteLength;
    }
    expect(entries[`blobs/${file.blobId}`]).toEqual(stored); // as stored: ciphertext
    expect(zip.byteLength).toBeLessThan(stored.byteLength + 2_000_000); // once, not 300 times
    expect(contains(zip, CANARY)).toBe(false); // the server decrypted nothing
    expect(contains(zip, 'Will copy 1')).toBe(false); // records as stored: envelopes

    const ring = await world.accountRing();
    const opened = await openStoredExport(zip, { keyring: ring });
    expect(opened.failures).toEqual([]);
    const { manifest, readFile } = readExport(opened.zip);
    expect(manifest.records.documents).toHaveLength(RECORDS);
    expect(manifest.records.documents[7]).toMatchObject({ id: 'doc00007', documentType: 'will', documentName: 'Will copy 7', file: { name: 'Last will.pdf', blobId: file.blobId } });
    expect(manifest.records.profile[0]).toMatchObject({ lastName: 'Lovelace' });
    expect(manifest.files).toHaveLength(RECORDS);
    expect(readFile(manifest.files[0]!)).toEqual(plain);
  }, 120_000);

  it('names every record and file that does not open, and never drops one silently', async () => {
    const world = await createSealedWorld();
    const { t, cookie, userId } = world;
    const file = await encryptFile(pdfWith('A-DEED', 40_000), 'application/pdf', 16 * 1024);
    expect((await uploadFile(callerOf(t, cookie), file)).status).toBe(200);
    const device = await world.device();
    const engine = createSyncEngine({ db: device, transport: world.transport, keys: await world.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await device.write('documents', 'deed00000000001', { documentType: 'financial', documentName: 'Deed', documentUrl: null, file: fileRefOf(file, 'Deed.pdf'), createdAt: new Date(t.deps.now()).toISOString() });
    await engine.syncNow();
    await engine.stop();
    device.close();
    const zip = new Uint8Array(await (await t.call('GET', '/api/export', undefined, cookie)).arrayBuffer());

    // Another account's keyring opens nothing: every record is named, none is left out silently.
    const stranger = await createSealedWorld();
    const wrong = await openStoredExport(zip, { keyring: await stranger.accountRing() });
    expect(wrong.failures).toEqual(expect.arrayContaining([expect.stringMatching(/^Legal document "deed00000000001"/), expect.stringMatching(/^Profile/)]));
    // No keyring at all for a sealed export: refused with words a person can read.
    await expect(openStoredExport(zip, { keyring: null })).rejects.toBeInstanceOf(StoredExportOpenError);

    // A damaged file: its record opens, the file is named as not opened.
    const entries = unzipSync(zip);
    const blob = entries[`blobs/${file.blobId}`]!;
    blob[blob.length - 1]! ^= 1;
    const { zipSync } = await import('fflate');
    const damaged = await openStoredExport(zipSync(entries), { keyring: await world.accountRing() });
    expect(damaged.failures).toEqual(['The file "Deed.pdf" of legal document "Deed" did not open: it is damaged, or its key is not the one it was sealed with.']);
    expect(readExport(damaged.zip).manifest.records.documents.map((d) => d.documentName)).toEqual(['Deed']);
  }, 60_000);

  it('imports on a device of the account: opened with its keyring, sealed again by sync; one that does not open imports nothing and says which', async () => {
    const world = await createSealedWorld();
    const { t, cookie } = world;
    const first = await world.device();
    const keys = await world.keysFor();
    let engine = createSyncEngine({ db: first, transport: world.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await first.write('documents', 'note00000000001', { documentType: 'will', documentName: 'Letter of wishes', documentUrl: 'https://example.com/wishes', createdAt: new Date(t.deps.now()).toISOString() });
    await engine.syncNow();
    await engine.stop();
    first.close();
    const zip = new Uint8Array(await (await t.call('GET', '/api/export', undefined, cookie)).arrayBuffer());

    const stranger = await createSealedWorld();
    const other = await world.device();
    await expect(importData(other, zip, undefined, await stranger.accountRing())).rejects.toThrow(ExportReadError);
    await expect(importData(other, zip, undefined, await stranger.accountRing())).rejects.toThrow(/^Nothing was imported: part of this export did not open\. .*Legal document "note00000000001" did not open/);
    expect(await other.dexie.table('documents').count()).toBe(0);

    const result = await importData(other, zip, undefined, await world.accountRing());
    expect(result.records.documents).toBe(1);
    expect(await other.dexie.table('documents').get('note00000000001')).toMatchObject({ documentName: 'Letter of wishes' });
    // Edited after import, it is sealed again on the way to the server.
    await other.write('documents', 'note00000000001', { documentName: 'Letter of wishes (2026)' });
    engine = createSyncEngine({ db: other, transport: world.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    other.close();
    const stored = (await serverRecords(world.transport)).find((r) => r.id === 'note00000000001')!;
    expect(String(stored.values.documentName)).toMatch(/^v1\.docs~/);
    const [opened] = await openRecords(world, world.userId, [stored]);
    expect(opened!.values.documentName).toBe('Letter of wishes (2026)');
  }, 60_000);

  it('opens an export made while the account is being sealed (keys, no sealed_at yet): envelopes opened, plain values kept', async () => {
    const world = await createSealedWorld();
    const { t, cookie } = world;
    t.deps.db.prepare('UPDATE account_keys SET sealed_at = NULL WHERE user_id = ?').run(world.userId); // the migration has not finished
    const zip = new Uint8Array(await (await t.call('GET', '/api/export', undefined, cookie)).arrayBuffer());
    expect(JSON.parse(new TextDecoder().decode(unzipSync(zip)['afterword.json']))).toMatchObject({ sealed: false });
    const opened = await openStoredExport(zip, { keyring: await world.accountRing() });
    expect(opened.failures).toEqual([]);
    expect(readExport(opened.zip).manifest.records.profile[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    // Without the keys, the envelopes are named as not opened, never shown as text.
    const locked = await openStoredExport(zip, { keyring: null });
    expect(locked.failures).toEqual([expect.stringMatching(/^Profile ".*" did not open \(lastName, profileCompletion, values\)/)]);
  });
});
