/**
 * The child process of bench/vs-parent: runs in ONE checkout of the app (its root is argv[2]; the
 * bench's own checkout or a temporary worktree of the parent commit, bench/parent-tree.ts) and
 * times that checkout's own code, step by step, as the parent process asks over IPC, so two
 * checkouts can be timed in turns on the same moments of a shared machine. It imports nothing of
 * either checkout statically: every module of the app comes from `root`, by the path that checkout
 * keeps it at (sync-server/test-support.ts moved to sync-server/test/ in issue 42).
 *
 * Steps (a message `{ op, ... }`, answered `{ ok: true, ...result }` or `{ ok: false, error }`):
 * - `preparePush { records, batch }`: a plain and a sealed account, each on its own app and SQLite
 *   file, and their push bodies as this checkout's device makes them (sealed: sealFields, with the
 *   record's freshness fields where this checkout has them, as web/sync/sealing.ts sealRows does).
 *   Not timed.
 * - `push { kind, b }`: batch `b` of the plain or sealed account, the server's step from the
 *   request's text to the parsed answer: `{ wall, cpu }` in seconds (CPU: this process, threads too).
 * - `prepareSignIn`: an account made by the app's registerWithKeys at production scrypt cost, and
 *   its login secret derived once (for the server's path). Not timed.
 * - `signInServer`: prelogin then login with that secret, the server's steps only.
 * - `signInDevice`: the app's whole signInWithKeys on a new device (fake-indexeddb), derivation,
 *   both requests, opening the keys and storing them.
 * - `profileStart`, `profileStop { file }`: a V8 CPU profile of the steps between (VS_PARENT_PROFILE).
 * - `close`: removes the apps' files; the process exits.
 */
import 'fake-indexeddb/auto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

const root = process.argv[2]!;
/** A module of this checkout, at the first of `paths` it has (relative to its root). */
const load = async <T>(...paths: string[]): Promise<T> => {
  const found = paths.find((p) => existsSync(join(root, p)));
  if (!found) throw new Error(`${root} has none of ${paths.join(', ')}`);
  return (await import(pathToFileURL(join(root, found)).href)) as T;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- two checkouts' modules, typed by neither */
type Any = any;
const support: Any = await load('sync-server/test/test-support.ts', 'sync-server/test-support.ts');
const keysMod: Any = await load('shared/crypto/keys.ts');
const kdfMod: Any = await load('shared/crypto/kdf.ts');
const wrapMod: Any = await load('shared/crypto/wrap.ts');
const sealedRecord: Any = await load('shared/crypto/sealed-record.ts');
const sync: Any = await load('shared/sync/index.ts');
const signInMod: Any = await load('web/features/keys/sign-in.ts');
const deviceStore: Any = await load('web/features/keys/device-key-store.ts');
const freshness: Any = existsSync(join(root, 'shared/crypto/freshness.ts')) ? await load('shared/crypto/freshness.ts') : null;

interface Timing {
  wall: number;
  cpu: number;
}
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; timing: Timing }> {
  const wall = performance.now();
  const cpu = cpuSeconds();
  const value = await step();
  return { value, timing: { wall: (performance.now() - wall) / 1000, cpu: cpuSeconds() - cpu } };
}
/** A full collection outside every timing (as bench/sealed-sync does: the device's garbage is not the server's). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const PASSWORD = 'correct horse battery';
const document = (i: number) => ({ documentType: 'will', documentName: `Document number ${i} of the family archive`, documentUrl: `https://vault.example.com/d/${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

interface Side {
  t: Any;
  cookie: string;
  bodies: string[];
  batch: number;
}
const sides: Record<string, Side> = {};
const apps: Any[] = [];
const appOf = (env: Record<string, string>) => {
  const t = support.createTestApp(env);
  apps.push(t);
  return t;
};

/** An account (sealed: keys through the real key store) and `records` documents as push bodies of `batch`, as this checkout's device makes them. */
async function prepareSide(sealed: boolean, records: number, batch: number): Promise<Side> {
  const limits = JSON.stringify({ recordsPerCollection: records + 10, accountBytes: 4 * 1024 ** 3, writesPerMinute: 1_000_000, requestsPerMinute: 1_000_000, readBytesPerMinute: 1024 ** 4 });
  const t = appOf({ AFTERWORD_LIMITS: limits });
  const { cookie, user } = await support.signUp(t);
  const ring = await keysMod.Keyring.create(user.id);
  if (sealed) {
    const ak = keysMod.newAccountKey();
    const akPassword = await keysMod.wrapAccountKey(await wrapMod.importAesKey(wrapMod.newRawKey()), ak, user.id, 1, 'password');
    const stored = { kdf: kdfMod.newKdfParams('pbkdf2-sha256'), akVersion: 1, akPassword, akRecovery: null, keyring: await ring.save(ak, 1), proofHash: await keysMod.proofHash(await keysMod.akProofToken(ak, user.id)) };
    await t.services.keys.create(user.id, stored, t.deps.now());
    await t.services.keys.setSealedAt(user.id, t.deps.now());
  }
  const bodies: string[] = [];
  let counter = 0;
  for (let b = 0; b < records / batch; b++) {
    let changes = Array.from({ length: batch }, (_, i) => ({
      collection: 'documents',
      id: `d${b}-${i}`,
      hlc: sync.formatHlc({ ms: t.deps.now() + b, counter: counter++ % 1_000_000, node: 'benchdevice00000' }),
      fields: document(b * batch + i) as Record<string, unknown>,
    }));
    if (sealed) {
      changes = await Promise.all(
        changes.map(async (c) => {
          // A new record: every field of the device's state written at the change's own HLC.
          const state = { values: c.fields, clocks: Object.fromEntries(Object.keys(c.fields).map((k) => [k, c.hlc])) };
          const fields = freshness ? { ...c.fields, ...freshness.freshnessFields(c.collection, state, c.hlc, c.fields) } : c.fields;
          return { ...c, fields: await sealedRecord.sealFields(ring, user.id, c.collection, c.id, c.hlc, fields) };
        }),
      );
    }
    bodies.push(JSON.stringify({ protocol: sync.PROTOCOL_VERSION, cursor: 1e12, changes }));
  }
  return { t, cookie, bodies, batch };
}

