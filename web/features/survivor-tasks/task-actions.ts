/**
 * Every write of the Survivor Tasks screen, each through the local store (works offline, syncs
 * later) with the toasts of SPEC.md §8: title 'Success' and the action's sentence, or a
 * destructive toast (also logged to the console) on failure. None of them throws.
 */
import type { CompletionStatus, SurvivorTask } from '../../../shared/schema/survivor-task';
import { create, remove, requireDb, save, writeDefaultTasks, type CreateInput } from '../../db';
import { runWithToasts } from '../../ui/record-actions';
import { t } from '../../i18n/i18n';
import './messages';

/** SPEC.md §8's success toast: title 'Success' and the action's sentence (in the language shown). */
const success = (description: string) => ({ title: t('tasks.toast.success'), description });
type TaskFields = CreateInput['survivorTasks'];

/**
 * 'Generate Default Tasks': writes the shared guide with its stable ids in one transaction, as
 * generated content that never overrides a person's edit or delete (rule 18).
 */
export async function generateDefaultTasks(): Promise<boolean> {
  const done = await runWithToasts(() => writeDefaultTasks(requireDb()), {
    success: success(t('tasks.toast.defaults')),
    failure: t('tasks.toast.defaultsFailed'),
  });
  return done !== undefined;
}

/** 'Add New Task' → Save. Resolves true on success (the dialog then closes). */
export async function createTask(fields: TaskFields): Promise<boolean> {
  const id = await runWithToasts(() => create('survivorTasks', { ...fields, completionStatus: fields.completionStatus ?? 'not-started' }), {
    success: success(t('tasks.toast.created')),
    failure: t('tasks.toast.createFailed'),
  });
  return id !== undefined;
}

/** The edit form's save, or the card's status dropdown (only completionStatus). */
export async function updateTask(id: string, patch: Partial<TaskFields>): Promise<boolean> {
  const done = await runWithToasts(() => save('survivorTasks', id, patch).then(() => true), {
    success: success(t('tasks.toast.updated')),
    failure: t('tasks.toast.updateFailed'),
  });
  return done === true;
}

/** The card's status dropdown: any status can be set directly (SPEC.md §4). */
export const setTaskStatus = (task: SurvivorTask, completionStatus: CompletionStatus) => updateTask(task.id, { completionStatus });

/** Delete, after the browser confirm of SPEC.md §5. */
export async function deleteTask(task: SurvivorTask): Promise<boolean> {
  if (!window.confirm(t('tasks.confirmDelete'))) return false;
  const done = await runWithToasts(() => remove('survivorTasks', task.id).then(() => true), {
    success: success(t('tasks.toast.deleted')),
    failure: t('tasks.toast.deleteFailed'),
  });
  return done === true;
}

/** Saves generated content as a new automation step after the existing ones (SPEC.md §2, §7). */
export async function appendAutomationStep(task: SurvivorTask, content: string): Promise<boolean> {
  const done = await runWithToasts(
    () => save('survivorTasks', task.id, { automationSteps: [...task.automationSteps, content] }).then(() => true),
    { success: success(t('tasks.toast.automationSaved')), failure: t('tasks.toast.automationFailed') },
  );
  return done === true;
}
