/**
 * bench/crypto (end-to-end encryption foundations, shared/crypto/README.md): prints
 * - sealing and opening throughput: ms per 1,000 small fields (a 40-character text) in Node;
 * - the password KDF's time at the account defaults: Argon2id 64 MiB, 3 passes, 1 lane (aim
 *   < 1.5 s on this machine), and PBKDF2-SHA256 600,000 for comparison. Wall time and CPU time
 *   are both printed with the load average: the machine is shared, and a busy one adds waiting
 *   to wall time; the aim is checked on CPU time (the work, as on an idle core);
 * - the gzip size shared/crypto adds to the web app (esbuild --minify, gzip -9), hash-wasm
 *   excluded (it loads only at sign-in): the whole module, the sealing path alone, Shamir, and
 *   trustee kits (trustee-kit.ts with Shamir and @noble/hashes' SHA-256);
 * - trustee kits: making a generation of 7 kits (3 of 7, full level), and a kit page's work once
 *   released (parse the code, rebuild Q from 3 shares, derive the access key, open the blob).
 * Each figure is the median of 3 runs. Throws (failing `npm run bench`) when a figure misses its
 * aim. Alone: `npx tsx bench/crypto.ts`.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { open, seal, type Place } from '../shared/crypto/envelope';
import { deriveBytes, newKdfParams } from '../shared/crypto/kdf';
import { Keyring } from '../shared/crypto/keys';
import { combineShares } from '../shared/crypto/shamir';
import { encodeKitCode, kitShare, makeGeneration, openTrusteeBlob, parseKitCode, trusteeAccessKey } from '../shared/crypto/trustee-kit';
import { failOnMisses } from './built-app';

const AIMS = { argon2idMs: 1500, bundleKb: 15 };
const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function median(runs: number, f: () => Promise<number>): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) xs.push(await f());
  return xs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/** ms of wall time and of this process's CPU time (user + system) that `f` takes. */
