/**
 * The 'Add Survivor Task' and 'Edit Survivor Task' dialogs (SPEC.md §2, §5 "Survivor task form"),
 * validated with react-hook-form and the shared `survivorTaskFormSchema` (its messages are the
 * spec's, shown under each field). The edit dialog adds a Status selector. `initial` is read on
 * mount: give the dialog a `key` per task. `onSave` resolves true when the write succeeded; the
 * add form then resets.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  AUTOMATION_LEVEL_LABELS,
  COMPLETION_STATUS_LABELS,
  PRIORITY_OPTIONS,
  TASK_CATEGORY_LABELS,
  TIMEFRAME_OPTIONS,
} from '../../../shared/labels';
import { survivorTaskFormSchema } from '../../../shared/schema/survivor-task';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { TextListField } from '../../ui/TextListField';
import { emptyTaskForm, type TaskFormValues } from './task-form';
import { OtherVersions } from '../../ui/OtherVersions';

type TaskFormOutput = z.output<typeof survivorTaskFormSchema>;

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
  initial?: TaskFormValues;
  onSave: (fields: TaskFormOutput) => Promise<boolean>;
  /** The edited task's id, for its other versions (rules 20–23). */
  recordId?: string;
}

export function TaskFormDialog({ open, onOpenChange, mode, initial, onSave, recordId }: TaskFormDialogProps) {
  const { register, handleSubmit, watch, setValue, reset, formState } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(survivorTaskFormSchema),
    defaultValues: initial ?? emptyTaskForm(),
  });
  const [pending, setPending] = useState(false);
  const errors = formState.errors;
  const values = watch();
  /** Sets a field from a select or list (re-validating it once the form was submitted). */
  const set = <K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) =>
    setValue(field, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const submit = handleSubmit(async (fields) => {
    setPending(true);
    const ok = await onSave(fields);
    setPending(false);
    if (ok && mode === 'add') reset(emptyTaskForm());
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
      <FormField label="Title" required error={errors.title?.message}>
        <Input {...register('title')} placeholder="e.g. Notify the bank" autoComplete="off" />
      </FormField>
      <FormField label="Description" required error={errors.description?.message}>
        <Textarea {...register('description')} placeholder="What needs to be done, and why" />
      </FormField>
      <OtherVersions collection="survivorTasks" id={recordId} field="description" onRestore={(text) => setValue('description', text, { shouldDirty: true })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" required error={errors.category?.message}>
          <Select options={categoryOptions} value={values.category ?? ''} onValueChange={(v) => set('category', v as TaskFormValues['category'])} placeholder="Select a category" />
        </FormField>
        <FormField label="Timeframe" required error={errors.timeframe?.message}>
          <Select options={timeframeOptions} value={values.timeframe ?? ''} onValueChange={(v) => set('timeframe', v as TaskFormValues['timeframe'])} placeholder="Select a timeframe" />
        </FormField>
        <FormField label="Automation Level" required error={errors.automationLevel?.message}>
          <Select
            options={automationOptions}
            value={values.automationLevel ?? ''}
            onValueChange={(v) => set('automationLevel', v as TaskFormValues['automationLevel'])}
            placeholder="Select an automation level"
          />
        </FormField>
        <FormField label="Priority" required error={errors.priority?.message}>
          <Select options={priorityOptions} value={String(values.priority)} onValueChange={(v) => set('priority', Number(v))} />
        </FormField>
        {mode === 'edit' && (
          <FormField label="Status">
            <Select
              options={statusOptions}
              value={values.completionStatus ?? 'not-started'}
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
