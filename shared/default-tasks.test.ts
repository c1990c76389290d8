import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS, defaultTaskItemId } from './default-tasks';
import { idSchema } from './schema/common';
import { survivorTaskFieldsSchema, TASK_CATEGORIES } from './schema/survivor-task';

const createdAt = '2026-11-21T12:00:00.000Z';

describe('the default survivor-task guide (SPEC.md §2 "Generate Default Tasks")', () => {
  it('has at least 25 tasks covering every category', () => {
    expect(DEFAULT_SURVIVOR_TASKS.length).toBeGreaterThanOrEqual(25);
    const categories = new Set(DEFAULT_SURVIVOR_TASKS.map((t) => t.category));
    for (const c of TASK_CATEGORIES) expect(categories, `category ${c}`).toContain(c);
  });

  it('gives every task a unique, stable id of the form default-<slug> that is a valid record id', () => {
    const ids = DEFAULT_SURVIVOR_TASKS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^default-[a-z0-9-]+$/);
      expect(idSchema.safeParse(id).success).toBe(true);
    }
  });

  it('makes every task valid against survivorTaskFieldsSchema (with a createdAt), unchanged by parsing', () => {
    for (const { id: _id, ...fields } of DEFAULT_SURVIVOR_TASKS) {
      const parsed = survivorTaskFieldsSchema.safeParse({ ...fields, createdAt });
      expect(parsed.success, `${_id}: ${parsed.error?.message}`).toBe(true);
      // Already trimmed and normalised: what is generated is exactly what is stored.
      expect(parsed.data).toEqual({ ...fields, createdAt });
    }
  });

  it('gives every task concrete resources and steps, and starts it not-started', () => {
    for (const t of DEFAULT_SURVIVOR_TASKS) {
      expect(t.resources.length, t.id).toBeGreaterThan(0);
      expect(t.automationSteps.length, t.id).toBeGreaterThan(0);
      expect(t.completionStatus).toBe('not-started');
    }
  });

  it('derives list item ids from list, text and position only: stable, valid and distinct within a task', () => {
    expect(defaultTaskItemId('resources', 'The will', 0)).toBe(defaultTaskItemId('resources', 'The will', 0));
    expect(defaultTaskItemId('resources', 'The will', 0)).not.toBe(defaultTaskItemId('resources', 'The will', 1));
    expect(defaultTaskItemId('resources', 'The will', 0)).not.toBe(defaultTaskItemId('automationSteps', 'The will', 0));
    for (const t of DEFAULT_SURVIVOR_TASKS) {
      const ids = [
        ...t.resources.map((r, i) => defaultTaskItemId('resources', r, i)),
        ...t.automationSteps.map((s, i) => defaultTaskItemId('automationSteps', s, i)),
      ];
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(idSchema.safeParse(id).success).toBe(true);
    }
  });
});
