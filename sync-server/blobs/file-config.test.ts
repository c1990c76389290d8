/** Issue #17: the file limits come from USER_QUOTA_BYTES and MAX_FILE_BYTES (config.ts), defaults in shared/limits.ts. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_LIMIT_DEFAULTS } from '../../shared/limits';
import { loadConfig } from '../config';
import { formatBytes } from '../../shared/files/size';

const env = (more: Record<string, string>) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'afterword-cfg-')), ...more });

describe('file limits configuration', () => {
  it('defaults to 2 GiB per account and 500 MiB per file', () => {
    expect(loadConfig(env({})).files).toEqual({ userQuotaBytes: 2 * 1024 ** 3, maxFileBytes: 500 * 1024 ** 2 });
    expect(FILE_LIMIT_DEFAULTS).toEqual({ userQuotaBytes: 2 * 1024 ** 3, maxFileBytes: 500 * 1024 ** 2 });
  });

  it('reads USER_QUOTA_BYTES and MAX_FILE_BYTES; a bad value stops the server naming the variable', () => {
    expect(loadConfig(env({ USER_QUOTA_BYTES: '1000000', MAX_FILE_BYTES: '5000' })).files).toEqual({ userQuotaBytes: 1_000_000, maxFileBytes: 5000 });
    expect(() => loadConfig(env({ USER_QUOTA_BYTES: '2GB' }))).toThrow(/^USER_QUOTA_BYTES must be a positive whole number of bytes/);
    expect(() => loadConfig(env({ MAX_FILE_BYTES: '-1' }))).toThrow(/^MAX_FILE_BYTES/);
    expect(() => loadConfig(env({ MAX_FILE_BYTES: '1.5' }))).toThrow(/^MAX_FILE_BYTES/);
  });

  it('limits are written as people read them', () => {
    expect(formatBytes(500 * 1024 ** 2)).toBe('500 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(2000)).toBe('2 KB');
  });
});
