import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVIVOR_TASKS } from './default-tasks';
import type { GroupableTask } from './task-grouping';
import { arrangeTasks } from './task-grouping';

const t = (name: string, fields: Partial<GroupableTask>) => ({
  name,
  category: 'other' as const,
  priority: 3,
  timeframe: '1w' as const,
  completionStatus: 'not-started' as const,
  ...fields,
});

describe('arrangeTasks (SPEC.md §2 "Survivor Tasks": groups, order, tab counts)', () => {
  it('orders category groups by lowest average priority first', () => {
    const tasks = [
      t('a', { category: 'legal', priority: 2 }),
      t('b', { category: 'legal', priority: 4 }), // legal: 3
      t('c', { category: 'digital', priority: 1 }),
      t('d', { category: 'digital', priority: 2 }), // digital: 1.5
      t('e', { category: 'memorial', priority: 5 }), // memorial: 5
    ];
    const { groups } = arrangeTasks(tasks);
    expect(groups.map((g) => [g.category, g.averagePriority])).toEqual([
      ['digital', 1.5],
      ['legal', 3],
      ['memorial', 5],
    ]);
  });

  it('breaks equal averages by category order (immediate … other)', () => {
    const tasks = [t('x', { category: 'other', priority: 2 }), t('y', { category: 'financial', priority: 2 }), t('z', { category: 'immediate', priority: 2 })];
    expect(arrangeTasks(tasks).groups.map((g) => g.category)).toEqual(['immediate', 'financial', 'other']);
  });

  it('sorts tasks by priority, then timeframe, then the given order', () => {
    const tasks = [
      t('late', { priority: 2, timeframe: '3m' }),
      t('first', { priority: 1, timeframe: '1m' }),
      t('soon', { priority: 2, timeframe: '24h' }),
      t('late-too', { priority: 2, timeframe: '3m' }),
    ];
    const { sorted, groups } = arrangeTasks(tasks);
    expect(sorted.map((x) => x.name)).toEqual(['first', 'soon', 'late', 'late-too']);
    expect(groups[0]!.tasks.map((x) => x.name)).toEqual(['first', 'soon', 'late', 'late-too']);
  });

  it('counts every tab: all, each status, each category present; lists the present categories in order', () => {
    const tasks = [
      t('a', { category: 'memorial', completionStatus: 'completed' }),
      t('b', { category: 'immediate', completionStatus: 'in-progress' }),
      t('c', { category: 'immediate' }),
    ];
    const { counts, categories, byStatus } = arrangeTasks(tasks);
    expect(counts).toMatchObject({ all: 3, 'not-started': 1, 'in-progress': 1, completed: 1, immediate: 2, memorial: 1, legal: 0 });
    expect(categories).toEqual(['immediate', 'memorial']);
    expect(byStatus.completed.map((x) => x.name)).toEqual(['a']);
  });

  it('is empty for no tasks', () => {
    const { groups, counts, categories } = arrangeTasks([]);
    expect(groups).toEqual([]);
    expect(categories).toEqual([]);
    expect(counts.all).toBe(0);
    expect(counts.completed).toBe(0);
  });

  it('keeps the default guide in its written order among equals, whatever order the store returns', () => {
    const reversed = [...DEFAULT_SURVIVOR_TASKS].reverse();
    const immediate = arrangeTasks(reversed).groups[0]!;
    const written = DEFAULT_SURVIVOR_TASKS.filter((t) => t.category === 'immediate' && t.priority === 1 && t.timeframe === '24h').map((t) => t.id);
    expect(written.length).toBeGreaterThan(1);
    expect(immediate.tasks.slice(0, written.length).map((t) => t.id)).toEqual(written);
  });

  it('puts the default guide\'s immediate tasks first and keeps every task exactly once', () => {
    const { groups } = arrangeTasks(DEFAULT_SURVIVOR_TASKS);
    expect(groups[0]!.category).toBe('immediate');
    const averages = groups.map((g) => g.averagePriority);
    expect(averages).toEqual([...averages].sort((a, b) => a - b));
    expect(groups.flatMap((g) => g.tasks).length).toBe(DEFAULT_SURVIVOR_TASKS.length);
  });
});
