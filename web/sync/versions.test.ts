/**
 * Finding 5 of issue 14 as devices meet it (rules 20–23 of shared/sync/README.md): two devices
 * edit one letter offline through the forms' write path (web/db/edit-session.ts); the losing text
 * is kept, every device sees it, the person is told once and can restore it; an edit made after
 * another device's delete is offered back.
 */
import { describe, expect, it } from 'vitest';
import { createRecord, openEdit, saveEdit } from '../db/edit-session';
import { openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { dismissRestorable, readRestorable, readTextVersions, restoreDeleted, restoreVersion } from '../db/versions';
import type { KeptNotice } from './apply-response';
import { createSyncEngine } from './engine';
import { createTestApp, serverRecords, signedInTransport } from '../../sync-server/test/client-test-support';

const letter = { recipientName: 'Jo', recipientEmail: 'jo@example.com', messageType: 'text', messageContent: 'Dear Jo,' };

async function setup() {
  const t = createTestApp();
  const account = await signedInTransport(t);
  const told: KeptNotice[][] = [];
  const sync = (db: UserDatabase) =>
    createSyncEngine({ db, transport: account.transport, env: { locks: null }, intervalMs: 3_600_000, onKept: (k) => told.push(k) }).syncNow();
  const device = () => openOnDevice(account.userId, () => t.deps.now());
  return { t, ...account, sync, device, told };
}


/** Two devices of one account, both showing one synced letter. */
async function letterOnTwoDevices() {
  const s = await setup();
  const a = await s.device();
  const b = await s.device();
  const id = await createRecord(a, 'messages', letter);
  await s.sync(a);
  await s.sync(b);
  return { ...s, a, b, id };
}

/** Both devices show the letter deleted and offer it back with `text` (rule 22). */
async function expectOfferedBack(dbs: UserDatabase[], id: string, text: string) {
  for (const db of dbs) {
    expect(await db.dexie.entities('messages').get(id)).toBeUndefined();
    expect((await readRestorable(db, 'messages')).map((r) => r.entity.messageContent)).toEqual([text]);
  }
}

/** Device A opens a letter, device B deletes it and syncs, then A saves `changed` (rule 22's case). */
async function editAfterDelete(changed: Record<string, unknown>) {
  const { t, sync, a, b, id } = await letterOnTwoDevices();
  const base = await openEdit(a, 'messages', id);
  t.advance(1000);
  await b.write('messages', id, { _deleted: true });
  await sync(b);
  t.advance(1000);
  await saveEdit(a, base, changed);
  return { sync, a, b, id };
}

describe('nothing lost silently (issue 14 finding 5)', () => {
  it('rules 20, 23: the losing text of two offline edits is kept on every device, the person is told once, and can restore it', async () => {
    const { t, sync, device, told, transport } = await setup();
    const a = await device();
    const b = await device();
    const id = await createRecord(a, 'messages', letter);
    await sync(a);
    await sync(b);
    // Both open the letter and edit it offline; B saves later, so B's text wins.
    const baseA = await openEdit(a, 'messages', id);
    const baseB = await openEdit(b, 'messages', id);
    t.advance(1000);
    await saveEdit(a, baseA, { messageContent: 'Dear Jo, from the kitchen table.' });
    t.advance(1000);
    await saveEdit(b, baseB, { messageContent: 'Dear Jo, from the train.' });
    await sync(b);
    await sync(a);
    await sync(b);
    for (const db of [a, b]) {
      expect((await db.dexie.entities('messages').get(id))?.messageContent).toBe('Dear Jo, from the train.');
      const v = await readTextVersions(db, 'messages', id, 'messageContent');
      expect(v.conflicts.map((c) => c.text)).toEqual(['Dear Jo, from the kitchen table.']);
    }
    // A keeps its own text among its earlier versions too (rule 21).
    expect((await readTextVersions(a, 'messages', id, 'messageContent')).earlier.map((e) => e.text)).toContain('Dear Jo, from the kitchen table.');
    expect(told.flat().filter((k) => k.kind === 'conflict')).toHaveLength(2); // each device told once (A pulls it, B pulls it)
    // Restore on B: a normal write plus dismissing the conflict; every device follows.
    const { conflicts } = await readTextVersions(b, 'messages', id, 'messageContent');
    t.advance(1000);
    await restoreVersion(b, 'messages', id, 'messageContent', conflicts[0]!.text, conflicts[0]!.key);
    await sync(b);
    await sync(a);
    for (const db of [a, b]) {
      expect((await db.dexie.entities('messages').get(id))?.messageContent).toBe('Dear Jo, from the kitchen table.');
      expect((await readTextVersions(db, 'messages', id, 'messageContent')).conflicts).toEqual([]);
    }
    expect((await serverRecords(transport)).find((r) => r.id === id)!.values.messageContent).toBe('Dear Jo, from the kitchen table.');
    await sync(a);
    expect(told.flat().filter((k) => k.kind === 'conflict')).toHaveLength(2); // not told again
  });

  it('rule 22: an edit made offline on a record another device deleted is offered back, and Restore brings it back with the edit', async () => {
    const { sync, a, b, id } = await editAfterDelete({ messageContent: 'Dear Jo, one more thing.' });
    await sync(a);
    await sync(b);
    await expectOfferedBack([a, b], id, 'Dear Jo, one more thing.');
    await restoreDeleted(b, 'messages', id);
    await sync(b);
    await sync(a);
    for (const db of [a, b]) {
      expect((await db.dexie.entities('messages').get(id))?.messageContent).toBe('Dear Jo, one more thing.');
      expect(await readRestorable(db, 'messages')).toEqual([]);
    }
  });

  it('rule 22: a delete made offline that lands after an edit its device had not seen offers the record back, with the edit', async () => {
    const { t, sync, a, b, id } = await letterOnTwoDevices();
    // B edits and its edit reaches the server first; A, offline, deletes the letter it still shows.
    const base = await openEdit(b, 'messages', id);
    t.advance(1000);
    await saveEdit(b, base, { messageContent: 'Dear Jo, the boat is yours.' });
    t.advance(1000);
    await a.write('messages', id, { _deleted: true });
    await sync(b);
    await sync(a);
    await sync(b);
    await expectOfferedBack([a, b], id, 'Dear Jo, the boat is yours.');
    // A delete made after seeing the edit is an ordinary delete: nothing is offered.
    await restoreDeleted(a, 'messages', id);
    await sync(a);
    await sync(b);
    t.advance(1000);
    await b.write('messages', id, { _deleted: true });
    await sync(b);
    await sync(a);
    for (const db of [a, b]) expect(await readRestorable(db, 'messages')).toEqual([]);
  });

  it('rule 22: dismissing the offer leaves the record deleted on every device', async () => {
    const { sync, a, b, id } = await editAfterDelete({ recipientName: 'Joanna' });
    await sync(a);
    await dismissRestorable(a, 'messages', id);
    await sync(a);
    await sync(b);
    for (const db of [a, b]) {
      expect(await readRestorable(db, 'messages')).toEqual([]);
      expect(await db.dexie.entities('messages').get(id)).toBeUndefined();
    }
  });
});
