/**
 * bench/sealed-sync (issue 29 "Speed and size": sealing adds at most 20% to sync push throughput
 * and pull time at 100k records). Pushes 100k documents through the real app and SQLite file in
 * batches of 500, then pulls them all from cursor 0, for a plain account and for a sealed one
 * (shared/sync/README.md rules 24–26). The sealed figures are given twice: the server alone (its
 * envelope checks, the larger rows), and with the device's work (sealFields before the push,
 * openState after the pull, as web/sync/sealing.ts does), since that is what a person waits for.
 * The device's opening is the app's own (web/sync/sealing.ts openResponse on each pulled page); its
 * sealing is sealFields over each batch concurrently, as sealOutbox does. The device's work is
 * timed again inside Chromium (sealed-device.ts), where the app runs.
 * The account's limits are raised for the bench (AFTERWORD_LIMITS): 5,000 records per collection
 * is the default. Prints a table with each figure's ratio to plain, and whether the aim (+20% at
 * most) is met; it does not fail the command (the device's WebCrypto calls alone exceed it:
 * shared/crypto/README.md "Figures"). `SEALED_BENCH_RECORDS=n` changes the count.
 */
import { performance } from 'node:perf_hooks';
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../shared/crypto/keys';
import { newKdfParams } from '../shared/crypto/kdf';
import { importAesKey, newRawKey } from '../shared/crypto/wrap';
import { sealFields } from '../shared/crypto/sealed-record';
import { formatHlc, PROTOCOL_VERSION, type Change, type ServerRecord, type SyncResponse } from '../shared/sync';
import { createTestApp, signUp } from '../sync-server/test-support';
import { openResponse, type SyncKeys } from '../web/sync/sealing';
import { deviceInChromium } from './sealed-device';
import { loadavg } from 'node:os';

const RECORDS = Number(process.env.SEALED_BENCH_RECORDS ?? 100_000);
const BATCH = 500;
const LIMITS = JSON.stringify({ recordsPerCollection: RECORDS + 10, accountBytes: 4 * 1024 * 1024 * 1024, writesPerMinute: 1_000_000, requestsPerMinute: 1_000_000, readBytesPerMinute: 1024 * 1024 * 1024 * 1024 });

const document = (i: number) => ({ documentType: 'will', documentName: `Document number ${i} of the family archive`, documentUrl: `https://vault.example.com/d/${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

interface Figures {
  pushSeconds: number;
  sealSeconds: number;
  /** CPU seconds of this process (thread pool included) for each step: less moved than wall time by other work on a shared machine. */
  cpu: { push: number; seal: number; pull: number; open: number };
  pullSeconds: number;
  openSeconds: number;
  dbBytes: number;
}

async function measure(sealed: boolean): Promise<Figures> {
  const t = createTestApp({ AFTERWORD_LIMITS: LIMITS });
  const { cookie, user } = await signUp(t);
  const ring = await Keyring.create(user.id);
  const keys: SyncKeys = { userId: user.id, keyring: () => ring, refreshKeyring: async () => ring, addScope: async () => {} };
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
  const cpu = { push: 0, seal: 0, pull: 0, open: 0 };
  for (let b = 0; b < RECORDS / BATCH; b++) {
    let changes: Change[] = Array.from({ length: BATCH }, (_, i) => ({
      collection: 'documents',
      id: `d${b}-${i}`,
      hlc: formatHlc({ ms: t.deps.now(), counter: counter++ % 1_000_000, node: 'benchdevice00000' }),
      fields: document(b * BATCH + i),
    }));
    if (sealed) {
      const start = performance.now();
      const c0 = cpuSeconds();
      changes = await Promise.all(changes.map(async (c) => ({ ...c, fields: await sealFields(ring, user.id, c.collection, c.id, c.hlc, c.fields) })));
      sealSeconds += (performance.now() - start) / 1000;
      cpu.seal += cpuSeconds() - c0;
    }
    const start = performance.now();
    const c0 = cpuSeconds();
    const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 1e12, changes }, cookie);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${await res.text()}`);
    const { accepted, rejected } = (await res.json()) as SyncResponse;
    pushSeconds += (performance.now() - start) / 1000;
    cpu.push += cpuSeconds() - c0;
    if (accepted.length !== BATCH) throw new Error(`push: only ${accepted.length} of ${BATCH} accepted: ${rejected[0]?.reason}`);
    t.advance(1);
  }
  let cursor = 0;
  let pulled = 0;
  let pullSeconds = 0;
  let openSeconds = 0;
  for (;;) {
    const start = performance.now();
    const c0 = cpuSeconds();
    const res = (await (await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor, changes: [] }, cookie)).json()) as SyncResponse;
    pullSeconds += (performance.now() - start) / 1000;
    cpu.pull += cpuSeconds() - c0;
    if (sealed) {
      const started = performance.now();
      const c1 = cpuSeconds();
      const { unopened } = await openResponse(keys, { ...res, records: res.records.filter((r: ServerRecord) => r.collection === 'documents') }); // (the profile registration wrote is plain)
      openSeconds += (performance.now() - started) / 1000;
      cpu.open += cpuSeconds() - c1;
      if (unopened.length) throw new Error(`${unopened[0]!.id} did not open`);
    }
    pulled += res.records.length;
    cursor = res.cursor;
    if (!res.hasMore) break;
  }
  if (pulled < RECORDS) throw new Error(`pulled ${pulled} of ${RECORDS}`);
  const dbBytes = (t.deps.db.prepare('SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()').get() as { n: number }).n;
  t.deps.db.close();
  return { pushSeconds, sealSeconds, pullSeconds, openSeconds, dbBytes, cpu };
}

