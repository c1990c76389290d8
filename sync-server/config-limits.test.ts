/**
 * Per-account limits from configuration (AFTERWORD_LIMITS over shared/limits.ts; config-limits.ts):
 * the real app built with other limits enforces those, and a bad value stops loadConfig.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../shared/limits';
import { loadConfig } from './config';
import { createTestApp, signUp } from './test/test-support';

const trustee = (n: number) => ({ name: `Sam ${n}`, email: `sam${n}@example.com`, accessLevel: 'full' });
const load = (limits: string) => () => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'afterword-cfg-')), AFTERWORD_LIMITS: limits });

describe('AFTERWORD_LIMITS (server limits from configuration)', () => {
  it('unset: the documented defaults of shared/limits.ts; set: only the given keys change', () => {
    expect(load('')().limits).toEqual(ACCOUNT_LIMITS);
    expect(load('{"writesPerMinute":7,"trustees":3}')().limits).toEqual({ ...ACCOUNT_LIMITS, writesPerMinute: 7, trustees: 3 });
  });

  it('a server built with a lower writesPerMinute answers 429 sooner (REST writes and sync pushes alike)', async () => {
    const writes = async (t: ReturnType<typeof createTestApp>, n: number) => {
      const { cookie } = await signUp(t);
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await t.call('POST', '/api/trustees', trustee(i), cookie)).status);
      return { cookie, statuses };
    };
    const low = createTestApp({ AFTERWORD_LIMITS: '{"writesPerMinute":3}' });
    const { cookie, statuses } = await writes(low, 4);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const push = { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id: 't1', hlc: '0', fields: { name: 'x' } }] };
    expect((await low.call('POST', '/api/sync', push, cookie)).status).toBe(429);
    low.advance(60_000); // the window expires
    expect((await low.call('POST', '/api/trustees', trustee(9), cookie)).status).toBe(201);
    // The same four writes on a default server all pass.
    expect((await writes(createTestApp(), 4)).statuses).toEqual([201, 201, 201, 201]);
  });

  it('other limits follow the config too: trustees per account (403) and request bytes (413)', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: '{"trustees":2,"requestBytes":2048}' });
    const { cookie } = await signUp(t);
    expect((await t.call('POST', '/api/trustees', trustee(1), cookie)).status).toBe(201);
    expect((await t.call('POST', '/api/trustees', trustee(2), cookie)).status).toBe(201);
    const third = await t.call('POST', '/api/trustees', trustee(3), cookie);
    expect(third.status).toBe(403);
    expect(await third.json()).toMatchObject({ error: expect.stringMatching(/at most 2 records/) });
    const big = await t.call('PATCH', '/api/user/profile', { beliefs: 'x'.repeat(3000) }, cookie);
    expect(big.status).toBe(413);
  });

  it.each([
    ['{"writesPerMinut":5}', /AFTERWORD_LIMITS\.writesPerMinut\b.*known keys: .*writesPerMinute/],
    ['{"writesPerMinute":0}', /AFTERWORD_LIMITS\.writesPerMinute: must be a positive integer/],
    ['{"trustees":-1}', /AFTERWORD_LIMITS\.trustees: must be a positive integer/],
    ['{"recordBytes":1.5}', /AFTERWORD_LIMITS\.recordBytes: must be a whole number/],
    ['{"requestsPerMinute":"600"}', /AFTERWORD_LIMITS\.requestsPerMinute:/],
    ['{"changesPerPush":100}', /AFTERWORD_LIMITS\.changesPerPush: cannot be changed/],
    ['{"listItems":10}', /AFTERWORD_LIMITS\.listItems: cannot be changed/],
    ['[1,2]', /AFTERWORD_LIMITS: /],
    ['{writesPerMinute: 5}', /AFTERWORD_LIMITS is not valid JSON/],
  ])('a bad AFTERWORD_LIMITS %s stops loadConfig with a message naming it', (raw, message) => {
    expect(load(raw)).toThrow(message);
  });
});

describe('the server process with a bad AFTERWORD_LIMITS', () => {
  it('stops at start with a message naming the key (exit code 1, no stack trace)', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'afterword-main-')), AFTERWORD_LIMITS: '{"writesPerMinute":-5}' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Afterword cannot start: AFTERWORD_LIMITS\.writesPerMinute: must be a positive integer/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);
});
