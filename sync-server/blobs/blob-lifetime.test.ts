/**
 * Issue #17 "Release and deletion": a file lives as long as a live record refers to it, and a
 * while after. Deleting a document (REST) or a message (sync), or replacing a record's file, frees
 * the quota of the blob no live record refers to at once and deletes it RELEASED_KEPT_MS later,
 * unless a record refers to it again (a restored record keeps its file: every word kept); an
 * upload never referred to goes after 7 days; deleting the account deletes every blob at once.
 * Real app, real SQLite file, real DATA_DIR/blobs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import { createUsageReader } from '../records/store/usage';
import { createRecordService } from '../records';
import { cookieOf, createTestApp, signUp, sqliteStoreOf, type TestApp } from '../test/test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile, type EncryptedFile } from '../test/blob-test-support';
import { ABANDONED_AFTER_MS, RELEASED_KEPT_MS } from './lifetime';
import { Keyring } from '../../shared/crypto/keys';
import { sealFields } from '../../shared/crypto/sealed-record';
import { sealWithPlaceholderKeys } from '../test/release-test-support';

let counter = 0;
const failCommit = (): never => {
  throw new Error('disk I/O error');
};
async function owner(env: Record<string, string> = {}) {
  const t = createTestApp(env);
  const { cookie, user, body } = await signUp(t);
  let call = callerOf(t, cookie);
  const push = async (changes: { collection: string; id: string; fields: Record<string, unknown> }[]) => {
    const res = await call('POST', '/api/sync', {
      protocol: 2,
      cursor: 0,
      changes: changes.map((c) => ({ ...c, hlc: formatHlc({ ms: t.deps.now(), counter: counter++, node: 'device1' }) })),
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { rejected: unknown[] };
    expect(out.rejected).toEqual([]);
  };
  const used = async () => ((await (await call('GET', '/api/files/usage')).json()) as { usedBytes: number }).usedBytes;
  const onDisk = (f: EncryptedFile) => existsSync(join(t.deps.config.dataDir, 'blobs', user.id, f.blobId));
  const upload = async (marker: string) => {
    const f = await encryptFile(pdfWith(marker, 3000), 'application/pdf', 2048);
    expect((await uploadFile(call, f)).status).toBe(200);
    return f;
  };
  /** `days` later (the scheduler's housekeeping has run), signed in again as a device would be. */
  const later = async (days: number) => {
    t.advance(days * 24 * 3600_000);
    await t.services.scheduler.runOnce();
    await idle(t);
    const res = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    expect(res.status).toBe(200);
    call = callerOf(t, cookieOf(res));
  };
  return { t, user, password: body.password, call: (...args: Parameters<typeof call>) => call(...args), push, used, onDisk, upload, later };
}
const idle = (t: TestApp) => t.services.blobs.lifetime.idle();
const message = (f: EncryptedFile | null, t: TestApp) => ({
  recipientName: 'Annabella',
  recipientEmail: 'annabella@example.com',
  messageType: 'video',
  messageContent: 'A video for you.',
  deliveryDate: null,
  file: f ? fileRefOf(f, 'for-annabella.webm') : null,
  createdAt: new Date(t.deps.now()).toISOString(),
});

