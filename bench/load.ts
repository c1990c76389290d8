/**
 * bench/load (issue #9 "Load"): the real server in a child process (temp DATA_DIR, free
 * loopback port), 50 signed-up users, and a SECOND process (bench/load-driver.ts, autocannon)
 * driving 50 concurrent signed-in connections with a mix of sync pushes, pulls and list reads
 * for 30 s (LOAD_SECONDS to change it). Prints requests/s, p50/p99 latency and the error
 * count; throws when any request failed (non-2xx, socket error or timeout).
 *
 * Rate limits: register allows 30 per IP per 10 minutes. The bench does not loosen it; it
 * starts the server with TRUST_PROXY=1 and signs each user up with its own X-Forwarded-For
 * address, as 50 people behind a reverse proxy would arrive. The load itself (sync, lists)
 * is not rate limited.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startChildServer } from '../sync-server/child-server';
import type { LoadConfig, LoadResult } from './load-driver';

export const USERS = 50;

async function signUpUsers(url: string, count: number): Promise<string[]> {
  const cookies: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.0.${i + 1}` },
        body: JSON.stringify({ firstName: 'Load', lastName: `User ${i}`, email: `load${i}@example.com`, username: `load_user_${i}`, password: 'correct horse battery' }),
      });
      if (res.status !== 201) throw new Error(`register ${i}: ${res.status} ${await res.text()}`);
      cookies[i] = res.headers.get('set-cookie')!.split(';')[0]!;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return cookies;
}

function drive(config: LoadConfig): Promise<LoadResult> {
  const file = join(mkdtempSync(join(tmpdir(), 'afterword-load-')), 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-driver.ts', file], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult) : reject(new Error(`load driver exited with ${code}`))));
  });
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.LOAD_SECONDS ?? 30);
  const server = await startChildServer({ env: { TRUST_PROXY: '1' } });
  try {
    const cookies = await signUpUsers(server.url, USERS);
    console.log(`\nbench/load: ${USERS} users, ${USERS} connections, ${seconds} s of sync push / pull / list against ${server.url}`);
    const r = await drive({ url: server.url, cookies, seconds, connections: USERS });
    const errors = r.non2xx + r.errors + r.timeouts;
    console.table([
      {
        'requests': r.requests,
        'requests/s': Math.round(r.requestsPerSecond),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'errors (non-2xx + socket + timeouts)': errors,
      },
    ]);
    if (errors > 0) throw new Error(`bench/load: ${errors} failed requests (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('load.ts')) {
  run().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
