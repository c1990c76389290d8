import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { bulkCreate, closeUserDatabase, create, deleteUserDatabase, getPendingCount, LocalWriteError, openUserDatabase, remove, requireDb, save } from './index';

const USER = 'user-api';
const open = (indexedDB = new IDBFactory()) => openUserDatabase(USER, { indexedDB, IDBKeyRange });

afterEach(() => closeUserDatabase());

describe('the screen API (web/db/index.ts)', () => {
  it('create() validates the whole record with the zod schema, normalises it and sets createdAt', async () => {
    const db = await open();
    const id = await create('trustees', { name: '  Ada  ', email: ' ada@example.com ', accessLevel: 'full', phone: '', relationship: undefined });
    const t = await db.dexie.entities('trustees').get(id);
    expect(t).toMatchObject({ id, userId: USER, name: 'Ada', email: 'ada@example.com', phone: null, relationship: null });
    expect(Date.parse(t!.createdAt)).not.toBeNaN();
    expect(await getPendingCount()).toBe(1);
  });

  it('create() refuses an incomplete record, naming the field, and writes nothing', async () => {
    await open();
    const err = await create('messages', { recipientName: 'Bo', recipientEmail: 'not-an-email', messageType: 'text', messageContent: 'Hi', deliveryDate: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalWriteError);
    expect((err as LocalWriteError).field).toBe('recipientEmail');
    expect(await getPendingCount()).toBe(0);
  });

  it('rule 7: the singletons use the user id and accept partial fields', async () => {
    const db = await open();
    expect(await create('deathPlan', { location: ' Hill ' })).toBe(USER);
    expect(await create('deathPlan', { musicSelections: ['  A ', '', 'B'] })).toBe(USER);
    expect(await db.dexie.entities('deathPlan').get(USER)).toMatchObject({ location: 'Hill', musicSelections: ['A', 'B'] });
  });

  it('save() changes only the given fields, drops server-only and unknown keys; remove() tombstones', async () => {
    const db = await open();
    const id = await create('messages', { recipientName: 'Bo', recipientEmail: 'bo@example.com', messageType: 'text', messageContent: 'Hi', deliveryDate: null });
    const before = await db.dexie.entities('messages').get(id);
    await save('messages', id, { ...before!, messageContent: '  Hello  ', delivered: true } as never);
    expect(await db.dexie.entities('messages').get(id)).toMatchObject({ messageContent: 'Hello', recipientName: 'Bo' });
    const last = await db.dexie.outbox.orderBy(':id').last();
    // A new revision of what the recipient receives: a random token (issue 39), never a count of edits.
    expect(last?.fields).toEqual({ messageContent: 'Hello', contentRevision: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    await save('messages', id, { messageContent: 'Hello again' });
    const again = (await db.dexie.outbox.orderBy(':id').last())?.fields.contentRevision;
    expect(again).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again).not.toBe(last?.fields.contentRevision);
    expect((await db.dexie.entities('messages').get(id))?.contentRevision).toBe(again);
    await expect(save('messages', id, { recipientEmail: 'nope' })).rejects.toThrow(/messages\.recipientEmail/);
    await remove('messages', id);
    expect(await db.dexie.entities('messages').get(id)).toBeUndefined();
    expect(await getPendingCount()).toBe(4);
  });

  it('bulkCreate() writes all records in one transaction, or none', async () => {
    const db = await open();
    const task = (title: string) => ({ title, description: 'A long enough description', category: 'legal', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 2 }) as const;
    await expect(bulkCreate('survivorTasks', [task('Call the bank'), task('No')])).rejects.toThrow(/survivorTasks\.title/);
    expect(await db.dexie.entities('survivorTasks').count()).toBe(0);
    const ids = await bulkCreate('survivorTasks', [task('Call the bank'), task('Notify employer')]);
    expect(ids).toHaveLength(2);
    expect(await db.dexie.entities('survivorTasks').get(ids[0]!)).toMatchObject({ resources: [], completionStatus: 'not-started', notifyTrustees: false });
    expect(await getPendingCount()).toBe(2);
  });

  it('deleteUserDatabase() removes the data from the device; reopening starts empty', async () => {
    const indexedDB = new IDBFactory();
    await open(indexedDB);
    await create('deathPlan', { location: 'Hill' });
    await deleteUserDatabase(USER, { indexedDB, IDBKeyRange });
    expect(() => requireDb()).toThrow(/sign in/);
    const again = await open(indexedDB);
    expect(await again.dexie.entities('deathPlan').count()).toBe(0);
  });
});
