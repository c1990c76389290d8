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
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from './child-server';

/**
 * Bundles sync-server/main.ts into a new folder under node_modules/.cache/afterword-server/ and
 * returns the bundle's absolute path (its folder is the caller's to delete). Throws on a build error.
 */
export async function bundleServer(): Promise<string> {
  const parent = join(REPO_ROOT, 'node_modules', '.cache', 'afterword-server');
  await mkdir(parent, { recursive: true });
  const outfile = join(await mkdtemp(join(parent, 'run-')), 'main.mjs');
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
