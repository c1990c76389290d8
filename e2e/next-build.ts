/**
 * A "new version" of the built app for the PWA update test (e2e/pwa.test.ts), made from a copy of
 * dist/ in well under a second instead of a second `vite build` (~30 s of CPU, minutes of a loaded
 * 2-core CI machine). It differs from the build the way a deploy does for the service worker:
 * - index.html is renamed `<html data-build="<id>">` (vite.config.ts buildIdInHtml writes it);
 * - sw.js's precache manifest gives index.html its new revision (Workbox's revision is the file's
 *   MD5, as in the build), so the browser sees a changed service worker, installs it, precaches
 *   the new shell and waits: the app's 'A new version of Afterword is available' prompt;
 * - both get fresh .br/.gz variants (scripts/vite-precompress.ts), as the server prefers them.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompressFile } from '../scripts/vite-precompress';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Writes into `outDir` the next version of the build in `buildDir` named `buildId` (letters,
 * digits, `.`, `_`, `-`), as described above. Throws when the build is not of the expected shape
 * (no data-build in index.html, or not exactly one index.html entry in sw.js's manifest).
 */
export async function writeNextVersion(buildDir: string, outDir: string, buildId: string): Promise<void> {
  if (!/^[\w.-]+$/.test(buildId)) throw new Error(`Build id ${buildId} is not letters, digits, '.', '_' or '-'`);
  cpSync(buildDir, outDir, { recursive: true });
  const htmlPath = join(outDir, 'index.html');
  const swPath = join(outDir, 'sw.js');
  const html = readFileSync(htmlPath, 'utf8');
  const next = html.replace(/<html([^>]*) data-build="[^"]*"/, `<html$1 data-build="${buildId}"`);
  if (next === html) throw new Error(`${htmlPath} has no <html data-build> to rename (or it is ${buildId} already)`);
  const sw = readFileSync(swPath, 'utf8');
  const entry = `{url:"index.html",revision:"${md5(html)}"}`;
  if (sw.split(entry).length !== 2) throw new Error(`${swPath} does not list index.html once with revision ${md5(html)}`);
  writeFileSync(htmlPath, next);
  writeFileSync(swPath, sw.replace(entry, `{url:"index.html",revision:"${md5(next)}"}`));
  await Promise.all([precompressFile(htmlPath), precompressFile(swPath)]);
}
