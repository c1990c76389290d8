import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS } from './default-tasks';
import { OWNER_CAN_PREPARE, survivorsOnly } from './task-roles';

describe('who completes a survivor task', () => {
  it('the default guide is for the survivors, except what an owner can prepare; the owner’s own tasks are theirs', () => {
    const byTitle = (title: string) => DEFAULT_SURVIVOR_TASKS.find((t) => t.title === title)!;
    expect(survivorsOnly(byTitle('Have the death formally confirmed'))).toBe(true);
    expect(survivorsOnly(byTitle('Plan the funeral or memorial service'))).toBe(false);
    expect(survivorsOnly(byTitle('Find the will and the executor'))).toBe(false);
    expect(survivorsOnly({ id: '0b5f0c36-3f7e-4b8e-9d55-3b1a8f0c9e11' })).toBe(false);
    // Every slug named exists in the guide (a renamed slug would silently lock the owner out).
    for (const slug of OWNER_CAN_PREPARE) expect(DEFAULT_SURVIVOR_TASKS.some((t) => t.id === `default-${slug}`), slug).toBe(true);
  });
});
