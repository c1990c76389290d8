/**
 * The app's classic scripts (web/classic/*.js: run by a plain <script> tag before any module, e.g.
 * zod-csp.js, issue #9) copied to the build's root without their comments (issue 41: the page's
 * JavaScript counts every byte, and zod-csp.js was a 0.4 KB explanation around one statement). The
 * source keeps its explanation; a file whose code has no leading block comment is copied as it is.
 * Emitted with the bundle (before the service worker's precache list is made, which hashes it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** `source` without its block and line comments that stand on lines of their own. */
export function withoutComments(source: string): string {
  return source
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*$/gm, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')
    .concat('\n');
}

/** The Vite plugin: each `dir/*.js` emitted as `<name>.js` at the build's root, comments left out (the dev server serves it as it is). */
export function classicScripts(dir: string): Plugin {
  const names = () => readdirSync(dir).filter((f) => f.endsWith('.js'));
  return {
    name: 'afterword-classic-scripts',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.slice(1) ?? '';
        if (!names().includes(name)) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of names()) {
        this.emitFile({ type: 'asset', fileName: name, source: withoutComments(readFileSync(join(dir, name), 'utf8')) });
      }
    },
  };
}
