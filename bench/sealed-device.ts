/**
 * The device's half of bench/sealed-sync timed INSIDE Chromium, as a person's browser runs it
 * (Node's WebCrypto goes through its thread pool and costs differently): `records` documents
 * sealed in batches of 500 as web/sync/sealing.ts sealOutbox does (sealFields, concurrently), then
 * opened in pages of 500 as openResponse does (openState, concurrently); then a new device's whole
 * pull of those pages, plain and sealed, as the sync engine receives each answer (receiveResponse:
 * opened, merged into IndexedDB; no network). The page's script is shared/crypto and web/sync
 * bundled by esbuild, served from 127.0.0.1 (a secure context, so WebCrypto is there).
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from './built-app';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The page's script: `window.sealPhase(records, batch)` → ms, then `window.openPhase()` → ms (what
 * sealPhase sealed), then `window.pullPhase()` → [plain ms, sealed ms] (those pages received).
 */
const SCRIPT = `import { Keyring } from './shared/crypto/keys';
import { openState, sealFields } from './shared/crypto/sealed-record';
import { UserDatabase } from './web/db/user-database';
import { receiveResponse } from './web/sync/apply-response';
let pages = [];
let plainPages = [];
let ring;
const userId = 'bench-user';
window.sealPhase = async (records, batch) => {
  ring = await Keyring.create(userId);
  const doc = (i) => ({ documentType: 'will', documentName: 'Document number ' + i + ' of the family archive', documentUrl: 'https://vault.example.com/d/' + i, createdAt: '2026-11-21T12:00:00.000Z' });
  const hlc = (i) => String(1800000000000 + i).padStart(15, '0') + '-0000-benchdevice00000';
  const record = (n, values) => ({ collection: 'documents', id: 'd' + Math.floor(n / batch) + '-' + (n % batch), seq: n + 1, values, clocks: Object.fromEntries(Object.keys(values).map((f) => [f, hlc(n)])) });
  pages = [];
  plainPages = [];
  let sealMs = 0;
  for (let b = 0; b < records / batch; b++) {
    const t0 = performance.now();
    const sealed = await Promise.all(Array.from({ length: batch }, (_, i) => sealFields(ring, userId, 'documents', 'd' + b + '-' + i, hlc(b * batch + i), doc(b * batch + i))));
    sealMs += performance.now() - t0;
    pages.push(sealed.map((values, i) => record(b * batch + i, values)));
    plainPages.push(Array.from({ length: batch }, (_, i) => record(b * batch + i, doc(b * batch + i))));
  }
  return sealMs;
};
window.openPhase = async () => {
  let openMs = 0;
  for (const page of pages) {
    const t0 = performance.now();
    const opened = await Promise.all(page.map((r) => openState(ring.lookup, userId, 'documents', r.id, r)));
    openMs += performance.now() - t0;
    if (opened.some((o) => Object.keys(o.errors).length)) throw new Error('a field did not open');
  }
  return openMs;
};
// The device's whole pull of those pages, as the sync engine receives each answer (receiveResponse:
// a sealed page opened, then every page merged into IndexedDB in one Dexie transaction), into two
// fresh databases, plain and sealed page by page in turn.
window.pullPhase = async () => {
  const plainDb = await UserDatabase.open('bench-plain-' + Math.random());
  const sealedDb = await UserDatabase.open(userId);
  const keys = { userId, keyring: () => ring, refreshKeyring: async () => ring, addScope: async () => {} };
  const answer = (records, p) => ({ accepted: [], rejected: [], records, cursor: (p + 1) * records.length, hasMore: p < pages.length - 1, serverTime: Date.now() });
  let plainMs = 0;
  let sealedMs = 0;
  for (let p = 0; p < pages.length; p++) {
    let t0 = performance.now();
    await receiveResponse(plainDb, undefined, answer(plainPages[p], p));
    plainMs += performance.now() - t0;
    t0 = performance.now();
    await receiveResponse(sealedDb, keys, answer(pages[p], p));
    sealedMs += performance.now() - t0;
  }
  const counts = [await plainDb.dexie.table('documents').count(), await sealedDb.dexie.table('documents').count()];
  if (counts[0] !== counts[1]) throw new Error('the two devices hold ' + counts.join(' and ') + ' documents');
  const [a, b] = [await plainDb.dexie.table('documents').get('d0-0'), await sealedDb.dexie.table('documents').get('d0-0')];
  if (a?.documentName !== b?.documentName || !b?.documentName) throw new Error('the sealed device did not open its documents: ' + JSON.stringify(b));
  return [plainMs, sealedMs];
};`;

/**
 * Seconds Chromium spends sealing `records` documents (batches of `batch`) and opening them (pages
 * of `batch`): wall time, and the time its main thread was busy meanwhile (less moved by other
 * work on a shared machine).
 */
export async function deviceInChromium(
  records: number,
  batch: number,
): Promise<{ sealSeconds: number; openSeconds: number; sealBusySeconds: number; openBusySeconds: number; pullPlainSeconds: number; pullSealedSeconds: number }> {
  const out = await build({ stdin: { contents: SCRIPT, resolveDir: ROOT, loader: 'ts' }, bundle: true, format: 'iife', platform: 'browser', write: false, minify: true, logLevel: 'silent' });
  const script = out.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    if (req.url === '/bench.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>sealed device</title><script src="/bench.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    /** Seconds the page's main thread has been busy (Chromium's TaskDuration: script, GC, the rest; not WebCrypto's own thread). */
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
    type Phases = { sealPhase: (n: number, b: number) => Promise<number>; openPhase: () => Promise<number>; pullPhase: () => Promise<[number, number]> };
    const b0 = await busy();
    const sealMs = await page.evaluate(([n, b]) => (window as unknown as Phases).sealPhase(n, b), [records, batch] as const);
    const b1 = await busy();
    const openMs = await page.evaluate(() => (window as unknown as Phases).openPhase());
    const b2 = await busy();
    const [pullPlainMs, pullSealedMs] = await page.evaluate(() => (window as unknown as Phases).pullPhase());
    return { sealSeconds: sealMs / 1000, openSeconds: openMs / 1000, sealBusySeconds: b1 - b0, openBusySeconds: b2 - b1, pullPlainSeconds: pullPlainMs / 1000, pullSealedSeconds: pullSealedMs / 1000 };
  } finally {
    await browser.close();
    server.close();
  }
}
