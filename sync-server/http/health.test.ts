/**
 * GET /healthz and GET /readyz (issue #19 "Several instances": load balancers), through the
 * real app over a real SQLite file and the real filesystem blob store.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-support';
import { createReadiness, READINESS_CACHE_MS } from './health';

const hostile = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

describe('health endpoints (issue #19)', () => {
  it('healthz is always 200 { ok: true }; readyz is 200 when the database and the blob storage answer', async () => {
    const t = createTestApp();
    const live = await t.call('GET', '/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await t.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
  });

  it('need no session or cookie, answer a cross-site caller, and are not rate limited (150 probes in a row all answer)', async () => {
    const t = createTestApp();
    for (let i = 0; i < 150; i++) {
      expect((await t.call('GET', '/healthz', undefined, undefined, hostile)).status).toBe(200);
      expect((await t.call('GET', '/readyz', undefined, undefined, hostile)).status).toBe(200);
    }
  });

  it('readyz is 503 naming the storage when the blob storage cannot be read; healthz stays 200', async () => {
    const t = createTestApp();
    const blobs = join(t.deps.config.dataDir, 'blobs');
    rmSync(blobs, { recursive: true, force: true });
    writeFileSync(blobs, 'not a folder'); // every read of the store now fails (ENOTDIR)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, error: 'Not ready: storage unavailable', failed: ['storage'] });
      expect(errors).toHaveBeenCalledWith('readyz: storage failed:', expect.stringContaining('ENOTDIR'));
      expect((await t.call('GET', '/healthz')).status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });

  it('readyz is 503 naming the database when it does not answer', async () => {
    const t = createTestApp();
    t.deps.db.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, failed: ['database'] });
    } finally {
      errors.mockRestore();
    }
  });

  it(`a flood of probes runs the checks at most once per ${READINESS_CACHE_MS} ms (no flood of database or S3 requests)`, async () => {
    let now = 0;
    const runs = { database: 0, storage: 0 };
    let storageUp = true;
    const readiness = createReadiness(
      {
        database: () => void runs.database++,
        storage: async () => {
          runs.storage++;
          if (!storageUp) throw new Error('bucket unreachable');
        },
      },
      () => now,
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => readiness()));
      expect(answers.every((a) => a.failed.length === 0)).toBe(true);
      expect(runs).toEqual({ database: 1, storage: 1 });
      storageUp = false;
      now += READINESS_CACHE_MS - 1;
      expect(await readiness()).toEqual({ failed: [] }); // still the cached answer
      now += 1;
      expect(await readiness()).toEqual({ failed: ['storage'] });
      expect(runs).toEqual({ database: 2, storage: 2 });
    } finally {
      errors.mockRestore();
    }
  });
});
