import { mkdtempSync, readdirSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract';
import { createFsBlobStore } from './fs-blob-store';

blobStoreContract('filesystem (temp dir)', () => createFsBlobStore(join(mkdtempSync(join(tmpdir(), 'afterword-blobs-')), 'blobs')));

it('filesystem: a temporary file left by a crash mid-chunk is swept once old', async () => {
  const root = join(mkdtempSync(join(tmpdir(), 'afterword-blobs-')), 'blobs');
  const store = createFsBlobStore(root);
  mkdirSync(join(root, '.tmp'), { recursive: true });
  writeFileSync(join(root, '.tmp', 'old'), 'x');
  writeFileSync(join(root, '.tmp', 'new'), 'x');
  const past = new Date(Date.now() - 2 * 3600_000);
  utimesSync(join(root, '.tmp', 'old'), past, past);
  expect(await store.sweepTemporary(3600_000)).toBe(1);
  expect(readdirSync(join(root, '.tmp'))).toEqual(['new']);
});
