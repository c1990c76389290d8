/**
 * What a full-access trustee's page says about the family's tasks (DESIGN.md §8; the owner's
 * Survivor Tasks screen, web/features/survivor-tasks/TaskBoard.tsx, groups them the same way):
 * grouped by when they are due ("Within 24 hours" first, words.ts labelOf: the page's language), most
 * urgent first within each (shared/task-grouping.ts); done when a trustee marked it done
 * (sync-server/release/task-marks.ts), said as "Done by <who> on <date and time>" in the reader's
 * own time zone. Pure: the page (tasks-view.ts) renders it, the tests read it.
 */
import type { BinderRecords, PageTask, TaskMark } from '../../shared/release/pages';
import { TIMEFRAMES } from '../../shared/schema/survivor-task';
import { arrangeTasks } from '../../shared/task-grouping';
import { dateTimeText } from './dom';
import { labelOf, t } from './words';

/** One group of the list: its heading and its tasks, most urgent first. */
export interface TaskGroupView {
  /** The timeframe, or `later` for tasks whose timeframe could not be read. */
  key: string;
  label: string;
  tasks: PageTask[];
}

/** The heading of tasks whose timeframe could not be read (a value that did not open), in the page's language. */
export const noTimeframeLabel = () => t('releasePage.trustee.tasks.whenYouCan');

/** `tasks` grouped by when they are due, in TIMEFRAMES order, empty groups left out. */
export function tasksByWhen(tasks: readonly PageTask[]): TaskGroupView[] {
  // arrangeTasks reads a status; the order does not depend on it.
  const { sorted: order } = arrangeTasks(tasks.map((task) => ({ ...task, task, completionStatus: 'not-started' as const })));
  const sorted = order.map((o) => o.task);
  const known = new Set<string>(TIMEFRAMES);
  const groups: TaskGroupView[] = TIMEFRAMES.map((tf) => ({ key: tf, label: labelOf('when', tf) ?? tf, tasks: sorted.filter((t) => t.timeframe === tf) }));
  groups.push({ key: 'later', label: noTimeframeLabel(), tasks: sorted.filter((t) => !known.has(t.timeframe)) });
  return groups.filter((g) => g.tasks.length > 0);
}

/** The marks of task `taskId`, oldest first. */
export const marksOf = (marks: readonly TaskMark[], taskId: string): TaskMark[] =>
  marks.filter((m) => m.taskId === taskId).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

/** Who made `m`, as the catalog's `who` select takes it: `you`, a name this page may read, else `another` ("another trustee"). */
const whoOf = (m: TaskMark) => (m.mine ? { who: 'you', name: '' } : m.name?.trim() ? { who: 'name', name: m.name.trim() } : { who: 'another', name: '' });

/**
 * "Done by you on November 27, 2026 at 6:12 AM GMT+1" (and ", and by Grace on …" for each later mark), in
 * `timeZone` (default: the reader's own); null when nobody marked it done.
 */
export function doneByText(marks: readonly TaskMark[], timeZone?: string): string | null {
  if (marks.length === 0) return null;
  return marks
    .map((m, i) => t(i === 0 ? 'releasePage.trustee.tasks.doneBy' : 'releasePage.trustee.tasks.andBy', { ...whoOf(m), date: dateTimeText(m.at, timeZone) }))
    .join(', ');
}

/**
 * The binder's records with the family's progress: a task marked done by a trustee prints ticked
 * (shared/binder afterRelease), the others as the owner left them.
 */
export function withFamilyProgress(binder: BinderRecords, marks: readonly TaskMark[]): BinderRecords {
  const done = new Set(marks.map((m) => m.taskId));
  return { ...binder, survivorTasks: binder.survivorTasks.map((t) => (done.has(t.id) ? { ...t, completionStatus: 'completed' as const } : t)) };
}
