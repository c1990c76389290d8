/**
 * Under NODE_ENV=production (`npm start`) the transaction mark of db/tx-errors.ts still guards
 * PostgreSQL: a transaction opened inside another's body is refused at once, never left waiting
 * for a second connection while the first holds its locks.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { usePgDatabase } from '../../test/pg-test-support';

describe('PostgreSQL nested transactions in production', () => {
  const pgdb = usePgDatabase();

  it('a transaction opened inside another is EffectInTransactionError under NODE_ENV=production too', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'sync-server/test/nested-tx-probe.ts', pgdb.url], {
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('EffectInTransactionError');
  }, 40_000);
});
