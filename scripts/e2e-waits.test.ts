/**
 * Issue 41 ("green on a busy machine"): a browser test waits for the event it needs, bounded only
 * so that a test that will fail says so (the context's WAIT_BOUND_MS, 90 s; expect.poll's 60 s,
 * vitest.config.ts; the harness's poll, 60 s). A wait given a short bound of its own fails someone's change on a loaded
 * machine for nothing (check-ins' 100 days waited 15 s for each day's sync). This reads every e2e file and refuses an explicit `timeout:` under 60 s,
 * except where a short bound is the point: a probe whose failure is caught (`.catch(`,
 * `.then(() => true, () => false)`) or a trial click that checks a button is ready now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = join(import.meta.dirname, '..', 'e2e');
const SHORT = /timeout: (\d[\d_]*)/g;
/**
 * A bound closing a call of the harness's `poll(fn, bound)` (e2e/harness.ts, 60 s of its own) or the
 * test SMTP server's `waitFor(address, subject, bound)` (sync-server/test/smtp-test-server.ts, 60 s).
 */
const POLL_BOUND = /\b(?:poll|waitFor)\(.*, (\d[\d_]{3,})\)(?:\.|;|$)/g;
/** A probe whose failure is caught, a trial click, or a bound the test itself asserts ("asserted bound"). */
const PROBE = /\.catch\(|\(\) => false|trial: true|asserted bound/;
/** A comment line (a docstring's words about bounds). */
const COMMENT = /^\s*(\*|\/\/|\/\*)/;

describe('browser tests wait for events, not for a time (issue 41)', () => {
  it('no wait in e2e/ has a bound of its own under 60 s, probes aside', () => {
    const short: string[] = [];
    for (const file of readdirSync(E2E).filter((f) => f.endsWith('.ts'))) {
      readFileSync(join(E2E, file), 'utf8').split('\n').forEach((line, i) => {
        if (COMMENT.test(line)) return;
        for (const m of [...line.matchAll(SHORT), ...line.matchAll(POLL_BOUND)]) {
          if (Number(m[1]!.replaceAll('_', '')) < 60_000 && !PROBE.test(line)) short.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(short).toEqual([]);
  });
});
