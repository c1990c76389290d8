/**
 * bench/sealed-sync (issue 29 "Speed and size": sealing adds at most 20% to sync push throughput
 * and pull time at 100k records). Pushes 100k documents through the real app and SQLite file in
 * batches of 500, then pulls them all from cursor 0, for a plain account and for a sealed one
 * (shared/sync/README.md rules 24–26). The sealed figures are given twice: the server alone (its
 * envelope checks, the larger rows), and with the device's work (sealFields before the push,
 * openState after the pull, as web/sync/sealing.ts does), since that is what a person waits for.
 * The account's limits are raised for the bench (AFTERWORD_LIMITS): 5,000 records per collection
 * is the default. Prints a table. `SEALED_BENCH_RECORDS=n` changes the count.
 */
import { performance } from 'node:perf_hooks';
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../shared/crypto/keys';
import { newKdfParams } from '../shared/crypto/kdf';
import { importAesKey, newRawKey } from '../shared/crypto/wrap';
import { openState, sealFields } from '../shared/crypto/sealed-record';
import { formatHlc, PROTOCOL_VERSION, type Change, type ServerRecord, type SyncResponse } from '../shared/sync';
import { createTestApp, signUp } from '../sync-server/test-support';

const RECORDS = Number(process.env.SEALED_BENCH_RECORDS ?? 100_000);
const BATCH = 500;
const LIMITS = JSON.stringify({ recordsPerCollection: RECORDS + 10, accountBytes: 4 * 1024 * 1024 * 1024, writesPerMinute: 1_000_000, requestsPerMinute: 1_000_000, readBytesPerMinute: 1024 * 1024 * 1024 * 1024 });

const document = (i: number) => ({ documentType: 'will', documentName: `Document number ${i} of the family archive`, documentUrl: `https://vault.example.com/d/${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

interface Figures {
  pushSeconds: number;
  sealSeconds: number;
  pullSeconds: number;
  openSeconds: number;
  dbBytes: number;
}

async function measure(sealed: boolean): Promise<Figures> {
  const t = createTestApp({ AFTERWORD_LIMITS: LIMITS });
  const { cookie, user } = await signUp(t);
  const ring = await Keyring.create(user.id);
  if (sealed) {
    // The account's keys through the real key store (the wrapped AK and proof are only stored here).
    const ak = newAccountKey();
    const akPassword = await wrapAccountKey(await importAesKey(newRawKey()), ak, user.id, 1, 'password');
    const keys = { kdf: newKdfParams('pbkdf2-sha256'), akVersion: 1, akPassword, akRecovery: null, keyring: await ring.save(ak, 1), proofHash: await proofHash(await akProofToken(ak, user.id)) };
    await t.services.keys.create(user.id, keys, t.deps.now());
    await t.services.keys.setSealedAt(user.id, t.deps.now());
  }
  let counter = 0;
  let pushSeconds = 0;
  let sealSeconds = 0;
  for (let b = 0; b < RECORDS / BATCH; b++) {
    let changes: Change[] = Array.from({ length: BATCH }, (_, i) => ({
      collection: 'documents',
      id: `d${b}-${i}`,
      hlc: formatHlc({ ms: t.deps.now(), counter: counter++ % 1_000_000, node: 'benchdevice00000' }),
      fields: document(b * BATCH + i),
    }));
    if (sealed) {
      const start = performance.now();
      changes = await Promise.all(changes.map(async (c) => ({ ...c, fields: await sealFields(ring, user.id, c.collection, c.id, c.hlc, c.fields) })));
      sealSeconds += (performance.now() - start) / 1000;
    }
    const start = performance.now();
    const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 1e12, changes }, cookie);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${await res.text()}`);
    const { accepted, rejected } = (await res.json()) as SyncResponse;
    pushSeconds += (performance.now() - start) / 1000;
    if (accepted.length !== BATCH) throw new Error(`push: only ${accepted.length} of ${BATCH} accepted: ${rejected[0]?.reason}`);
    t.advance(1);
  }
  let cursor = 0;
  let pulled = 0;
  let pullSeconds = 0;
  let openSeconds = 0;
  for (;;) {
    const start = performance.now();
    const res = (await (await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor, changes: [] }, cookie)).json()) as SyncResponse;
    pullSeconds += (performance.now() - start) / 1000;
    if (sealed) {
      const started = performance.now();
      await Promise.all(
        res.records.filter((r) => r.collection === 'documents').map(async (r: ServerRecord) => { // (the profile registration wrote is plain)
          const { errors } = await openState(ring.lookup, user.id, r.collection, r.id, r);
          if (Object.keys(errors).length) throw new Error(`${r.id} did not open`);
        }),
      );
      openSeconds += (performance.now() - started) / 1000;
    }
    pulled += res.records.length;
    cursor = res.cursor;
    if (!res.hasMore) break;
  }
  if (pulled < RECORDS) throw new Error(`pulled ${pulled} of ${RECORDS}`);
  const dbBytes = (t.deps.db.prepare('SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()').get() as { n: number }).n;
  t.deps.db.close();
  return { pushSeconds, sealSeconds, pullSeconds, openSeconds, dbBytes };
}

const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${Math.round(((a - b) / b) * 100)}%`;

export async function run(): Promise<void> {
  console.log(`\n## bench/sealed-sync (${RECORDS.toLocaleString('en-US')} documents, 3 sealed fields each)`);
  const plain = await measure(false);
  const sealed = await measure(true);
  const rate = (s: number) => `${Math.round(RECORDS / s).toLocaleString('en-US')} changes/s`;
  console.log('\n| | plain | sealed, server only | sealed, with the device’s sealing/opening |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| push (batches of ${BATCH}) | ${plain.pushSeconds.toFixed(1)} s, ${rate(plain.pushSeconds)} | ${sealed.pushSeconds.toFixed(1)} s, ${rate(sealed.pushSeconds)} (${pct(sealed.pushSeconds, plain.pushSeconds)}) | ${(sealed.pushSeconds + sealed.sealSeconds).toFixed(1)} s (${pct(sealed.pushSeconds + sealed.sealSeconds, plain.pushSeconds)}) |`);
  console.log(`| full pull from cursor 0 | ${plain.pullSeconds.toFixed(1)} s | ${sealed.pullSeconds.toFixed(1)} s (${pct(sealed.pullSeconds, plain.pullSeconds)}) | ${(sealed.pullSeconds + sealed.openSeconds).toFixed(1)} s (${pct(sealed.pullSeconds + sealed.openSeconds, plain.pullSeconds)}) |`);
  console.log(`| SQLite file | ${(plain.dbBytes / 1048576).toFixed(0)} MiB | ${(sealed.dbBytes / 1048576).toFixed(0)} MiB (${pct(sealed.dbBytes, plain.dbBytes)}) | |`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
