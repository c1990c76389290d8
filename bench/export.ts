/**
 * bench/export (issue #18): time and peak memory of a whole export for a person with 500 records
 * and 200 MB of files (40 documents of 5 MB), two ways:
 *  - server: `GET /api/export` through the real app, files decrypted on the fly from the
 *    filesystem blob store (DATA_DIR/blobs), the ZIP stream read and dropped as a client would;
 *  - device: web/features/export over Dexie (fake-indexeddb) with files handed in as Blobs, the ZIP
 *    collected into one Blob as the browser does (in Node the Blob is in memory; a browser may keep
 *    a large Blob on disk).
 * Peak memory is the highest resident set size (RSS) sampled every 10 ms during the export, minus
 * the RSS just before it. Prints a table.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, signUp } from '../sync-server/test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../sync-server/blobs/blob-test-support';
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

export async function run(): Promise<void> {
  const server = await serverExport();
  const device = await deviceExport();
  const row = (name: string, r: { seconds: number; peakMiB: number; bytes: number }) =>
    `| ${name} | ${RECORDS} | ${(FILES * FILE_BYTES) / MiB} MiB | ${(r.bytes / MiB).toFixed(1)} MiB | ${r.seconds.toFixed(2)} s | ${r.peakMiB.toFixed(0)} MiB |`;
  console.log('\nbench/export (issue #18): whole export of one person');
  console.log('| where | records | files | ZIP | time | peak RSS above start |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(row('server GET /api/export (streamed, decrypting)', server));
  console.log(row('device exportData (ZIP kept as one Blob)', device));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
