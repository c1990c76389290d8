import { describe, expect, it } from 'vitest';
import { AUTOMATION_LEVELS, survivorTaskFormSchema } from '../../../shared/schema/survivor-task';
import { readFileSync } from 'node:fs';
import { addItem, automationLevelText, emptyTaskForm, removeItemAt, taskToForm } from './task-form';

const messagesOf = (values: unknown) => {
  const r = survivorTaskFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the survivor task form (SPEC.md §5)', () => {
  it('an empty form gives the spec messages for each required field, priority 3 by default', () => {
    const empty = emptyTaskForm();
    expect(empty.priority).toBe(3);
    expect(empty.completionStatus).toBe('not-started');
    expect(messagesOf(empty)).toEqual({
      title: 'Title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      category: 'Please select a category',
      timeframe: 'Please select a timeframe',
      automationLevel: 'Please select an automation level',
    });
  });

  it('title ≥ 3 and description ≥ 10 characters after trimming; priority 1 to 5', () => {
    const ok = { ...emptyTaskForm(), title: 'Tax', description: '0123456789', category: 'legal', timeframe: '1m', automationLevel: 'semi-automated' };
    expect(messagesOf(ok)).toEqual({});
    expect(messagesOf({ ...ok, title: '  ab  ' })).toHaveProperty('title', 'Title must be at least 3 characters');
    expect(messagesOf({ ...ok, description: ' 012345678 ' })).toHaveProperty('description', 'Description must be at least 10 characters');
    expect(messagesOf({ ...ok, priority: 0 })).toHaveProperty('priority');
    expect(messagesOf({ ...ok, priority: 6 })).toHaveProperty('priority');
    expect(messagesOf({ ...ok, priority: 5 })).toEqual({});
  });

  it('adds items one at a time, trimmed, ignoring blank text; removes by index', () => {
    expect(addItem([], '  The will  ')).toEqual(['The will']);
    expect(addItem(['a'], '   ')).toEqual(['a']);
    expect(addItem(['a'], '')).toEqual(['a']);
    const list = ['same', 'other', 'same'];
    expect(removeItemAt(list, 2)).toEqual(['same', 'other']);
    expect(removeItemAt(list, 0)).toEqual(['other', 'same']);
  });

  it('fills the edit form from a task, and shows automation levels with spaces', () => {
    const task = {
      id: 't', userId: 'u', createdAt: '2026-01-01T00:00:00.000Z', title: 'Call the bank', description: 'Freeze the accounts now.',
      category: 'financial', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 2,
      resources: ['Bank statements'], automationSteps: [], notifyTrustees: true, completionStatus: 'in-progress',
    } as const;
    const form = taskToForm({ ...task, resources: [...task.resources], automationSteps: [] });
    expect(form).toMatchObject({ title: 'Call the bank', completionStatus: 'in-progress', notifyTrustees: true, resources: ['Bank statements'] });
    expect(form).not.toHaveProperty('id');
    expect(automationLevelText('manual-with-guidance')).toBe('manual with guidance');
  });

  it('the card shows each automation level with hyphens as spaces (SPEC.md §2 "Task card"), then its plain words', () => {
    const en = JSON.parse(readFileSync(new URL('../../i18n/catalogs/en/tasks.json', import.meta.url), 'utf8')) as Record<string, string>;
    for (const level of AUTOMATION_LEVELS) expect(en[`tasks.levelLine.${level}`]).toMatch(new RegExp(`^${automationLevelText(level)}: \\S`));
  });
});
