/**
 * The 'Add Survivor Task' and 'Edit Survivor Task' dialogs (SPEC.md §2, §5 "Survivor task form"),
 * validated with react-hook-form and the shared `survivorTaskFormSchema` (its messages are the
 * spec's, shown under each field). The edit dialog adds a Status selector. A useRecordForm
 * (web/forms): edit follows the stored task live and writes only the fields changed; add writes
 * only the fields set. Give the edit dialog a `key` per task. `onSave` runs the write with the
 * screen's toasts and resolves true when it succeeded; the add form then resets.
 */
import { survivorsOnly } from '../../../shared/task-roles';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTOMATION_LEVEL_LABELS,
  COMPLETION_STATUS_LABELS,
  PRIORITY_OPTIONS,
  TASK_CATEGORY_LABELS,
  TIMEFRAME_OPTIONS,
} from '../../../shared/labels';
import { type SurvivorTask, survivorTaskFormSchema } from '../../../shared/schema/survivor-task';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { TextListField } from '../../ui/TextListField';
import { taskFormToRecord, taskToForm, type TaskFormValues } from './task-form';
import { OtherVersions } from '../../ui/OtherVersions';

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const categoryOptions = optionsOf(TASK_CATEGORY_LABELS);
const timeframeOptions = optionsOf(TIMEFRAME_OPTIONS);
const automationOptions = optionsOf(AUTOMATION_LEVEL_LABELS);
const statusOptions = optionsOf(COMPLETION_STATUS_LABELS);
const priorityOptions = Object.entries(PRIORITY_OPTIONS).map(([n, label]) => ({ value: n, label: `${n} - ${label}` }));

export interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  /** The task edited (edit mode); absent for add. */
  task?: SurvivorTask;
  /** Runs `write` (the local write) with toasts; resolves true when it succeeded. */
  onSave: (write: () => Promise<unknown>) => Promise<boolean>;
}

const resolver = zodResolver(survivorTaskFormSchema);

export function TaskFormDialog({ open, onOpenChange, mode, task, onSave }: TaskFormDialogProps) {
  const rf = useRecordForm({
    collection: 'survivorTasks',
    id: task?.id ?? null,
    initial: task ?? null,
    toForm: taskToForm,
    toRecord: taskFormToRecord,
    resolver,
    active: open,
  });
  const { register, handleSubmit, setValue, formState } = rf.form;
  const [pending, setPending] = useState(false);
  const errors = formState.errors;
  const values = rf.values;
  /** Sets a field from a select or list (re-validating it once the form was submitted). */
  const set = <K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) =>
    setValue(field, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const notice = (field: keyof TaskFormValues, labels?: Record<string, string>) => (
    <ChangedElsewhere record={rf} field={field} display={labels ? (v) => labels[String(v)] ?? '(empty)' : undefined} />
  );

  const submit = handleSubmit(async () => {
    setPending(true);
    await onSave(() => rf.save());
    setPending(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'add' ? 'Add Survivor Task' : 'Edit Survivor Task'}
      description={mode === 'add' ? 'Create a new task to guide your survivors.' : 'Update the details of this survivor task.'}
      submitLabel={mode === 'add' ? 'Create Task' : 'Update Task'}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <FormField label="Title" required error={errors.title?.message} notice={notice('title')}>
        <Input maxLength={rf.maxLength('title')} {...register('title')} placeholder="e.g. Notify the bank" autoComplete="off" />
      </FormField>
      <FormField label="Description" required error={errors.description?.message} notice={notice('description')}>
        <Textarea maxLength={rf.maxLength('description')} {...register('description')} placeholder="What needs to be done, and why" />
      </FormField>
      <OtherVersions collection="survivorTasks" id={task?.id} field="description" onRestore={(text) => setValue('description', text, { shouldDirty: true })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" required error={errors.category?.message} notice={notice('category', TASK_CATEGORY_LABELS)}>
          <Select options={categoryOptions} value={values.category ?? ''} onValueChange={(v) => set('category', v as TaskFormValues['category'])} placeholder="Select a category" />
        </FormField>
        <FormField label="Timeframe" required error={errors.timeframe?.message} notice={notice('timeframe', TIMEFRAME_OPTIONS)}>
          <Select options={timeframeOptions} value={values.timeframe ?? ''} onValueChange={(v) => set('timeframe', v as TaskFormValues['timeframe'])} placeholder="Select a timeframe" />
        </FormField>
        <FormField
          label="Automation Level"
          required
          error={errors.automationLevel?.message}
          notice={notice('automationLevel', AUTOMATION_LEVEL_LABELS)}
        >
          <Select
            options={automationOptions}
            value={values.automationLevel ?? ''}
            onValueChange={(v) => set('automationLevel', v as TaskFormValues['automationLevel'])}
            placeholder="Select an automation level"
          />
        </FormField>
        <FormField label="Priority" required error={errors.priority?.message} notice={notice('priority')}>
          <Select options={priorityOptions} value={String(values.priority)} onValueChange={(v) => set('priority', Number(v))} />
        </FormField>
        {mode === 'edit' && (
          <FormField
            label="Status"
            notice={notice('completionStatus', COMPLETION_STATUS_LABELS)}
            hint={task && survivorsOnly(task) ? 'Your family marks this done on their page after your death.' : undefined}
          >
            <Select
              options={statusOptions}
              value={values.completionStatus ?? 'not-started'}
              disabled={!!task && survivorsOnly(task)}
              onValueChange={(v) => set('completionStatus', v as TaskFormValues['completionStatus'])}
            />
          </FormField>
        )}
      </div>
      <TextListField
        scroll
        label="Resources"
        itemName="resource"
        placeholder="e.g. Death certificate, the will"
        items={values.resources ?? []}
        onChange={(items) => set('resources', items)}
      />
      <TextListField
        scroll
        label="Automation Steps"
        itemName="automation step"
        placeholder="e.g. Call the bank's bereavement team"
        items={values.automationSteps ?? []}
        onChange={(items) => set('automationSteps', items)}
      />
      <label className="flex items-start gap-3 text-slate-800">
        <input type="checkbox" {...register('notifyTrustees')} className="mt-1 size-5 shrink-0 accent-slate-800" />
        <span>
          <span className="font-medium">Notify trustees</span>
          <span className="block text-sm text-slate-600">Let your trustees know about this task.</span>
        </span>
      </label>
    </FormDialog>
  );
}