describe('a file lives as long as a live record refers to it', () => {
  it('a file released by a write that is then rolled back (a failed group commit) is kept', async () => {
    const o = await owner();
    const f = await o.upload('the will');
    const doc = await o.call('POST', '/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(f, 'will.pdf') });
    const { id } = (await doc.json()) as { id: string };
    // A record service over the same file whose group commit fails after the write ran inside it
    // (the seam of db/group-commit.ts): the lifetime is told inside the write, then the COMMIT fails.
    const { db } = o.t.deps;
    const failing = createRecordService(
      { engine: 'sqlite', store: sqliteStoreOf(o.t), writeBatch: async (write) => db.transaction(() => (write(), failCommit()))() },
      { now: o.t.deps.now, limits: o.t.deps.config.limits, usage: createUsageReader(db), onFileRefs: (u, refs) => o.t.services.blobs.lifetime.recordsChanged(u, refs) },
    );
    const hlc = formatHlc({ ms: o.t.deps.now(), counter: counter++, node: 'device1' });
    await expect(failing.applyClientChanges(o.user.id, [{ collection: 'documents', id, hlc, fields: { _deleted: true } }])).rejects.toThrow('disk I/O error');
    await new Promise((r) => setImmediate(r));
    await idle(o.t);
    expect(o.onDisk(f)).toBe(true);
    expect(await o.used()).toBe(3000 + 2 * 28);
    expect((await o.call('GET', `/api/documents`)).status).toBe(200);
  });

  it('a message deleted on one device and restored (rule 22) keeps its recording, which counts again', async () => {
    const o = await owner();
    const f = await o.upload('a recording');
    await o.push([{ collection: 'messages', id: 'm1', fields: message(f, o.t) }]);
    await o.push([{ collection: 'messages', id: 'm1', fields: { _deleted: true } }]);
    await idle(o.t);
    expect(await o.used()).toBe(0);
    await o.later(3);
    await o.push([{ collection: 'messages', id: 'm1', fields: { _deleted: false, _restorable: null } }]);
    expect(await o.used()).toBe(3000 + 2 * 28);
    await o.later(60);
    expect(o.onDisk(f)).toBe(true);
    expect((await o.call('GET', `/api/blobs/${f.blobId}/content`)).status).toBe(200);
  });

  it('a hostile account that deletes and re-uploads never keeps more than its quota in released files', async () => {
    const o = await owner({ USER_QUOTA_BYTES: String(3 * (3000 + 2 * 28)) });
    const uploaded: EncryptedFile[] = [];
    for (let i = 0; i < 8; i++) {
      o.t.advance(60_000);
      const f = await o.upload(`round ${i}`);
      uploaded.push(f);
      await o.push([{ collection: 'messages', id: `m${i}`, fields: message(f, o.t) }]);
      await o.push([{ collection: 'messages', id: `m${i}`, fields: { _deleted: true } }]);
      await idle(o.t);
    }
    // Each round freed its quota, so every upload was allowed; only the newest three are kept.
    expect(uploaded.map((f) => o.onDisk(f))).toEqual([false, false, false, false, false, true, true, true]);
  });

  it('deleting a document over REST frees the quota at once and deletes its file after RELEASED_KEPT_MS', async () => {
    const o = await owner();
    const f = await o.upload('the will');
    const doc = await o.call('POST', '/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(f, 'will.pdf') });
    expect(doc.status).toBe(201);
    const { id } = (await doc.json()) as { id: string };
    expect(await o.used()).toBe(3000 + 2 * 28);
    expect((await o.call('DELETE', `/api/documents/${id}`)).status).toBe(200);
    expect(await o.used()).toBe(0);
    await idle(o.t);
    expect(o.onDisk(f)).toBe(true);
    await o.later(RELEASED_KEPT_MS / (24 * 3600_000) - 1);
    expect(o.onDisk(f)).toBe(true);
    await o.later(1.1);
    expect(o.onDisk(f)).toBe(false);
    expect((await o.call('GET', `/api/blobs/${f.blobId}`)).status).toBe(404);
  });

  it('a message deleted by sync, and a file replaced by sync, free the file no record refers to; a shared file stays', async () => {
    const o = await owner();
    const first = await o.upload('first recording');
    const second = await o.upload('second recording');
    await o.push([{ collection: 'messages', id: 'm1', fields: message(first, o.t) }]);
    await o.push([{ collection: 'messages', id: 'm1', fields: { file: fileRefOf(second, 'retake.webm') } }]); // re-take
    await o.later(31);
    expect(o.onDisk(first)).toBe(false);
    expect(o.onDisk(second)).toBe(true);
    expect(await o.used()).toBe(3000 + 2 * 28);

    await o.push([{ collection: 'documents', id: 'd1', fields: { documentType: 'will', documentName: 'Copy', documentUrl: null, file: fileRefOf(second, 'x.pdf'), createdAt: new Date(o.t.deps.now()).toISOString() } }]);
    await o.push([{ collection: 'messages', id: 'm1', fields: { _deleted: true } }]);
    await o.later(31);
    expect(o.onDisk(second)).toBe(true); // the document still refers to it
    await o.push([{ collection: 'documents', id: 'd1', fields: { _deleted: true } }]);
    await o.later(31);
    expect(o.onDisk(second)).toBe(false);
    expect(await o.used()).toBe(0);
  });

  it('an upload never referred to is deleted after 7 days by the scheduler; a referenced one stays', async () => {
    const o = await owner();
    const orphan = await o.upload('never used');
    const kept = await o.upload('kept');
    await o.push([{ collection: 'messages', id: 'm1', fields: message(kept, o.t) }]);
    const late = await encryptFile(pdfWith('record first'), 'application/pdf', 2048);
    await o.push([{ collection: 'messages', id: 'm2', fields: message(late, o.t) }]); // the record syncs before its bytes
    expect((await uploadFile(o.call, late)).status).toBe(200);

    o.t.advance(ABANDONED_AFTER_MS - 60_000);
    await o.t.services.scheduler.runOnce();
    expect(o.onDisk(orphan)).toBe(true);
    o.t.advance(11 * 60_000);
    await o.t.services.scheduler.runOnce();
    await idle(o.t);
    expect(o.onDisk(orphan)).toBe(false);
    expect(o.onDisk(kept)).toBe(true);
    expect(o.onDisk(late)).toBe(true);
  });

  it('a sealed record keeps its file: its plain fileBlobId names the blob, past the 7 days and the 30 (the voice message at release)', async () => {
    const o = await owner();
    const ids = ['6f1c2d3e-0000-4000-8000-000000000001', '6f1c2d3e-0000-4000-8000-000000000002'];
    await sealWithPlaceholderKeys({ t: o.t, userId: o.user.id }, ['plan~1', 'docs~1', 'index~1', ...ids.map((id) => `msg:${id}~1`)]);
    // A sealed record's `file` is an envelope the server cannot read; `fileBlobId` beside it is plain (records/file-refs.ts).
    const ring = await Keyring.create(o.user.id);
    for (const id of ids) await ring.rotate(`msg:${id}`);
    const hlc = formatHlc({ ms: 1, counter: 0, node: 'device1' }); // the server cannot check an envelope's HLC
    /** A new message as a sealed device pushes it (sealFields: each sealed field an envelope under its scope key). */
    const sealed = (id: string, f: EncryptedFile) => sealFields(ring, o.user.id, 'messages', id, hlc, { ...message(f, o.t), fileBlobId: f.blobId });
    const late = await encryptFile(pdfWith('sealed, record first'), 'application/pdf', 2048);
    await o.push([{ collection: 'messages', id: ids[0]!, fields: await sealed(ids[0]!, late) }]); // the record syncs before its bytes
    expect((await uploadFile(o.call, late)).status).toBe(200);
    const first = await o.upload('sealed, bytes first');
    await o.push([{ collection: 'messages', id: ids[1]!, fields: await sealed(ids[1]!, first) }]);
    const bytes = (f: EncryptedFile) => f.chunks.reduce((n, c) => n + c.length, 0);
    expect(await o.used()).toBe(bytes(late) + bytes(first));
    for (const days of [8, 31]) {
      o.t.advance(days * 24 * 3600_000); // (a sealed account signs in with its keys: no new session needed to look on disk)
      await o.t.services.scheduler.runOnce();
      await idle(o.t);
    }
    for (const f of [late, first]) {
      expect(o.onDisk(f)).toBe(true);
      expect(await o.t.services.blobs.meta.get(o.user.id, f.blobId)).toMatchObject({ state: 'complete', released_at: null });
    }
  });

  it("a record of another account naming my blob id never deletes or reaches my file", async () => {
    const victim = await owner();
    const f = await victim.upload('victim file');
    await victim.push([{ collection: 'messages', id: 'm1', fields: message(f, victim.t) }]);
    const { cookie } = await signUp(victim.t);
    const hostile = callerOf(victim.t, cookie);
    const hlc = () => formatHlc({ ms: victim.t.deps.now(), counter: counter++, node: 'hostile' });
    const push = (fields: Record<string, unknown>) =>
      hostile('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [{ collection: 'messages', id: 'x1', hlc: hlc(), fields }] });
    expect((await push(message(f, victim.t))).status).toBe(200);
    expect((await push({ _deleted: true })).status).toBe(200);
    await idle(victim.t);
    expect(victim.onDisk(f)).toBe(true);
    expect(await victim.used()).toBe(3000 + 2 * 28);
    expect((await hostile('GET', `/api/blobs/${f.blobId}/content`)).status).toBe(404);
  });

  it('deleting the account deletes every blob', async () => {
    const o = await owner();
    const f = await o.upload('account file');
    await o.push([{ collection: 'messages', id: 'm1', fields: message(f, o.t) }]);
    expect(existsSync(join(o.t.deps.config.dataDir, 'blobs', o.user.id))).toBe(true);
    const res = await o.call('POST', '/api/auth/delete-account', { password: o.password });
    expect(res.status).toBe(200);
    expect(existsSync(join(o.t.deps.config.dataDir, 'blobs', o.user.id))).toBe(false);
    expect(o.t.deps.db.prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual({ n: 0 });
  });
});
