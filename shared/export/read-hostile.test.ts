/**
 * Import of a hostile ZIP (issue #18, the attacker's review): a ZIP listing far more entries than
 * any export can hold is refused before any file is read (each file check reads the ZIP's
 * directory again, so a huge entry count would freeze the page for minutes).
 */
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { COLLECTIONS } from '../schema/collections';
import type { ExportRecords } from './format';
import { MANIFEST_PATH } from './format';
import { ACCOUNT_LIMITS } from '../limits';
import { ExportReadError, readExport } from './read';
import { exportZipChunks } from './zip-writer';

async function emptyManifest(): Promise<Uint8Array> {
  const records = Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as ExportRecords;
  const parts: Uint8Array[] = [];
  for await (const p of exportZipChunks({ records, exportedAt: new Date(Date.UTC(2026, 10, 23)), personName: 'Ada Lovelace' })) parts.push(p);
  const zip = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    zip.set(p, at);
    at += p.length;
  }
  return unzipSync(zip)[MANIFEST_PATH]!;
}

describe('readExport and a ZIP with a huge entry count', () => {
  it('refuses more entries than any export can have, naming the count', async () => {
    const most = 2 * ACCOUNT_LIMITS.recordsPerCollection + 16; // a file per document and message, two of ours, a few folders
    const manifest = await emptyManifest();
    const entries: Record<string, Uint8Array> = { [MANIFEST_PATH]: manifest };
    for (let i = 0; i < most; i++) entries[`files/documents/extra ${i}.txt`] = strToU8('x');
    const zip = zipSync(entries, { level: 0 });
    expect(() => readExport(zip)).toThrow(ExportReadError);
    expect(() => readExport(zip)).toThrow(`This export has ${most + 1} entries; an export holds at most ${most}.`);
  });

  it('accepts an export with a few entries more than its files (folders added by another ZIP tool)', async () => {
    const manifest = await emptyManifest();
    const zip = zipSync({ [MANIFEST_PATH]: manifest, 'README.txt': strToU8('hello'), 'files/': new Uint8Array(0), 'files/documents/': new Uint8Array(0) }, { level: 0 });
    expect(readExport(zip).manifest.files).toEqual([]);
  });
});
