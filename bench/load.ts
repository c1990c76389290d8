/**
 * bench/load (issue #9 "Load"): the real server in a child process (temp DATA_DIR, free
 * loopback port), 50 signed-up users, and a SECOND process (bench/load-driver.ts, autocannon)
 * driving 50 concurrent signed-in connections with a mix of sync pushes, pulls and list reads
 * for 30 s (LOAD_SECONDS to change it). Prints requests/s, p50/p99 latency and the error
 * count; throws when any request failed (non-2xx, socket error or timeout) or the server
 * rejected any pushed change.
 *
 * It measures SERVER THROUGHPUT, NOT THE LIMITER: 50 users at full speed each send far more than
 * the per-account budgets of shared/limits.ts (600 requests, 120 writes a minute), so the server
 * is started with AFTERWORD_LIMITS raising exactly those two (BENCH_LIMITS below); every other
 * limit keeps its default. The limiter itself is proven by sync-server/hostile-tenant.test.ts.
 * Each user first syncs BENCH_RECORDS whole documents (every required field, createdAt included:
 * issue #15); the load's pushes only edit those, so nothing grows however long it runs.
 *
 * Sign-up: register allows 30 per IP per 10 minutes. The bench does not loosen it; it starts
 * the server with TRUST_PROXY=1 and signs each user up with its own X-Forwarded-For address, as
 * 50 people behind a reverse proxy would arrive.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startChildServer } from '../sync-server/child-server';
import { formatHlc } from '../shared/sync';
import { BENCH_RECORDS, benchRecordId, type LoadConfig, type LoadResult } from './load-driver';

export const USERS = 50;
/** AFTERWORD_LIMITS of the bench server: per-account request and write budgets out of the way. */
export const BENCH_LIMITS = { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 };

/** Gives each user BENCH_RECORDS whole documents (one sync push each); throws if any is refused. */
async function createRecords(url: string, cookies: readonly string[]): Promise<void> {
  const createdAt = new Date().toISOString();
  for (const [u, cookie] of cookies.entries()) {
    const changes = Array.from({ length: BENCH_RECORDS }, (_, k) => ({
      collection: 'documents',
      id: benchRecordId(k),
      hlc: formatHlc({ ms: Date.now() - 1_000, counter: k, node: 'setup' }),
      fields: { documentType: 'will', documentName: `Document ${k}`, documentUrl: `https://files.example.com/${u}/${k}.pdf`, createdAt },
    }));
    const res = await fetch(`${url}/api/sync`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ protocol: 1, cursor: 0, changes }),
    });
    const body = (await res.json()) as { accepted?: string[]; rejected?: { reason: string }[] };
    if (res.status !== 200 || body.accepted?.length !== BENCH_RECORDS) {
      throw new Error(`bench/load: creating user ${u}'s documents: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
}

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
  const server = await startChildServer({ env: { TRUST_PROXY: '1', AFTERWORD_LIMITS: JSON.stringify(BENCH_LIMITS) } });
  try {
    const cookies = await signUpUsers(server.url, USERS);
    await createRecords(server.url, cookies);
    console.log(
      `\nbench/load: ${USERS} users × ${BENCH_RECORDS} documents, ${USERS} connections, ${seconds} s of sync push (edits) / pull / list against ${server.url}` +
        `\n  measures server throughput, not the limiter: AFTERWORD_LIMITS=${JSON.stringify(BENCH_LIMITS)} (other limits at their defaults)`,
    );
    const r = await drive({ url: server.url, cookies, seconds, connections: USERS });
    const errors = r.non2xx + r.errors + r.timeouts + r.rejected;
    console.table([
      {
        'requests': r.requests,
        'requests/s': Math.round(r.requestsPerSecond),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'errors (non-2xx + socket + timeouts + rejected changes)': errors,
      },
    ]);
    if (errors > 0) throw new Error(`bench/load: ${errors} failures (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, rejected changes ${r.rejected})`);
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
