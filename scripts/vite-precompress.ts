/**
 * Build-time compression of the web app (issue #20 "Static files"): every text file of the
 * build (js, mjs, css, html, svg, json, webmanifest, txt, xml) gets a brotli `<file>.br` (quality
 * 11) and a gzip `<file>.gz` (level 9) beside it, written only when smaller than the file. The
 * server (sync-server/http/web-app.ts) sends the variant the request's Accept-Encoding allows.
 * Node's own zlib: no package.
 *
 * `precompress()` is a Vite plugin: it runs at the very end of the build (after the service
 * worker and the prerendered pages are written), so it sees every file. `precompressDir(dir)`
 * does the same for any folder (a step that writes files after the build calls it again), and
 * `precompressFile(file)` for one file.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';

/** The extensions compressed at build (and served with Content-Encoding by web-app.ts). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every file under `dir`, recursively (paths joined to `dir`). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Writes `.br` and `.gz` beside every compressible file under `dir` (replacing older ones), each
 * only when smaller than the file. Resolves the counts; throws on I/O errors.
 */
export async function precompressDir(dir: string): Promise<{ files: number; variants: number }> {
  let files = 0;
  let variants = 0;
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || !(await stat(file)).isFile()) continue;
    files += 1;
    variants += await precompressFile(file);
  }
  return { files, variants };
}

/**
 * Writes `<file>.br` and `<file>.gz` (replacing older ones), each only when smaller than the
 * file; a variant that is not smaller is removed, so none older than the file is left. Resolves
 * how many were written; throws on I/O errors. For a file changed after the build, too.
 */
export async function precompressFile(file: string): Promise<number> {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let variants = 0;
  for (const [ext, bytes] of [['.br', br], ['.gz', gzipped]] as const) {
    if (bytes.length >= data.length) {
      await rm(file + ext, { force: true });
      continue;
    }
    await writeFile(file + ext, bytes);
    variants += 1;
  }
  return variants;
}

/** The Vite plugin: precompresses the output folder after everything else of the build. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'afterword-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const { files, variants } = await precompressDir(outDir);
        config.logger.info(`precompress: ${variants} .br/.gz variants of ${files} text files in ${outDir}`);
      },
    },
  };
}
