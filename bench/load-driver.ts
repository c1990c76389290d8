/**
 * The load driver of bench/load.ts, run as a SEPARATE process (so the client's CPU does not
 * count against the server's): `tsx bench/load-driver.ts <config.json>`. The config holds the
 * server URL, the signed-in users' cookies, the duration and the number of connections.
 * Each connection loops over: a sync push (5 changes, each editing one of the user's
 * BENCH_RECORDS existing documents, so nothing grows however long it runs), an incremental pull,
 * and a list read (GET /api/documents), each cycle as one of the users, round robin. Prints one
 * JSON line with requests/s, latency percentiles and error counts (non-2xx, socket errors,
 * timeouts, and changes the server rejected inside a 200 sync response).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { formatHlc } from '../shared/sync';

export interface LoadConfig {
  url: string;
  cookies: string[];
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Pushed changes the server rejected (rule 11) although the request itself answered 200. */
  rejected: number;
}

/** How many documents each bench user holds (created by bench/load.ts); pushes edit these only. */
export const BENCH_RECORDS = 5;
/** The id of bench document `k` (the same ids in every account: records are per account). */
export const benchRecordId = (k: number) => `bench-doc-${k}`;

async function main(file: string) {
  const config = JSON.parse(readFileSync(file, 'utf8')) as LoadConfig;
  let nextUser = 0;
  let counter = 0;
  let rejected = 0;
  const node = `load${process.pid}`;
  const instance = autocannon({
    url: config.url,
    connections: config.connections,
    duration: config.seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/sync',
        setupRequest: (req, context) => {
          context.cookie = config.cookies[nextUser++ % config.cookies.length];
          // Edits of existing, whole records (issue #15: a change creating a record must carry all of it).
          const changes = Array.from({ length: BENCH_RECORDS }, (_, k) => {
            const n = counter++;
            return {
              collection: 'documents',
              id: benchRecordId(k),
              hlc: formatHlc({ ms: Date.now(), counter: n % 1_000_000, node }),
              fields: { documentName: `Document ${k}, edit ${n}` },
            };
          });
          return {
            ...req,
            headers: { 'content-type': 'application/json', cookie: context.cookie as string },
            body: JSON.stringify({ protocol: 1, cursor: 1e15, changes }),
          };
        },
        onResponse: (status, body) => {
          if (status === 200) rejected += (JSON.parse(body) as { rejected: unknown[] }).rejected.length;
        },
      },
      {
        method: 'POST',
        path: '/api/sync',
        setupRequest: (req, context) => ({
          ...req,
          headers: { 'content-type': 'application/json', cookie: context.cookie as string },
          body: JSON.stringify({ protocol: 1, cursor: 0, changes: [], limit: 50 }),
        }),
      },
      {
        method: 'GET',
        path: '/api/documents',
        setupRequest: (req, context) => ({ ...req, headers: { cookie: context.cookie as string } }),
      },
    ],
  });
  const r = await instance;
  const result: LoadResult = {
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    rejected,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1]?.endsWith('load-driver.ts')) {
  main(process.argv[2]!).catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
}
