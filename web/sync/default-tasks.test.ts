/**
 * Finding 3 of issue 14 (shared/sync/README.md rule 18): the default survivor tasks are generated
 * content, stamped so that any edit or delete a person made on any device wins over them, whatever
 * the order in which devices generate and sync.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS } from '../../shared/default-tasks';
import { writeDefaultTasks } from '../db/generated';
import { openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import { createTestApp, serverRecords, signedInTransport } from '../../sync-server/test/client-test-support';

const [first, second, third] = DEFAULT_SURVIVOR_TASKS as [typeof DEFAULT_SURVIVOR_TASKS[0], typeof DEFAULT_SURVIVOR_TASKS[0], typeof DEFAULT_SURVIVOR_TASKS[0]];

async function setup() {
  const t = createTestApp();
  const account = await signedInTransport(t);
  const sync = (db: UserDatabase) => createSyncEngine({ db, transport: account.transport, env: { locks: null }, intervalMs: 3_600_000 }).syncNow();
  const device = () => openOnDevice(account.userId, () => t.deps.now());
  return { t, ...account, sync, device };
}

describe('default survivor tasks never override people (issue 14 finding 3)', () => {
  it('rule 18: Generate Default Tasks on a device that has not received the tasks keeps completed tasks and deleted ones', async () => {
    const { t, sync, device, transport, cookie } = await setup();
    const a = await device();
    const b = await device();
    await writeDefaultTasks(a);
    await sync(a);
    t.advance(1000);
    await a.write('survivorTasks', first.id, { completionStatus: 'completed' });
    await a.write('survivorTasks', second.id, { _deleted: true });
    await sync(a);
    // B never pulled: it generates the guide offline, then syncs.
    t.advance(1000);
    await writeDefaultTasks(b);
    await sync(b);
    await sync(a);
    for (const db of [a, b]) {
      expect((await db.dexie.entities('survivorTasks').get(first.id))?.completionStatus).toBe('completed');
      expect(await db.dexie.entities('survivorTasks').get(second.id)).toBeUndefined();
      expect(await db.dexie.entities('survivorTasks').count()).toBe(DEFAULT_SURVIVOR_TASKS.length - 1);
    }
    // The REST endpoint is stamped the same way: the completed task stays completed.
    expect((await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, cookie)).status).toBe(201);
    const server = await serverRecords(transport);
    expect(server.find((r) => r.id === first.id)!.values.completionStatus).toBe('completed');
  });

  it('rule 18: a device that generated and edited before another device generates keeps the edit, in either sync order', async () => {
    const { t, sync, device } = await setup();
    const a = await device();
    const b = await device();
    await writeDefaultTasks(a);
    await a.write('survivorTasks', third.id, { title: 'Call Aunt May first' });
    t.advance(1000);
    await writeDefaultTasks(b); // both generated offline; B syncs first
    await sync(b);
    await sync(a);
    await sync(b);
    for (const db of [a, b]) expect((await db.dexie.entities('survivorTasks').get(third.id))?.title).toBe('Call Aunt May first');
  });

  it('rule 18: two devices write identical changes, and generating twice writes nothing new', async () => {
    const { device } = await setup();
    const a = await device();
    const b = await device();
    await writeDefaultTasks(a);
    await writeDefaultTasks(b);
    const strip = (rows: { collection: string; id: string; hlc: string; fields: Record<string, unknown> }[]) => rows.map(({ collection, id, hlc, fields }) => ({ collection, id, hlc, fields }));
    expect(strip(await a.dexie.outbox.toArray())).toEqual(strip(await b.dexie.outbox.toArray()));
    const before = await a.dexie.outbox.count();
    await writeDefaultTasks(a);
    expect(await a.dexie.outbox.count()).toBe(before);
  });

  it('rule 18: on a device that saw every task deleted (the list is empty), Generate brings the guide back, on every device', async () => {
    const { t, sync, device } = await setup();
    const a = await device();
    const b = await device();
    await writeDefaultTasks(a);
    await a.write('survivorTasks', first.id, { completionStatus: 'completed' });
    for (const task of DEFAULT_SURVIVOR_TASKS) await a.write('survivorTasks', task.id, { _deleted: true });
    await sync(a);
    await sync(b);
    expect(await b.dexie.entities('survivorTasks').count()).toBe(0);
    t.advance(1000);
    await writeDefaultTasks(b);
    await sync(b);
    await sync(a);
    for (const db of [a, b]) {
      expect(await db.dexie.entities('survivorTasks').count()).toBe(DEFAULT_SURVIVOR_TASKS.length);
      expect((await db.dexie.entities('survivorTasks').get(first.id))?.completionStatus).toBe('completed');
    }
  });
});
