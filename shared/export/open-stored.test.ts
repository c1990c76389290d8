/**
 * Opening a hostile or damaged server export on the device (shared/export/open-stored.ts): a
 * damaged line of records.jsonl and a file larger than a file can be are each named, never
 * dropped silently and never inflated; a ZIP that is no stored export is refused in words.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isStoredExport, openStoredExport, StoredExportOpenError } from './open-stored';
import { readExport } from './read';

const userId = 'u-hostile-0000000001';
const hlc = '001795262400000-0000-0000000000000001';
const manifest = { format: 'afterword-export', version: 2, exportedAt: '2026-11-27T00:00:00.000Z', userId, sealed: false, recordCount: 3, blobs: [], missingBlobs: [] };
const line = (collection: string, id: string, values: Record<string, unknown>) =>
  JSON.stringify({ collection, id, values, clocks: Object.fromEntries(Object.keys(values).map((f) => [f, hlc])) });

describe('openStoredExport on a hostile export', () => {
  it('names a damaged line and a file too large to be real; keeps every record that is sound', async () => {
    const huge = { blobId: 'b'.repeat(22), name: 'Bomb.pdf', size: 10 * 1024 ** 4, mimeType: 'application/pdf', sha256: '0'.repeat(64), key: 'k'.repeat(43), chunkSize: 4 * 1024 * 1024 };
    const zip = zipSync({
      'afterword.json': strToU8(JSON.stringify(manifest)),
      'records.jsonl': strToU8(
        [
          line('profile', userId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }),
          '{"collection":"profile","id":',
          line('documents', 'doc000000000001', { documentType: 'will', documentName: 'Will', documentUrl: null, file: huge, createdAt: '2026-11-01T00:00:00.000Z' }),
        ].join('\n'),
      ),
      [`blobs/${huge.blobId}`]: new Uint8Array(10),
    });
    expect(isStoredExport(zip)).toBe(true);
    const opened = await openStoredExport(zip, { keyring: null });
    expect(opened.failures).toEqual(['Line 2 of records.jsonl is damaged and was left out.', 'The file "Bomb.pdf" of legal document "Will" is larger than a file can be here (500 MB).']);
    const { manifest: plain } = readExport(opened.zip);
    expect(plain.records.profile.map((p) => p.lastName)).toEqual(['Lovelace']);
    expect(plain.records.documents.map((d) => d.documentName)).toEqual(['Will']);
    expect(plain.files).toEqual([]);
  });

  it('refuses a ZIP that is not a stored export, in words', async () => {
    const zip = zipSync({ 'afterword.json': strToU8('{"format":"something-else"}') });
    expect(isStoredExport(zip)).toBe(false);
    await expect(openStoredExport(zip, { keyring: null })).rejects.toThrow(StoredExportOpenError);
    await expect(openStoredExport(new Uint8Array([1, 2, 3]), { keyring: null })).rejects.toThrow('This file is damaged or is not a ZIP file. Choose the ZIP that "Export my data" made.');
  });
});
