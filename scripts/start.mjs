#!/usr/bin/env node
/**
 * `npm start`: builds the web app when dist/ is missing or older than the sources, then runs
 * the sync-server (which serves dist/ and /api from one process on PORT, default 8787).
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const built = join(root, 'dist', 'index.html');
const stale =
  !existsSync(built) ||
  Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'shared')), newestMtime(join(root, 'public'))) >
    statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'sync-server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // Production unless said otherwise: drops checks meant for tests (sync-server/db/tx-errors.ts).
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
