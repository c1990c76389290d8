/**
 * The server's source (main.ts and every module it imports from this repository) bundled into one
 * ES module with esbuild, for test runs that start many servers (the browser tests start about 55
 * a run: e2e/browser-global-setup.ts). Plain `node` starts the bundle in ~0.6 s of CPU where
 * `node --import tsx sync-server/main.ts` took ~1.7 s (measured on the shared 2-core machine: tsx
 * resolves and loads ~200 modules through its loader hooks on each start).
 *
 * The bundle is the same code: esbuild also transforms it for tsx. Packages stay imports of
 * node_modules (`packages: 'external'`), so the bundle must live inside the repository (under
 * node_modules/.cache) to resolve them. Each module's `import.meta.url` is replaced by its own
 * source file's URL, so paths made from it (the SQLite and PostgreSQL migrations, dist/) are what
 * they are when the server runs from source. esbuild is the one tsx and vite use.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from './child-server';

/** Where bundles are made: inside the repository, so the bundle's package imports resolve. */
const BUNDLES = join(REPO_ROOT, 'node_modules', '.cache', 'afterword-server');

/**
 * Bundles sync-server/main.ts into `folder` (default: a new folder under
 * node_modules/.cache/afterword-server/) and returns the bundle's absolute path (its folder is the
 * caller's to delete). Throws on a build error.
 */
export async function bundleServer(folder?: string): Promise<string> {
  await mkdir(BUNDLES, { recursive: true });
  const outfile = join(folder ?? (await mkdtemp(join(BUNDLES, 'run-'))), 'main.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, 'sync-server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await readFile(args.path, 'utf8');
            return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
          });
        },
      },
    ],
  });
  return outfile;
}

let ofThisProcess: Promise<string> | undefined;

/** True while process `pid` runs (one of another user is running too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One bundle for this process (made on the first call, the same path after), in a folder named by
 * the process id: for the unit tests that start the server as a child (crash tests, the hostile
 * tenants beside a live server), about 15 starts a run. A start from the bundle took ~1.0 s of CPU
 * where tsx took ~2.1 s (four starts each way on the shared 2-core machine: 9.3 CPU-s with tsx,
 * 5.4 with the bundle, its making included; issue 41, CI time). vitest ends its workers without
 * their exit handlers running, so the folders of processes that no longer run are removed here,
 * before this one's is made. Throws as bundleServer does.
 */
export function serverBundleOfThisProcess(): Promise<string> {
  ofThisProcess ??= (async () => {
    for (const name of await readdir(BUNDLES).catch(() => [] as string[])) {
      const pid = /^process-(\d+)$/.exec(name)?.[1];
      if (pid && !running(Number(pid))) await rm(join(BUNDLES, name), { recursive: true, force: true });
    }
    const folder = join(BUNDLES, `process-${process.pid}`);
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    return bundleServer(folder);
  })();
  return ofThisProcess;
}
