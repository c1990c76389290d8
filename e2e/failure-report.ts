/**
 * Setup of every browser test file (vitest.config.ts, project e2e): when a test fails, what its
 * open pages show and did (e2e/page-journal.ts) is appended to E2E_FAILURE_LOG (default
 * `e2e-failures.log` at the repository's root), which .ci/run prints after a failed run: a CI log
 * keeps only its end, and "Timeout 90000ms exceeded" alone does not say why a screen never showed.
 */
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { REPO_ROOT } from '../sync-server/test/child-server';
import { describeOpenPages } from './page-journal';

/** Where the reports go. */
export const FAILURE_LOG = process.env.E2E_FAILURE_LOG ?? join(REPO_ROOT, 'e2e-failures.log');

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const where = `${task.file?.name ?? '?'} > ${task.name}`;
    const report = await describeOpenPages();
    await appendFile(FAILURE_LOG, `\n=== ${new Date().toISOString()} FAILED ${where}\n${report}\n`).catch(() => undefined);
  });
});
