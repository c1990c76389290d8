/**
 * bench/stores (issue #19): the record store on SQLite and on PostgreSQL side by side, at the
 * store (bench/load measures the whole app on each engine): push throughput (batches of 500 changes,
 * one transaction each) and the incremental pull of 10 changes for a user holding 1k, 10k and
 * 100k records. SQLite: a temp file, synchronous=FULL. PostgreSQL: DATABASE_URL, or a throwaway
 * local server (fsync off: compare shapes, not durability costs). Prints a table, and for
 * PostgreSQL the push rate of 8 concurrent pushers on two instances, for one user and for 8.
 * Run alone with `npx tsx bench/stores.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_LIMITS } from '../shared/limits';
import { formatHlc, type Change } from '../shared/sync';
import { migratePg } from '../sync-server/db/pg/migrate';
import { createPgRecordStore } from '../sync-server/records/store/pg-record-store';
import { createPgPool } from '../sync-server/db/pg/pool';
import { createTestDatabase, startTestPostgres } from '../sync-server/test/test-postgres';
import type { AsyncRecordStore, RecordStore } from '../sync-server/records/store/record-store';
import { openDatabase } from '../sync-server/db/sqlite';
import { createSqliteRecordStore } from '../sync-server/records/store/sqlite-record-store';

interface Engine {
  name: string;
  /** A fresh store with one user `u`. */
  fresh(): Promise<RecordStore | AsyncRecordStore>;
}

const trustee = (i: number) => ({ name: `Trustee ${i}`, email: `t${i}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });
let counter = 0;
const change = (id: string, i: number): Change => ({ collection: 'trustees', id, hlc: formatHlc({ ms: 1_700_000_000_000 + Math.floor(counter / 1000), counter: counter++ % 1000, node: 'bench' }), fields: trustee(i) });

async function push(store: RecordStore | AsyncRecordStore): Promise<number> {
  const start = performance.now();
  for (let b = 0; b < 10; b++) await store.applyChanges('u', Array.from({ length: 500 }, (_, i) => change(`p${b}-${i}`, i)));
  return 5000 / ((performance.now() - start) / 1000);
}

async function incrementalPull(store: RecordStore | AsyncRecordStore, total: number): Promise<number> {
  for (let i = 0; i < total; i += 5000) await store.applyChanges('u', Array.from({ length: Math.min(5000, total - i) }, (_, k) => change(`t${i + k}`, i + k)));
  let cursor = 0;
  for (;;) {
    const page = await store.pull('u', cursor, 5000);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  await store.applyChanges('u', Array.from({ length: 10 }, (_, k) => change(`new${k}`, k)));
  const runs = 20;
  const start = performance.now();
  for (let r = 0; r < runs; r++) {
    const page = await store.pull('u', cursor, 500);
    if (page.records.length !== 10) throw new Error(`expected 10 records, got ${page.records.length}`);
  }
  return (performance.now() - start) / runs;
}

/**
 * PostgreSQL only: 8 pushers on two pools (= two instances) at once, 20 batches of 50 changes
 * each, all for one user (serialised by its row lock, rule 13) or each for its own user.
 */
async function concurrentPush(url: string, sameUser: boolean): Promise<number> {
  const pools = [createPgPool(url), createPgPool(url)];
  try {
    const stores = pools.map((p) => createPgRecordStore(p, ACCOUNT_LIMITS));
    for (let w = 0; w < 8; w++) await pools[0]!.query("INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $1, 'x', '') ON CONFLICT DO NOTHING", [`w${w}`]);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let b = 0; b < 20; b++) await stores[w % 2]!.applyChanges(sameUser ? 'w0' : `w${w}`, Array.from({ length: 50 }, (_, i) => change(`c${sameUser}-${w}-${b}-${i}`, i)));
      }),
    );
    return 8000 / ((performance.now() - start) / 1000);
  } finally {
    await Promise.all(pools.map((p) => p.end()));
  }
}

export async function run(): Promise<void> {
  console.log('\n## bench/stores (record store: SQLite vs PostgreSQL)');
  const server = await startTestPostgres();
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  try {
    const engines: Engine[] = [
      {
        name: 'SQLite',
        async fresh() {
          const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-bench-')), 'bench.db'));
          db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run('u', 'u', 'x', '');
          return createSqliteRecordStore(db, ACCOUNT_LIMITS);
        },
      },
      {
        name: 'PostgreSQL',
        async fresh() {
          const db = await createTestDatabase(server);
          const pool = createPgPool(db.url);
          cleanups.unshift(async () => {
            await pool.end();
            await db.drop();
          });
          await migratePg(pool);
          await pool.query("INSERT INTO users (id, username, password_hash, created_at) VALUES ('u', 'u', 'x', '')");
          return createPgRecordStore(pool, ACCOUNT_LIMITS);
        },
      },
    ];
    const rows: string[][] = [['push (changes/s, batches of 500)'], ...[1_000, 10_000, 100_000].map((n) => [`pull of 10 changes, ${n.toLocaleString('en-US')} held (ms, mean of 20)`])];
    for (const engine of engines) {
      rows[0]!.push(String(Math.round(await push(await engine.fresh()))));
      for (const [i, total] of [1_000, 10_000, 100_000].entries()) rows[i + 1]!.push((await incrementalPull(await engine.fresh(), total)).toFixed(2));
    }
    const db = await createTestDatabase(server);
    cleanups.unshift(() => db.drop());
    const setup = createPgPool(db.url);
    await migratePg(setup);
    await setup.end();
    const same = await concurrentPush(db.url, true);
    const spread = await concurrentPush(db.url, false);
    console.log(`\n| | ${engines.map((e) => e.name).join(' | ')} |`);
    console.log(`| --- | ${engines.map(() => '---:').join(' | ')} |`);
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    console.log(`\nPostgreSQL, two instances, 8 concurrent pushers (batches of 50): ${Math.round(same)} changes/s all for one user (its pushes wait for each other), ${Math.round(spread)} changes/s for 8 users.`);
  } finally {
    for (const c of cleanups) await c();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
