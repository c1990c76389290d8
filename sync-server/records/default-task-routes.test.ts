import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS } from '../../shared/default-tasks';
import { DEFAULT_TASKS_CREATED_AT } from '../../shared/sync';
import { createTestApp, signUp, sqliteStoreOf } from '../test/test-support';
import { serverRecords } from '../test/client-test-support';
import { writeDefaultTasks } from '../../web/db/generated';
import { createSyncEngine } from '../../web/sync/engine';
import { createSealedWorld, openRecords } from '../../web/sync/test-sealed';

type Task = { id: string; userId: string; title: string; resources: string[]; automationSteps: string[]; createdAt: string; completionStatus: string };
const list = async (t: ReturnType<typeof createTestApp>, cookie: string) =>
  (await (await t.call('GET', '/api/survivor-tasks', undefined, cookie)).json()) as Task[];

describe('POST /api/survivor-tasks/generate-defaults (SPEC.md §7)', () => {
  it('needs a session', async () => {
    const t = createTestApp();
    expect((await t.call('POST', '/api/survivor-tasks/generate-defaults')).status).toBe(401);
  });

  it('creates the default guide for the session user (201), with the stable ids', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const res = await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, cookie);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Task[];
    expect(created.map((x) => x.id)).toEqual(DEFAULT_SURVIVOR_TASKS.map((x) => x.id));
    for (const [i, task] of created.entries()) {
      const { id: _id, ...fields } = DEFAULT_SURVIVOR_TASKS[i]!;
      expect(task).toMatchObject({ ...fields, userId: user.id, createdAt: DEFAULT_TASKS_CREATED_AT }); // rule 18: one value on every device
    }
    expect((await list(t, cookie)).length).toBe(DEFAULT_SURVIVOR_TASKS.length);
  });

  it('twice → still exactly the default count, with no list item doubled; another user is unaffected', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, a.cookie);
    const second = await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, a.cookie);
    expect(second.status).toBe(201);
    const tasks = await list(t, a.cookie);
    expect(tasks.length).toBe(DEFAULT_SURVIVOR_TASKS.length);
    const first = DEFAULT_SURVIVOR_TASKS[0]!;
    expect(tasks.find((x) => x.id === first.id)).toMatchObject({ resources: first.resources, automationSteps: first.automationSteps });
    expect(await list(t, b.cookie)).toEqual([]);
  });

  it('rule 18: keeps a task the person edited, and brings back a deleted one', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, cookie);
    const [edited, deleted] = DEFAULT_SURVIVOR_TASKS;
    expect((await t.call('PATCH', `/api/survivor-tasks/${edited!.id}`, { completionStatus: 'completed' }, cookie)).status).toBe(200);
    expect((await t.call('DELETE', `/api/survivor-tasks/${deleted!.id}`, undefined, cookie)).status).toBe(200);
    expect((await list(t, cookie)).length).toBe(DEFAULT_SURVIVOR_TASKS.length - 1);

    await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, cookie);
    const tasks = await list(t, cookie);
    expect(tasks.length).toBe(DEFAULT_SURVIVOR_TASKS.length);
    expect(tasks.find((x) => x.id === edited!.id)?.completionStatus).toBe('completed');
    expect(tasks.find((x) => x.id === deleted!.id)).toMatchObject({ title: deleted!.title, resources: deleted!.resources });
  });

  it('writes the same list-item ids for every user and every call (so two devices merge into one copy)', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, a.cookie);
    await t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, b.cookie);
    const store = sqliteStoreOf(t);
    const id = DEFAULT_SURVIVOR_TASKS[0]!.id;
    const keysOf = (userId: string) => Object.keys(store.get(userId, 'survivorTasks', id)!.values).filter((k) => k.includes('/')).sort();
    expect(keysOf(a.user.id).length).toBe(DEFAULT_SURVIVOR_TASKS[0]!.resources.length + DEFAULT_SURVIVOR_TASKS[0]!.automationSteps.length);
    expect(keysOf(a.user.id)).toEqual(keysOf(b.user.id));
  });
});

describe('generate-defaults on a sealed account (issue 29: the server never writes plain text into a sealed field)', () => {
  const plainChange = (id: string) => ({ collection: 'survivorTasks' as const, id, hlc: '0000001000000-0000-srv', fields: { title: 'Plain words the server could read' } });

  it('answers 422 JSON naming the sealed field and stores nothing (the device makes the guide itself)', async () => {
    const w = await createSealedWorld();
    const res = await w.t.call('POST', '/api/survivor-tasks/generate-defaults', undefined, w.cookie);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toMatch(/end-to-end encrypted/);
    expect(body.issues[0]!.path).toBe('title');
    expect(sqliteStoreOf(w.t).list(w.userId, 'survivorTasks')).toEqual([]);
  });

  it('the store itself refuses a plain value in a sealed field of a sealed account (any server path), and still takes it before sealing', async () => {
    const w = await createSealedWorld();
    expect(() => sqliteStoreOf(w.t).applyChanges(w.userId, [plainChange('t1')])).toThrow(/end-to-end encrypted/);
    expect(sqliteStoreOf(w.t).get(w.userId, 'survivorTasks', 't1')).toBeNull();
    const t = createTestApp();
    const { user } = await signUp(t);
    expect(sqliteStoreOf(t).applyChanges(user.id, [plainChange('t1')])).toHaveLength(1);
  });

  it("a sealed account's device writes the guide itself: the server holds only envelopes, which open to the guide", async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    const keys = await w.keysFor();
    await writeDefaultTasks(db);
    const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    db.close();
    const stored = (await serverRecords(w.transport)).filter((r) => r.collection === 'survivorTasks');
    expect(stored.length).toBe(DEFAULT_SURVIVOR_TASKS.length);
    for (const r of stored) expect(String(r.values.title)).toMatch(/^v[0-9]+\./);
    const opened = await openRecords(w, w.userId, stored);
    const first = DEFAULT_SURVIVOR_TASKS[0]!;
    expect(opened.find((r) => r.id === first.id)?.values.title).toBe(first.title);
  });
});
