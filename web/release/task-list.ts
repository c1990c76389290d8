/**
 * What a full-access trustee's page says about the family's tasks (DESIGN.md §8; the owner's
 * Survivor Tasks screen, web/features/survivor-tasks/TaskBoard.tsx, groups them the same way):
 * grouped by when they are due ("Within 24 hours" first, shared/labels.ts TIMEFRAME_LABELS), most
 * urgent first within each (shared/task-grouping.ts); done when a trustee marked it done
 * (sync-server/release/task-marks.ts), said as "Done by <who> on <date and time>" in the reader's
 * own time zone. Pure: the page (tasks-view.ts) renders it, the tests read it.
 */
import { TIMEFRAME_LABELS } from '../../shared/labels';
import type { BinderRecords, PageTask, TaskMark } from '../../shared/release/pages';
import { TIMEFRAMES } from '../../shared/schema/survivor-task';
import { arrangeTasks } from '../../shared/task-grouping';
import { dateTimeText } from './dom';

/** One group of the list: its heading and its tasks, most urgent first. */
export interface TaskGroupView {
  /** The timeframe, or `later` for tasks whose timeframe could not be read. */
  key: string;
  label: string;
  tasks: PageTask[];
}

/** The heading of tasks whose timeframe could not be read (a value that did not open). */
export const NO_TIMEFRAME_LABEL = 'When you can';

/** `tasks` grouped by when they are due, in TIMEFRAMES order, empty groups left out. */
export function tasksByWhen(tasks: readonly PageTask[]): TaskGroupView[] {
  // arrangeTasks reads a status; the order does not depend on it.
  const { sorted: order } = arrangeTasks(tasks.map((task) => ({ ...task, task, completionStatus: 'not-started' as const })));
  const sorted = order.map((o) => o.task);
  const known = new Set<string>(TIMEFRAMES);
  const groups: TaskGroupView[] = TIMEFRAMES.map((tf) => ({ key: tf, label: TIMEFRAME_LABELS[tf], tasks: sorted.filter((t) => t.timeframe === tf) }));
  groups.push({ key: 'later', label: NO_TIMEFRAME_LABEL, tasks: sorted.filter((t) => !known.has(t.timeframe)) });
  return groups.filter((g) => g.tasks.length > 0);
}

/** The marks of task `taskId`, oldest first. */
export const marksOf = (marks: readonly TaskMark[], taskId: string): TaskMark[] =>
  marks.filter((m) => m.taskId === taskId).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

/** Who made `m`: "you", the trustee's name when this page may read it, else "another trustee". */
export const whoText = (m: TaskMark) => (m.mine ? 'you' : m.name?.trim() || 'another trustee');

/**
 * "Done by you on November 27, 2026 at 6:12 AM GMT+1" (and ", and by Grace on …" for each later mark), in
 * `timeZone` (default: the reader's own); null when nobody marked it done.
 */
export function doneByText(marks: readonly TaskMark[], timeZone?: string): string | null {
  if (marks.length === 0) return null;
  const [first, ...rest] = marks.map((m) => `by ${whoText(m)} on ${dateTimeText(m.at, timeZone)}`);
  return [`Done ${first}`, ...rest.map((r) => `and ${r}`)].join(', ');
}

/**
 * The binder's records with the family's progress: a task marked done by a trustee prints ticked
 * (shared/binder afterRelease), the others as the owner left them.
 */
export function withFamilyProgress(binder: BinderRecords, marks: readonly TaskMark[]): BinderRecords {
  const done = new Set(marks.map((m) => m.taskId));
  return { ...binder, survivorTasks: binder.survivorTasks.map((t) => (done.has(t.id) ? { ...t, completionStatus: 'completed' as const } : t)) };
}