async function push(kind: string, b: number): Promise<Timing> {
  const side = sides[kind]!;
  const body = side.bodies[b]!;
  const { value, timing } = await timed(async () => {
    const res = await side.t.call('POST', '/api/sync', body, side.cookie);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { accepted: unknown[]; rejected: { reason: string }[] };
  });
  if (value.accepted.length !== side.batch) throw new Error(`push: only ${value.accepted.length} of ${side.batch} accepted: ${value.rejected[0]?.reason}`);
  side.bodies[b] = '';
  side.t.advance(1);
  return timing;
}

let signIn: { t: Any; username: string; loginSecret: string; kdf: unknown; n: number } | null = null;
const derive = (password: string, params: unknown) => kdfMod.derivePasswordKeys(password, params);

/** apiFetch over the test app (as sync-server/keys/web-flow.test.ts): a cookie, JSON bodies, an ApiError-like throw. */
function browser(t: Any) {
  let cookie = '';
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await t.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie || undefined);
    if (res.headers.get('set-cookie')) cookie = support.cookieOf(res);
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(text), { status: res.status, bodyText: text });
    return JSON.parse(text);
  };
}

async function prepareSignIn(): Promise<void> {
  const t = appOf({ AFTERWORD_TEST_SCRYPT_N: '' }); // production scrypt, as a person's sign-in meets it
  const username = `bench_${process.pid}`;
  const profile = { firstName: 'Margaret', lastName: 'Whitfield-Hughes', email: `${username}@example.com`, username };
  await signInMod.registerWithKeys({ api: browser(t), derive, device: deviceStore.createDeviceKeyStore(`reg-${process.pid}`) }, profile, PASSWORD);
  const { kdf } = await (await t.call('POST', '/api/auth/prelogin', { identifier: username })).json();
  const { loginSecret } = await derive(PASSWORD, kdf);
  signIn = { t, username, loginSecret, kdf, n: 0 };
}

async function signInServer(): Promise<Timing> {
  const s = signIn!;
  const { timing } = await timed(async () => {
    const pre = await s.t.call('POST', '/api/auth/prelogin', { identifier: s.username });
    if (pre.status !== 200) throw new Error(`prelogin: ${pre.status}`);
    await pre.json();
    const res = await s.t.call('POST', '/api/auth/login', { identifier: s.username, loginSecret: s.loginSecret });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    await res.json();
  });
  s.t.advance(60_000); // no throttle of repeated sign-ins meets the next one
  return timing;
}

async function signInDevice(): Promise<Timing> {
  const s = signIn!;
  const device = deviceStore.createDeviceKeyStore(`dev-${process.pid}-${s.n++}`);
  const { value, timing } = await timed(() => signInMod.signInWithKeys({ api: browser(s.t), derive, device }, s.username, PASSWORD) as Promise<{ user: { id: string } }>);
  if (!(await device.load(value.user.id))) throw new Error('the device kept no keys');
  s.t.advance(60_000);
  return timing;
}

function close(): void {
  for (const t of apps) {
    try {
      t.deps.db.close();
    } catch {
      /* already closed */
    }
    rmSync(t.deps.config.dataDir, { recursive: true, force: true });
  }
}

let profiler: Session | null = null;
process.on('message', (msg: { op: string; [k: string]: unknown }) => {
  void (async () => {
    try {
      let result: unknown = {};
      if (msg.op === 'preparePush') {
        sides.plain = await prepareSide(false, msg.records as number, msg.batch as number);
        sides.sealed = await prepareSide(true, msg.records as number, msg.batch as number);
        collectGarbage();
      } else if (msg.op === 'push') result = await push(msg.kind as string, msg.b as number);
      else if (msg.op === 'prepareSignIn') {
        await prepareSignIn();
        collectGarbage();
      } else if (msg.op === 'signInServer') result = await signInServer();
      else if (msg.op === 'signInDevice') result = await signInDevice();
      else if (msg.op === 'gc') collectGarbage();
      else if (msg.op === 'profileStart') {
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
      } else if (msg.op === 'profileStop') {
        const { profile } = await profiler!.post('Profiler.stop');
        writeFileSync(msg.file as string, JSON.stringify(profile));
        profiler!.disconnect();
        profiler = null;
      }
      else if (msg.op === 'close') {
        close();
        process.send!({ ok: true }, () => process.exit(0));
        return;
      } else throw new Error(`unknown step ${msg.op}`);
      process.send!({ ok: true, ...(result as object) });
    } catch (err) {
      process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
process.send!({ ok: true, ready: true });