/** CPU seconds this process has used (user + system, every thread). */
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const AIM = 0.2;
const ratio = (a: number, b: number) => `${a >= b ? '+' : ''}${Math.round(((a - b) / b) * 100)}%`;
const within = (a: number, b: number) => (a <= b * (1 + AIM) ? 'met' : 'not met');

export async function run(): Promise<void> {
  console.log(`\n## bench/sealed-sync (${RECORDS.toLocaleString('en-US')} documents, 3 sealed fields each; load average ${loadavg()[0]!.toFixed(1)})`);
  const plain = await measure(false);
  const sealed = await measure(true);
  const browser = await deviceInChromium(RECORDS, BATCH);
  const rate = (s: number) => `${Math.round(RECORDS / s).toLocaleString('en-US')} changes/s`;
  const push = { server: sealed.pushSeconds, node: sealed.pushSeconds + sealed.sealSeconds, chromium: sealed.pushSeconds + browser.sealSeconds };
  const pull = { server: sealed.pullSeconds, node: sealed.pullSeconds + sealed.openSeconds, chromium: sealed.pullSeconds + browser.openSeconds };
  console.log('\n| | plain | sealed, server only | sealed, with the device’s work in Node | sealed, with the device’s work in Chromium |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(
    `| push (batches of ${BATCH}) | ${plain.pushSeconds.toFixed(1)} s, ${rate(plain.pushSeconds)} | ${push.server.toFixed(1)} s, ${rate(push.server)} (${ratio(push.server, plain.pushSeconds)}) | ${push.node.toFixed(1)} s (${ratio(push.node, plain.pushSeconds)}; sealing ${sealed.sealSeconds.toFixed(1)} s) | ${push.chromium.toFixed(1)} s (${ratio(push.chromium, plain.pushSeconds)}; sealing ${browser.sealSeconds.toFixed(1)} s) |`,
  );
  console.log(
    `| full pull from cursor 0 | ${plain.pullSeconds.toFixed(1)} s | ${pull.server.toFixed(1)} s (${ratio(pull.server, plain.pullSeconds)}) | ${pull.node.toFixed(1)} s (${ratio(pull.node, plain.pullSeconds)}; opening ${sealed.openSeconds.toFixed(1)} s) | ${pull.chromium.toFixed(1)} s (${ratio(pull.chromium, plain.pullSeconds)}; opening ${browser.openSeconds.toFixed(1)} s) |`,
  );
  console.log(`| SQLite file | ${(plain.dbBytes / 1048576).toFixed(0)} MiB | ${(sealed.dbBytes / 1048576).toFixed(0)} MiB (${ratio(sealed.dbBytes, plain.dbBytes)}) | | |`);
  const c = (x: number) => `${x.toFixed(1)} s`;
  console.log('\nCPU time of this process (thread pool included), the same steps:\n');
  console.log('| | plain | sealed, server only | sealed, with the device’s work in Node |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| push | ${c(plain.cpu.push)} | ${c(sealed.cpu.push)} (${ratio(sealed.cpu.push, plain.cpu.push)}) | ${c(sealed.cpu.push + sealed.cpu.seal)} (${ratio(sealed.cpu.push + sealed.cpu.seal, plain.cpu.push)}; sealing ${c(sealed.cpu.seal)}) |`);
  console.log(`| full pull | ${c(plain.cpu.pull)} | ${c(sealed.cpu.pull)} (${ratio(sealed.cpu.pull, plain.cpu.pull)}) | ${c(sealed.cpu.pull + sealed.cpu.open)} (${ratio(sealed.cpu.pull + sealed.cpu.open, plain.cpu.pull)}; opening ${c(sealed.cpu.open)}) |`);
  console.log(`\nIn Chromium, the page's main thread was busy ${c(browser.sealBusySeconds)} while sealing and ${c(browser.openBusySeconds)} while opening (WebCrypto's own thread not counted).`);
  console.log(
    `\nAim (sealing adds at most ${AIM * 100}%): push, server only ${within(push.server, plain.pushSeconds)}, with the device in Chromium ${within(push.chromium, plain.pushSeconds)}; pull, server only ${within(pull.server, plain.pullSeconds)}, with the device in Chromium ${within(pull.chromium, plain.pullSeconds)}.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
