/**
 * The world of the lying-server tests of "share now" (lying-share.test.ts, lying-share-kinds.test.ts):
 * a sealed account whose device (Dexie over fake-indexeddb, the real sync engine) wrote documents
 * d1 and d2 and synced to the real Hono app over a real SQLite file; the app's own share code runs
 * against answers a test may replace (`setLie`). `sync()` sends whatever the device wrote since.
 * `keptWorld()` adds Maria, a viewer with a sealed account of her own on the same server, whose
 * devices keep links in her account (web/features/sharing/kept-shares.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentCopy, type SharedCopy, type ShareItemRef } from '../../web/features/sharing/projections';
import { liveSharesOn } from '../../web/features/sharing/live-shares';
import type { ShareDeps } from '../../web/features/sharing/share-client';
import { openSharedLink } from '../../web/features/sharing/viewer';
import type { KeptShare } from '../../shared/kept-share';
import { openOnDevice } from '../../web/db/test-device';
import { openKept } from '../../web/features/sharing/kept-shares';
import { createSyncEngine } from '../../web/sync/engine';
import { createSealedWorld, sealAccount } from '../../web/sync/test-sealed';
import type { Transport } from '../../web/sync/transport';
import { signedInTransport } from './client-test-support';

export const ORIGIN = 'http://afterword.test';
export const WORDS = { name: 'Canary-Doc-Quokka will', where: 'Canary-Where-Narwhal: the oak desk', edit: 'Canary-Edit-Tapir: moved to the bank', person: 'Canary-Name-Maria' };

/** A sealed account whose device wrote documents d1 and d2 and synced; the share deps over the real app, whose answers `lie` may replace. */
export async function world() {
  const w = await createSealedWorld();
  const db = await w.device();
  const keys = await w.keysFor();
  const sync = async () => {
    const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
  };
  const at = new Date(w.t.deps.now()).toISOString();
  const doc = { documentType: 'will' as const, documentName: WORDS.name, documentUrl: 'https://files.example.com/will.pdf', originalLocation: WORDS.where, file: null, createdAt: at };
  await db.write('documents', 'd1', doc);
  await db.write('documents', 'd2', { ...doc, documentName: 'Insurance' });
  await sync();
  const sent: Array<{ path: string; body: string }> = [];
  let lie: ((path: string, json: unknown) => unknown) | null = null;
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    sent.push({ path, body: body === undefined ? '' : JSON.stringify(body) });
    const res = await w.t.call(method, path, body, cookie);
    if (!lie || !res.ok || res.status === 204) return res;
    return Response.json(lie(path, await res.json()), { status: res.status });
  };
  const deps: ShareDeps = {
    account: w.userId,
    now: () => w.t.deps.now(),
    // Each item's sealed live set, on this device's Dexie (synced like any field of its record), as the app keeps it.
    live: liveSharesOn(w.userId, () => db),
    keyring: await w.accountRing(),
    api: async <T,>(path: string, init?: { method?: string; body?: unknown }) => {
      const res = await call(init?.method ?? 'GET', path, init?.body, w.cookie);
      const text = await res.text();
      if (!res.ok) throw Object.assign(new Error(`${res.status}: ${text}`), { status: res.status, bodyText: text });
      return (text ? JSON.parse(text) : null) as T;
    },
  };
  const viewer = (link: string) => {
    const url = new URL(link);
    return openSharedLink(async (path) => call('GET', path), url.pathname.split('/').pop()!, url.hash);
  };
  return { w, db, doc, deps, sent, viewer, sync, setLie: (l: typeof lie) => (lie = l) };
}

/** The owner's other device (its own database, synced before and after) makes `change` to its records; the first device has not pulled since. */
export async function onAnotherDevice(h: Awaited<ReturnType<typeof world>>, change: (db: Awaited<ReturnType<typeof openOnDevice>>) => Promise<unknown>): Promise<void> {
  const other = await h.w.device();
  const sync = async () => {
    const engine = createSyncEngine({ db: other, transport: h.w.transport, keys: await h.w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
  };
  await sync();
  await change(other);
  await sync();
}

/** A document as share-client.ts takes any item: which it is, and its copy. */
export const docItem = (d: Parameters<typeof documentCopy>[0] & { id: string }): [ShareItemRef, SharedCopy] => [{ kind: 'document', id: d.id }, documentCopy(d)];

/** Every byte of the server's data folder (database, WAL, outbox, logs) as Latin-1 text. */
export function serverFiles(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
    .join('\n');
}

/** The owner's world (world()), and Maria's own sealed account on the same server: her devices, and her viewer of a kept link. */
export async function keptWorld() {
  const h = await world();
  const t = h.w.t;
  const maria = await signedInTransport(t);
  const sealing = await sealAccount(t, maria.userId, maria.transport);
  const keys = await sealing.keysFor();
  /** A device of Maria's; `sync` pulls and pushes through `transport` (the server's answers, or a lie). */
  const device = async () => {
    const db = await openOnDevice(maria.userId, () => t.deps.now());
    const sync = async (transport: Transport = maria.transport) => {
      const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    return { db, sync };
  };
  const viewer = (kept: KeptShare) => openKept((path) => h.w.t.call('GET', path), kept);
  return { h, t, maria, device, viewer };
}

/** The link `link` as Maria keeps it (kept-shares.ts), from `from`, titled `title`. */
export const keptOf = (link: string, from: string, title: string): KeptShare => {
  const url = new URL(link);
  return { id: url.pathname.split('/').pop()!, key: url.hash.slice(1), from, title, keptAt: '2026-11-30T02:00:00.000Z' };
};