async function timedCpu(f: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const wall = await timed(f);
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/** ms to seal `n` fields concurrently (one batch of Promise.all, as an outbox batch would). */
async function sealBatchMs(n: number): Promise<number> {
  const ring = await Keyring.create('u1');
  const sk = ring.current('plan')!;
  return timed(() =>
    Promise.all(Array.from({ length: n }, (_, i) => seal(sk, { userId: 'u1', collection: 'survivorTasks', recordId: `t${i}`, field: 'title' }, `${String(1_700_000_000_000 + i).padStart(15, '0')}-0000-abcdef0123456789`, 'Call the bank about the joint account.!'))),
  );
}

/** ms to seal, then to open, `n` fields of a 40-character text (fresh places and HLCs). */
async function envelopeMs(n: number): Promise<{ seal: number; open: number }> {
  const ring = await Keyring.create('u1');
  const sk = ring.current('plan')!;
  const places: Place[] = Array.from({ length: n }, (_, i) => ({ userId: 'u1', collection: 'survivorTasks', recordId: `t${i}`, field: 'title' }));
  const hlc = (i: number) => `${String(1_700_000_000_000 + i).padStart(15, '0')}-0000-abcdef0123456789`;
  const envs: string[] = [];
  const sealMs = await timed(async () => {
    for (let i = 0; i < n; i++) envs.push(await seal(sk, places[i]!, hlc(i), 'Call the bank about the joint account.!'));
  });
  const openMs = await timed(async () => {
    for (let i = 0; i < n; i++) await open(ring.lookup, places[i]!, hlc(i), envs[i]!);
  });
  return { seal: sealMs, open: openMs };
}

/** ms to make a generation of 7 kits (3 of 7, full level: 4 keys each), then ms of one trustee's opening after release. */
async function kitMs(): Promise<{ make: number; open: number }> {
  const keys = new Map(['owner~1', 'plan~1', 'docs~1', 'index~1'].map((kid) => [kid, crypto.getRandomValues(new Uint8Array(32))]));
  const trustees = Array.from({ length: 7 }, (_, i) => ({ trusteeId: `t${i}`, level: 'full' as const }));
  let made: Awaited<ReturnType<typeof makeGeneration>> | undefined;
  const make = await timed(async () => (made = await makeGeneration({ account: 'u1', generation: 1, k: 3, trustees, levelKeys: () => keys })));
  const g = made!;
  const codes = g.kits.slice(0, 3).map((m) => encodeKitCode(m.kit));
  const commitments = Object.fromEntries(g.kits.map((m) => [m.kit.index, m.commitment]));
  const open = await timed(async () => {
    const kits = codes.map(parseKitCode);
    const q = await combineShares(kits.map(kitShare), 3, { account: 'u1', generation: 1 }, commitments);
    const ctx = { account: 'u1', trusteeId: 't0', generation: 1 };
    await openTrusteeBlob(await trusteeAccessKey(q, g.kits[0]!.gate, kits[0]!.t, ctx), ctx, g.kits[0]!.blob);
  });
  return { make, open };
}

/** KB gzip of `entry` bundled and minified by esbuild, hash-wasm left out. */
async function gzipKb(entry: string): Promise<number> {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['hash-wasm'],
    write: false,
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length / 1024;
}

export async function run(): Promise<void> {
  const n = 1000;
  await envelopeMs(200); // warm-up (JIT, key import)
  const sealMs = await median(3, async () => (await envelopeMs(n)).seal);
  const openMs = await median(3, async () => (await envelopeMs(n)).open);
  const argon = newKdfParams('argon2id');
  await deriveBytes('warm-up', argon); // loads the WASM once, as the sign-in worker would
  const argonRuns: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 3; i++) argonRuns.push(await timedCpu(() => deriveBytes('correct horse battery staple', argon)));
  const argonMs = argonRuns.map((r) => r.wall).sort((a, b) => a - b)[1]!;
  const argonCpuMs = argonRuns.map((r) => r.cpu).sort((a, b) => a - b)[1]!;
  const batchMs = await median(3, () => sealBatchMs(n));
  const pbkdf2Ms = await median(3, () => timed(() => deriveBytes('correct horse battery staple', newKdfParams('pbkdf2-sha256'))));
  const all = await gzipKb(`export * from './shared/crypto/index';`);
  const sealing = await gzipKb(`export { seal, open, checkEnvelope, maxPlaintextBytes } from './shared/crypto/envelope'; export { Keyring } from './shared/crypto/keys'; export { sealedScope } from './shared/crypto/fields';`);
  const shamir = await gzipKb(`export * from './shared/crypto/shamir';`);
  const kits = await gzipKb(`export * from './shared/crypto/trustee-kit';`);
  await kitMs(); // warm-up
  const kitMake = await median(3, async () => (await kitMs()).make);
  const kitOpen = await median(3, async () => (await kitMs()).open);

  console.log('\nbench/crypto (shared/crypto, Node %s, load average %s)', process.version, loadavg().map((l) => l.toFixed(1)).join(' '));
  console.table({
    'seal, ms per 1k small fields': { value: sealMs.toFixed(1), aim: '' },
    'open, ms per 1k small fields': { value: openMs.toFixed(1), aim: '' },
    'seal, ms per 1k fields in one concurrent batch': { value: batchMs.toFixed(1), aim: '' },
    'seal, fields per s': { value: Math.round((n / sealMs) * 1000), aim: '' },
    'open, fields per s': { value: Math.round((n / openMs) * 1000), aim: '' },
    'Argon2id 64 MiB t=3 p=1, ms wall': { value: argonMs.toFixed(0), aim: '' },
    'Argon2id 64 MiB t=3 p=1, ms CPU': { value: argonCpuMs.toFixed(0), aim: `< ${AIMS.argon2idMs}` },
    'PBKDF2-SHA256 600k, ms': { value: pbkdf2Ms.toFixed(0), aim: '' },
    'shared/crypto index, KB gzip (no hash-wasm)': { value: all.toFixed(2), aim: `≤ ${AIMS.bundleKb}` },
    'sealing path only, KB gzip': { value: sealing.toFixed(2), aim: '' },
    'shamir.ts + library, KB gzip': { value: shamir.toFixed(2), aim: '' },
    'trustee-kit.ts + deps, KB gzip': { value: kits.toFixed(2), aim: '' },
    'make 7 kits (3 of 7, full level), ms': { value: kitMake.toFixed(1), aim: '' },
    'kit page after release (parse, combine 3, open blob), ms': { value: kitOpen.toFixed(1), aim: '' },
  });
  const misses: string[] = [];
  if (argonCpuMs >= AIMS.argon2idMs) misses.push(`Argon2id took ${argonCpuMs.toFixed(0)} ms of CPU (aim < ${AIMS.argon2idMs})`);
  if (all > AIMS.bundleKb) misses.push(`shared/crypto is ${all.toFixed(1)} KB gzip (aim ≤ ${AIMS.bundleKb})`);
  failOnMisses('crypto', misses);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
