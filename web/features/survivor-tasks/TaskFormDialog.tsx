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
  AUTOMATION_LEVELS,
  COMPLETION_STATUSES,
  type SurvivorTask,
  survivorTaskFormSchema,
  TASK_CATEGORIES,
  TIMEFRAMES,
} from '../../../shared/schema/survivor-task';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { TextListField } from '../../ui/TextListField';
import { taskFormToRecord, taskToForm, type TaskFormValues } from './task-form';
import { OtherVersions } from '../../ui/OtherVersions';
import { type MessageId, useT } from '../../i18n/i18n';
import { useTasksMessages } from './messages';

/** A select's choices: each value with its label from the 'tasks' catalog (`prefix` + value). */
const optionsOf = (values: readonly (string | number)[], prefix: string, t: (id: MessageId) => string) =>
  values.map((value) => ({ value: String(value), label: t(`${prefix}${value}` as MessageId) }));

/**
 * The schema's messages (shared/schema/survivor-task.ts, SPEC.md §5's English) in the language
 * shown; any other message as it is.
 */
/** The priorities, most urgent first (SPEC.md §3 "Labels": 1 Highest … 5 Lowest). */
const PRIORITIES = [1, 2, 3, 4, 5] as const;

const FIELD_ERRORS: Record<string, MessageId> = {
  'Title must be at least 3 characters': 'tasks.error.title',
  'Description must be at least 10 characters': 'tasks.error.description',
  'Please select a category': 'tasks.error.category',
  'Please select a timeframe': 'tasks.error.timeframe',
  'Please select an automation level': 'tasks.error.level',
};

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
  useTasksMessages();
  const { t } = useT();
  const errorText = (message: string | undefined) => (message && FIELD_ERRORS[message] ? t(FIELD_ERRORS[message]) : message);
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
  /** The note of a field changed elsewhere; a select's value shown by its label (`prefix` + value). */
  const notice = (field: keyof TaskFormValues, prefix?: string) => (
    <ChangedElsewhere record={rf} field={field} display={prefix ? (v) => t((v ? `${prefix}${String(v)}` : 'tasks.form.empty') as MessageId) : undefined} />
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
      title={t(mode === 'add' ? 'tasks.form.addTitle' : 'tasks.form.editTitle')}
      description={t(mode === 'add' ? 'tasks.form.addDescription' : 'tasks.form.editDescription')}
      submitLabel={t(mode === 'add' ? 'tasks.form.create' : 'tasks.form.update')}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <FormField label={t('tasks.form.title')} required error={errorText(errors.title?.message)} notice={notice('title')}>
        <Input maxLength={rf.maxLength('title')} {...register('title')} placeholder={t('tasks.form.titlePlaceholder')} autoComplete="off" />
      </FormField>
      <FormField label={t('tasks.form.description')} required error={errorText(errors.description?.message)} notice={notice('description')}>
        <Textarea maxLength={rf.maxLength('description')} {...register('description')} placeholder={t('tasks.form.descriptionPlaceholder')} />
      </FormField>
      <OtherVersions collection="survivorTasks" id={task?.id} field="description" onRestore={(text) => setValue('description', text, { shouldDirty: true })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('tasks.form.category')} required error={errorText(errors.category?.message)} notice={notice('category', 'tasks.category.')}>
          <Select options={optionsOf(TASK_CATEGORIES, 'tasks.category.', t)} value={values.category ?? ''} onValueChange={(v) => set('category', v as TaskFormValues['category'])} placeholder={t('tasks.form.categoryPlaceholder')} />
        </FormField>
        <FormField label={t('tasks.form.timeframe')} required error={errorText(errors.timeframe?.message)} notice={notice('timeframe', 'tasks.timeframe.')}>
          <Select options={optionsOf(TIMEFRAMES, 'tasks.timeframe.', t)} value={values.timeframe ?? ''} onValueChange={(v) => set('timeframe', v as TaskFormValues['timeframe'])} placeholder={t('tasks.form.timeframePlaceholder')} />
        </FormField>
        <FormField
          label={t('tasks.form.level')}
          required
          error={errorText(errors.automationLevel?.message)}
          notice={notice('automationLevel', 'tasks.level.')}
        >
          <Select
            options={optionsOf(AUTOMATION_LEVELS, 'tasks.level.', t)}
            value={values.automationLevel ?? ''}
            onValueChange={(v) => set('automationLevel', v as TaskFormValues['automationLevel'])}
            placeholder={t('tasks.form.levelPlaceholder')}
          />
        </FormField>
        <FormField label={t('tasks.form.priority')} required error={errorText(errors.priority?.message)} notice={notice('priority')}>
          <Select options={PRIORITIES.map((n) => ({ value: String(n), label: t('tasks.priorityOption', { n: String(n), label: t(`tasks.priority.${n}`) }) }))} value={String(values.priority)} onValueChange={(v) => set('priority', Number(v))} />
        </FormField>
        {mode === 'edit' && (
          <FormField
            label={t('tasks.form.status')}
            notice={notice('completionStatus', 'tasks.status.')}
            hint={task && survivorsOnly(task) ? t('tasks.familyMarks') : undefined}
          >
            <Select
              options={optionsOf(COMPLETION_STATUSES, 'tasks.status.', t)}
              value={values.completionStatus ?? 'not-started'}
              disabled={!!task && survivorsOnly(task)}
              onValueChange={(v) => set('completionStatus', v as TaskFormValues['completionStatus'])}
            />
          </FormField>
        )}
      </div>
      <TextListField
        scroll
        label={t('tasks.resources')}
        itemName={t('tasks.form.resource')}
        placeholder={t('tasks.form.resourcePlaceholder')}
        items={values.resources ?? []}
        onChange={(items) => set('resources', items)}
      />
      <TextListField
        scroll
        label={t('tasks.form.steps')}
        itemName={t('tasks.form.step')}
        placeholder={t('tasks.form.stepPlaceholder')}
        items={values.automationSteps ?? []}
        onChange={(items) => set('automationSteps', items)}
      />
      <label className="flex items-start gap-3 text-slate-800">
        <input type="checkbox" {...register('notifyTrustees')} className="mt-1 size-5 shrink-0 accent-slate-800" />
        <span>
          <span className="font-medium">{t('tasks.form.notify')}</span>
          <span className="block text-sm text-slate-600">{t('tasks.form.notifyHint')}</span>
        </span>
      </label>
    </FormDialog>
  );
}
