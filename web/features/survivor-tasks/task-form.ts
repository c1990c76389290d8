/**
 * The add/edit task form's values and rules (SPEC.md §5 "Survivor task form"): validation is
 * `survivorTaskFormSchema` (its messages are the spec's); resources and automation steps are added
 * one at a time (trimmed, blank ignored) and removed by index; a new task starts at priority 3 and
 * not-started (SPEC.md §4, §9).
 */
import { DEFAULT_PRIORITY } from '../../../shared/labels';
import type { SurvivorTask, SurvivorTaskForm } from '../../../shared/schema/survivor-task';

/** What the form holds; the selects start empty (undefined) so the 'Please select…' rules apply. */
export type TaskFormValues = SurvivorTaskForm;

/** A new task's starting values (SPEC.md §4: default priority 3; §3: lists empty, not-started). */
export const emptyTaskForm = (): TaskFormValues => ({
  title: '',
  description: '',
  category: undefined as unknown as TaskFormValues['category'],
  timeframe: undefined as unknown as TaskFormValues['timeframe'],
  automationLevel: undefined as unknown as TaskFormValues['automationLevel'],
  priority: DEFAULT_PRIORITY,
  resources: [],
  automationSteps: [],
  notifyTrustees: false,
  completionStatus: 'not-started',
});

/** The edit form's values for `task` (a new task's for null). */
export function taskToForm(task: SurvivorTask | null): TaskFormValues {
  if (!task) return emptyTaskForm();
  return {
    title: task.title,
    description: task.description,
    category: task.category,
    timeframe: task.timeframe,
    automationLevel: task.automationLevel,
    priority: task.priority,
    resources: [...task.resources],
    automationSteps: [...task.automationSteps],
    notifyTrustees: task.notifyTrustees,
    completionStatus: task.completionStatus,
  };
}

/** Record fields of (some of) the form's values: the store parses them with the task schema. */
export const taskFormToRecord = (values: Partial<TaskFormValues>): Record<string, unknown> => ({ ...values });

export { addItem, removeItemAt } from '../../ui/text-list';

/** Automation level for display: hyphens shown as spaces (SPEC.md §2 "Task card"). */
export const automationLevelText = (level: string) => level.replaceAll('-', ' ');
