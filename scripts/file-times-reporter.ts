/**
 * A vitest reporter (vitest.config.ts `reporters`, beside the default one) that prints, when a
 * run ends, every test file's time, slowest first (issue 41: "Print each file's time at the end of
 * the run, so the slowest is always visible"), with the sum of the files' times and the run's
 * wall clock, so a file that grew slow is seen in the next CI log rather than guessed at.
 *
 * Per file: `total` is vitest's own figures added up (environment setup, harness preparation,
 * setup files, import and collection, then tests and hooks), `import` the module's import and
 * collection, `tests+hooks` the tests with their beforeAll/afterAll (a browser file's server start
 * and sign-ups are in its hooks), the number of tests, and the slowest test with its time. Times
 * are wall clock: on a loaded machine they grow together, so compare a file with the others of
 * the same run.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** One file's row: its name, the figures described above, and its slowest test. */
interface FileTime {
  file: string;
  total: number;
  imported: number;
  tests: number;
  count: number;
  failed: boolean;
  slowest: { name: string; ms: number } | undefined;
}

/** A test's name cut to one readable line. */
const short = (name: string): string => (name.length > 110 ? `${name.slice(0, 109)}…` : name);

const seconds = (ms: number): string => (ms / 1000).toFixed(1).padStart(7);

/** The row for `module` from its diagnostic() and its tests' own durations. */
function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  let slowest: FileTime['slowest'];
  let count = 0;
  for (const test of module.children.allTests()) {
    count++;
    const ms = test.diagnostic()?.duration ?? 0;
    if (!slowest || ms > slowest.ms) slowest = { name: test.fullName, ms };
  }
  return {
    file: `${module.project.name}:${module.relativeModuleId}`,
    total: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    imported: d.collectDuration,
    tests: d.duration,
    count,
    failed: module.state() === 'failed',
    slowest,
  };
}

/** Prints the table described in the module docstring when the run ends (also after a failure). */
export default class FileTimesReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const rows = modules.map(fileTime).sort((a, b) => b.total - a.total);
    const sum = rows.reduce((s, r) => s + r.total, 0);
    const lines = [
      '',
      `Time per test file, slowest first (${rows.length} files, sum ${(sum / 1000).toFixed(0)} s, run ${((performance.now() - this.started) / 1000).toFixed(0)} s wall):`,
      `  total s  import s  tests+hooks s  tests  file — slowest test`,
      ...rows.map(
        (r) =>
          `${seconds(r.total)}  ${seconds(r.imported)}   ${seconds(r.tests)}      ${String(r.count).padStart(5)}  ${r.failed ? '✗ ' : ''}${r.file}` +
          (r.slowest ? ` — ${(r.slowest.ms / 1000).toFixed(1)} s ${short(r.slowest.name)}` : ''),
      ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
