/**
 * How the Survivor Tasks screen arranges tasks (SPEC.md §2 "Survivor Tasks"): tab counts by
 * status and by category, and the All tab's groups under category headings, ordered by lowest
 * average priority number first (most urgent first). One pure function, so the rule is tested
 * once (shared/task-grouping.test.ts) and the screen only renders its result.
 */
import { DEFAULT_SURVIVOR_TASKS } from './default-tasks';
import {
  COMPLETION_STATUSES,
  TASK_CATEGORIES,
  TIMEFRAMES,
  type CompletionStatus,
  type SurvivorTask,
  type TaskCategory,
} from './schema/survivor-task';

/** The fields the arrangement reads (so tests and callers can pass plain objects). */
export type GroupableTask = Pick<SurvivorTask, 'category' | 'priority' | 'timeframe' | 'completionStatus'> & { id?: string };

export interface TaskGroup<T> {
  category: TaskCategory;
  /** Mean priority of the group's tasks (1 = highest). */
  averagePriority: number;
  tasks: T[];
}

export interface TaskArrangement<T> {
  /** Category groups, most urgent (lowest average priority) first; ties keep category order. */
  groups: TaskGroup<T>[];
  /** Every task, most urgent first (see arrangeTasks for the tie-breaks). */
  sorted: T[];
  /** Tasks per status, each most urgent first. */
  byStatus: Record<CompletionStatus, T[]>;
  /** Categories present in the data, in category order (one tab each). */
  categories: TaskCategory[];
  /** Tab counts: all, each status, each category (0 for absent ones). */
  counts: { all: number } & Record<CompletionStatus, number> & Record<TaskCategory, number>;
}

const timeframeRank = (t: GroupableTask) => TIMEFRAMES.indexOf(t.timeframe);
const guidePosition = new Map(DEFAULT_SURVIVOR_TASKS.map((t, i) => [t.id, i]));
/** Position in the default guide (its tasks share one createdAt), after it for the person's own. */
const guideRank = (t: GroupableTask) => (t.id !== undefined ? (guidePosition.get(t.id) ?? guidePosition.size) : guidePosition.size);

/**
 * Arranges `tasks` for the screen. Within every list, tasks are ordered by priority, then by
 * timeframe (sooner first), then by their place in the default guide (so it reads in its written
 * order), then as given (stable).
 */
export function arrangeTasks<T extends GroupableTask>(tasks: readonly T[]): TaskArrangement<T> {
  const sorted = tasks
    .map((task, index) => ({ task, index }))
    .sort(
      (a, b) =>
        a.task.priority - b.task.priority ||
        timeframeRank(a.task) - timeframeRank(b.task) ||
        guideRank(a.task) - guideRank(b.task) ||
        a.index - b.index,
    )
    .map((x) => x.task);

  const byCategory = new Map<TaskCategory, T[]>();
  for (const t of sorted) {
    const list = byCategory.get(t.category);
    if (list) list.push(t);
    else byCategory.set(t.category, [t]);
  }
  const categories = TASK_CATEGORIES.filter((c) => byCategory.has(c));
  const groups = categories
    .map((category) => {
      const list = byCategory.get(category)!;
      return { category, tasks: list, averagePriority: list.reduce((sum, t) => sum + t.priority, 0) / list.length };
    })
    // Array.prototype.sort is stable, so equal averages keep category order.
    .sort((a, b) => a.averagePriority - b.averagePriority);

  const byStatus = Object.fromEntries(COMPLETION_STATUSES.map((s) => [s, sorted.filter((t) => t.completionStatus === s)])) as Record<
    CompletionStatus,
    T[]
  >;
  const counts = { all: tasks.length } as TaskArrangement<T>['counts'];
  for (const s of COMPLETION_STATUSES) counts[s] = byStatus[s].length;
  for (const c of TASK_CATEGORIES) counts[c] = byCategory.get(c)?.length ?? 0;

  return { groups, sorted, byStatus, categories, counts };
}
