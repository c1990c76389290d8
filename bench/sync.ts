/**
 * bench/sync (issue #3): push throughput (changes/s) through the real app and SQLite file, and
 * the time of an incremental pull of 10 changes for a user holding 1k, 10k and 100k records.
 * The pull should stay flat as the total grows (shared/sync/README.md rule 13). Prints a table.
 */
import { performance } from 'node:perf_hooks';
import { formatHlc, type SyncResponse } from '../shared/sync';
import { createTestApp, signUp, sqliteStoreOf } from '../sync-server/test/test-support';

const trustee = (i: number) => ({ name: `Trustee ${i}`, email: `t${i}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });
/** A whole document (records are whole before they exist; trustees are capped at 50 per account: shared/limits.ts). */
const document = (i: number) => ({ documentType: 'will', documentName: `Document ${i}`, documentUrl: 'https://x.example/d', createdAt: '2026-11-21T12:00:00.000Z' });

async function pushThroughput(): Promise<{ changes: number; seconds: number }> {
  const t = createTestApp();
  const { cookie } = await signUp(t);
  const batches = 10; // 5,000 records: ACCOUNT_LIMITS.recordsPerCollection
  const perBatch = 500;
  let counter = 0;
  const start = performance.now();
  for (let b = 0; b < batches; b++) {
    const changes = Array.from({ length: perBatch }, (_, i) => ({
      collection: 'documents',
      id: `d${b}-${i}`,
      hlc: formatHlc({ ms: t.deps.now(), counter: counter++, node: 'bench' }),
      fields: document(i),
    }));
    const res = await t.call('POST', '/api/sync', { protocol: 2, cursor: 1e12, changes }, cookie);
    if (res.status !== 200) throw new Error(`push failed: ${res.status}`);
    const { accepted } = (await res.json()) as SyncResponse;
    if (accepted.length !== perBatch) throw new Error(`push: only ${accepted.length} of ${perBatch} changes accepted`);
    t.advance(1);
  }
  return { changes: batches * perBatch, seconds: (performance.now() - start) / 1000 };
}

async function incrementalPull(total: number): Promise<{ total: number; ms: number }> {
  const t = createTestApp();
  const { cookie, user } = await signUp(t);
  const store = sqliteStoreOf(t);
  let counter = 0;
  const hlc = () => formatHlc({ ms: t.deps.now(), counter: counter++ % 1_000_000, node: 'seed' });
  for (let i = 0; i < total; i += 5000) {
    const n = Math.min(5000, total - i);
    store.applyChanges(
      user.id,
      Array.from({ length: n }, (_, k) => ({ collection: 'trustees' as const, id: `t${i + k}`, hlc: hlc(), fields: trustee(i + k) })),
    );
    t.advance(1);
  }
  let cursor = 0; // pull pages are capped by bytes too (ACCOUNT_LIMITS.pullPageBytes): page to the end
  for (let page = store.pull(user.id, 0, total + 10); ; page = store.pull(user.id, cursor, total + 10)) {
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  t.advance(1);
  store.applyChanges(user.id, Array.from({ length: 10 }, (_, k) => ({ collection: 'trustees' as const, id: `new${k}`, hlc: hlc(), fields: trustee(k) })));
  const runs = 20;
  const start = performance.now();
  for (let r = 0; r < runs; r++) {
    const body = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor, changes: [] }, cookie)).json()) as SyncResponse;
    if (body.records.length !== 10) throw new Error(`expected 10 records, got ${body.records.length}`);
  }
  return { total, ms: (performance.now() - start) / runs };
}

export async function run(): Promise<void> {
  console.log('\n## bench/sync');
  const push = await pushThroughput();
  console.log(`push: ${push.changes} changes in ${push.seconds.toFixed(2)} s = ${Math.round(push.changes / push.seconds)} changes/s (batches of 500, one SQLite transaction each, synchronous=FULL)`);
  console.log('\n| records held | incremental pull of 10 changes (mean of 20) |');
  console.log('| ---: | ---: |');
  for (const total of [1_000, 10_000, 100_000]) {
    const r = await incrementalPull(total);
    console.log(`| ${r.total.toLocaleString('en-US')} | ${r.ms.toFixed(2)} ms |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
