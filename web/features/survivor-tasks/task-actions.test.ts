/**
 * The screen's writes against real Dexie over fake-indexeddb (no mocks): the default guide is
 * generated offline with stable ids, twice is still one set, two devices write the same list
 * items, and generating after deleting everything brings the guide back (SPEC.md §2, §4).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS } from '../../../shared/default-tasks';
import { closeUserDatabase, openUserDatabase, remove, requireDb } from '../../db';
import { newDeviceIndexedDb } from '../../db/test-device';
import { useToastStore } from '../../ui/toast-store';
import { appendAutomationStep, createTask, generateDefaultTasks, setTaskStatus } from './task-actions';

const USER = 'user-tasks';
const lastToast = () => useToastStore.getState().toasts[0];
const liveTasks = () => requireDb().dexie.entities('survivorTasks').toArray();

afterEach(() => closeUserDatabase());

describe('Survivor Tasks writes (local-first)', () => {
  it('generates the default guide once, with a Success toast; twice is still the same set', async () => {
    await openUserDatabase(USER, newDeviceIndexedDb());
    expect(await generateDefaultTasks()).toBe(true);
    expect(lastToast()).toMatchObject({ title: 'Success', description: 'Default tasks generated successfully' });
    expect((await liveTasks()).map((t) => t.id).sort()).toEqual(DEFAULT_SURVIVOR_TASKS.map((t) => t.id).sort());
    await generateDefaultTasks();
    expect((await liveTasks()).length).toBe(DEFAULT_SURVIVOR_TASKS.length);
  });

  it('two devices generating offline write identical list items (so the merge keeps one copy)', async () => {
    const itemKeys = async () => {
      const row = await requireDb().dexie.fieldState.get(['survivorTasks', DEFAULT_SURVIVOR_TASKS[0]!.id]);
      return Object.keys(row!.values).filter((k) => k.includes('/')).sort();
    };
    await openUserDatabase(USER, newDeviceIndexedDb());
    await generateDefaultTasks();
    const a = await itemKeys();
    closeUserDatabase();
    await openUserDatabase(USER, newDeviceIndexedDb());
    await generateDefaultTasks();
    expect(await itemKeys()).toEqual(a);
  });

  it('after deleting every task, generating brings the whole guide back', async () => {
    await openUserDatabase(USER, newDeviceIndexedDb());
    await generateDefaultTasks();
    for (const t of DEFAULT_SURVIVOR_TASKS) await remove('survivorTasks', t.id);
    expect(await liveTasks()).toEqual([]);
    await generateDefaultTasks();
    const tasks = await liveTasks();
    expect(tasks.length).toBe(DEFAULT_SURVIVOR_TASKS.length);
    const first = tasks.find((t) => t.id === DEFAULT_SURVIVOR_TASKS[0]!.id)!;
    expect(first.resources).toEqual(DEFAULT_SURVIVOR_TASKS[0]!.resources);
  });

  it('creates a task, changes its status, appends automation content; a bad write gives the failure toast', async () => {
    await openUserDatabase(USER, newDeviceIndexedDb());
    const fields = {
      title: 'Call the bank',
      description: 'Ask the bereavement team to freeze the accounts.',
      category: 'financial',
      timeframe: '1w',
      automationLevel: 'semi-automated',
      priority: 2,
      resources: ['Bank statements'],
      automationSteps: ['Find the statements'],
      notifyTrustees: false,
    } as const;
    expect(await createTask({ ...fields, resources: [...fields.resources], automationSteps: [...fields.automationSteps] })).toBe(true);
    expect(lastToast()).toMatchObject({ title: 'Success', description: 'Task created successfully' });
    let [task] = await liveTasks();
    expect(task).toMatchObject({ title: 'Call the bank', completionStatus: 'not-started' });

    await setTaskStatus(task!, 'completed');
    expect(lastToast()).toMatchObject({ title: 'Success', description: 'Task updated successfully' });
    [task] = await liveTasks();
    expect(task!.completionStatus).toBe('completed');

    await appendAutomationStep(task!, 'Dear bank,\n\nI am writing to tell you…');
    expect(lastToast()).toMatchObject({ title: 'Success', description: 'Automation content saved successfully' });
    [task] = await liveTasks();
    expect(task!.automationSteps).toEqual(['Find the statements', 'Dear bank,\n\nI am writing to tell you…']);

    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await createTask({ ...fields, title: 'ab', resources: [], automationSteps: [] })).toBe(false);
    } finally {
      console.error = original;
    }
    expect(lastToast()).toMatchObject({ title: 'Error: Failed to create task', variant: 'destructive' });
    expect(errors.length).toBe(1);
    expect((await liveTasks()).length).toBe(1);
  });
});
