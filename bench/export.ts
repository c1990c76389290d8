/**
 * bench/export (issue #18): time and peak memory of a whole export for a person with 500 records
 * and 200 MB of files (40 documents of 5 MB), two ways:
 *  - server: `GET /api/export` through the real app, files sent as stored (ciphertext) from the
 *    filesystem blob store (DATA_DIR/blobs), the ZIP stream read and dropped as a client would;
 *  - device: web/features/export over Dexie (fake-indexeddb) with files handed in as Blobs, the ZIP
 *    collected into one Blob as the browser does (in Node the Blob is in memory; a browser may keep
 *    a large Blob on disk).
 * and (issue 29) two cases of what the server now sends, records as stored and each blob once as
 * ciphertext, with another account's requests timed while the export streams:
 *  - 300 records sharing one 20 MB file (once decrypted 300 times: 1.4 GiB in 20 s);
 *  - an account of 45 MB of records (once blocked other accounts for 1.1-1.3 s).
 * Peak memory is the highest resident set size (RSS) sampled every 10 ms during the export, minus
 * the RSS just before it. Prints tables. `npx tsx bench/export.ts stored` runs the issue 29 cases only.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, signUp } from '../sync-server/test/test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../sync-server/test/blob-test-support';
import { openOnDevice } from '../web/db/test-device';
import { exportData } from '../web/features/export/export-data';

const RECORDS = 500;
const FILES = 40;
const FILE_BYTES = 5 * 1024 * 1024; // 40 × 5 MiB = 200 MiB
const createdAt = '2026-11-21T12:00:00.000Z';
const MiB = 1024 * 1024;

/** 500 records: profile, plan, 50 trustees (the per-account limit), and messages, documents, tasks. */
function recordsPlan(): { collection: 'trustees' | 'messages' | 'documents' | 'survivorTasks'; id: string; fields: Record<string, unknown> }[] {
  const out: ReturnType<typeof recordsPlan> = [];
  for (let i = 0; i < 50; i++) out.push({ collection: 'trustees', id: `t${i}`, fields: { name: `Trustee ${i}`, email: `t${i}@example.com`, phone: null, relationship: null, accessLevel: 'full', createdAt } });
  for (let i = 0; i < 150; i++) out.push({ collection: 'messages', id: `m${i}`, fields: { recipientName: `Recipient ${i}`, recipientEmail: `r${i}@example.com`, messageType: 'text', messageContent: `A message of some length. `.repeat(40), deliveryDate: null, file: null, delivered: false, createdAt } });
  for (let i = 0; i < 150; i++) out.push({ collection: 'documents', id: `d${i}`, fields: { documentType: 'will', documentName: `Document ${i}`, documentUrl: 'https://x.example/d', file: null, createdAt } });
  for (let i = 0; out.length < RECORDS - 2; i++) out.push({ collection: 'survivorTasks', id: `s${i}`, fields: { title: `Task ${i}`, description: 'Something the family needs to do.', category: 'other', timeframe: '1m', automationLevel: 'manual-with-guidance', priority: 3, resources: ['A resource'], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started', createdAt } });
  return out;
}

/** Runs `fn`, sampling RSS every 10 ms; returns seconds and the peak RSS above the start (MiB). */
async function measured(fn: () => Promise<number>): Promise<{ seconds: number; peakMiB: number; bytes: number }> {
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  try {
    const bytes = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { seconds: (performance.now() - start) / 1000, peakMiB: (peak - base) / MiB, bytes };
  } finally {
    clearInterval(timer);
  }
}

/** A 5 MiB PDF whose bytes differ per file (so nothing is shared between them). */
const fileBytes = (i: number) => {
  const b = pdfWith(`FILE-${i}`, FILE_BYTES);
  b[b.length - 20] = i % 251;
  return b;
};

async function serverExport() {
  const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ requestsPerMinute: 100_000, writesPerMinute: 100_000, readBytesPerMinute: 1_000_000_000 }) });
  const { cookie, user } = await signUp(t);
  const plan = recordsPlan();
  const call = callerOf(t, cookie);
  for (let i = 0; i < FILES; i++) {
    const file = await encryptFile(fileBytes(i), 'application/pdf');
    const res = await uploadFile(call, file);
    if (res.status !== 200) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    const doc = plan.find((r) => r.id === `d${i}`)!;
    doc.fields = { ...doc.fields, documentUrl: null, file: fileRefOf(file, `Document ${i}.pdf`) };
  }
  for (const r of plan) await t.services.records.write(user.id, r.collection, r.id, r.fields);
  await t.services.records.write(user.id, 'deathPlan', user.id, { location: 'Somewhere', musicSelections: ['A song'], createdAt });
  return measured(async () => {
    const res = await t.call('GET', '/api/export', undefined, cookie);
    if (res.status !== 200 || !res.body) throw new Error(`GET /api/export: ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    return bytes;
  });
}

async function deviceExport() {
  const db = await openOnDevice('bench-export', () => Date.parse(createdAt));
  const plan = recordsPlan();
  const refs = new Map<string, number>();
  for (let i = 0; i < FILES; i++) {
    const doc = plan.find((r) => r.id === `d${i}`)!;
    const file = await encryptFile(new Uint8Array(0), 'application/pdf'); // a valid reference; the bytes come from `openFile`
    doc.fields = { ...doc.fields, documentUrl: null, file: { ...fileRefOf(file, `Document ${i}.pdf`), size: FILE_BYTES } };
    refs.set(file.blobId, i);
  }
  await db.writeMany(plan.map((r) => ({ collection: r.collection, id: r.id, patch: r.collection === 'messages' ? { ...r.fields, delivered: undefined } : r.fields })));
  await db.write('deathPlan', db.userId, { location: 'Somewhere', musicSelections: ['A song'], createdAt });
  const result = await measured(async () => {
    const zip = await exportData(db, { now: new Date(createdAt), openFile: async ({ ref }) => new Blob([fileBytes(refs.get(ref.blobId)!) as Uint8Array<ArrayBuffer>]) });
    return zip.size;
  });
  db.close();
  return result;
}

/** Times another account's `GET /api/trustees` back to back while `during` runs; the slowest answer (ms) and how many. */
async function otherAccountWhile<T>(t: ReturnType<typeof createTestApp>, during: () => Promise<T>): Promise<{ result: T; slowestMs: number; answered: number }> {
  const other = await signUp(t, { firstName: 'Eve' });
  let done = false;
  let slowestMs = 0;
  let answered = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await t.call('GET', '/api/trustees', undefined, other.cookie);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - start);
      answered++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    return { result: await during(), slowestMs, answered };
  } finally {
    done = true;
    await probe;
  }
}

/** `GET /api/export` of `cookie` read to the end and dropped; resolves its bytes. */
async function readExport(t: ReturnType<typeof createTestApp>, cookie: string): Promise<number> {
  const res = await t.call('GET', '/api/export', undefined, cookie);
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/export: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

const UNLIMITED = JSON.stringify({ requestsPerMinute: 100_000, writesPerMinute: 100_000, readBytesPerMinute: 1_000_000_000, fileBytesPerMinute: 10_000_000_000 });

/** 300 documents sharing one 20 MB file: the export carries it once. */
async function sharedFileExport() {
  const t = createTestApp({ AFTERWORD_LIMITS: UNLIMITED });
  const { cookie, user } = await signUp(t);
  const file = await encryptFile(pdfWith('SHARED', 20_000_000), 'application/pdf');
  const res = await uploadFile(callerOf(t, cookie), file);
  if (res.status !== 200) throw new Error(`upload: ${res.status}`);
  for (let i = 0; i < 300; i++) await t.services.records.write(user.id, 'documents', `shared${i}`, { documentType: 'will', documentName: `Copy ${i}`, documentUrl: null, file: fileRefOf(file, 'Will.pdf'), createdAt });
  return otherAccountWhile(t, () => measured(() => readExport(t, cookie)));
}

/** About 45 MB of records (2 300 letters of 20 000 characters). */
async function largeAccountExport() {
  const t = createTestApp({ AFTERWORD_LIMITS: UNLIMITED });
  const { cookie, user } = await signUp(t);
  for (let i = 0; i < 2_300; i++) {
    await t.services.records.write(user.id, 'messages', `letter${i}`, { recipientName: `Recipient ${i}`, recipientEmail: `r${i}@example.com`, messageType: 'text', messageContent: `${i} `.padEnd(20_000, 'words of a long letter '), deliveryDate: null, file: null, createdAt });
  }
  return otherAccountWhile(t, () => measured(() => readExport(t, cookie)));
}

/** The issue 29 cases: what the server sends, and how another account fares meanwhile. */
export async function runStored(): Promise<void> {
  const rows = [['300 records sharing one 20 MB file', await sharedFileExport()], ['45 MB of records (2 300 letters)', await largeAccountExport()]] as const;
  console.log('\nbench/export (issue 29): GET /api/export as stored (records as stored, each blob once, ciphertext)');
  console.log("| case | ZIP | time | peak RSS above start | other account's requests answered meanwhile | slowest of them |");
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${(r.result.bytes / MiB).toFixed(1)} MiB | ${r.result.seconds.toFixed(2)} s | ${r.result.peakMiB.toFixed(0)} MiB | ${r.answered} | ${r.slowestMs.toFixed(0)} ms |`);
  }
}

export async function run(): Promise<void> {
  await runStored();
  const server = await serverExport();
  const device = await deviceExport();
  const row = (name: string, r: { seconds: number; peakMiB: number; bytes: number }) =>
    `| ${name} | ${RECORDS} | ${(FILES * FILE_BYTES) / MiB} MiB | ${(r.bytes / MiB).toFixed(1)} MiB | ${r.seconds.toFixed(2)} s | ${r.peakMiB.toFixed(0)} MiB |`;
  console.log('\nbench/export (issue #18): whole export of one person');
  console.log('| where | records | files | ZIP | time | peak RSS above start |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(row('server GET /api/export (streamed, as stored: ciphertext)', server));
  console.log(row('device exportData (ZIP kept as one Blob)', device));
}

if (import.meta.url === `file://${process.argv[1]}`) await (process.argv[2] === 'stored' ? runStored() : run());
