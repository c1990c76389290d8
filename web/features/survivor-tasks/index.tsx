/**
 * Survivor Tasks (SPEC.md §2 "Survivor Tasks", §4, §5, §8): a step-by-step guide for the people
 * left behind, kept in the local store (everything, including 'Generate Default Tasks', works
 * offline and syncs later). Only the AI generator needs the network.
 */
import { useState } from 'react';
import { ListChecks, Plus, Wand2 } from 'lucide-react';
import type { SurvivorTask } from '../../../shared/schema/survivor-task';
import { useCollection, useCurrentDb } from '../../db';
import { useSyncStore } from '../../sync/sync-store';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { AutomationDialog } from './AutomationDialog';
import { TaskBoard } from './TaskBoard';
import { TaskCard } from './TaskCard';
import { TaskFormDialog } from './TaskFormDialog';
import { runWithToasts } from '../../ui/record-actions';
import { appendAutomationStep, deleteTask, generateDefaultTasks, setTaskStatus } from './task-actions';
import { TasksErrorBoundary, TasksLoadError } from './TasksErrorBoundary';
import { RestoreDeletedNotice } from '../../ui/RestoreDeletedNotice';
import { t as say, useT } from '../../i18n/i18n';
import { useTasksMessages } from './messages';

/**
 * The add and edit dialogs' toasts (SPEC.md §8 "Survivor tasks"; the same texts as createTask and
 * updateTask in task-actions.ts, whose writes are whole patches: the dialogs write through their
 * useRecordForm instead, so only what the person changed is saved).
 */
const CREATE_TOASTS = () => ({ success: { title: say('tasks.toast.success'), description: say('tasks.toast.created') }, failure: say('tasks.toast.createFailed') });
const UPDATE_TOASTS = () => ({ success: { title: say('tasks.toast.success'), description: say('tasks.toast.updated') }, failure: say('tasks.toast.updateFailed') });

/** Runs a dialog's write with `toasts`; resolves true on success. */
const runTaskWrite = async (write: () => Promise<unknown>, toasts: ReturnType<typeof CREATE_TOASTS>) =>
  (await runWithToasts(async () => {
    await write();
    return true;
  }, toasts)) === true;

function TaskScreenBody({ onAdd }: { onAdd: () => void }) {
  useTasksMessages();
  const { t } = useT();
  const tasks = useCollection('survivorTasks');
  // The database could not be opened at all (the sync lifecycle reports it; no db is current).
  const noDb = useCurrentDb((s) => s.db === null);
  const syncFailed = useSyncStore((s) => s.status === 'error');
  const openFailed = noDb && syncFailed;
  const [generating, setGenerating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [automationId, setAutomationId] = useState<string | null>(null);

  if (openFailed) return <TasksLoadError />;
  if (tasks === undefined) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('tasks.loading')} showLabel className="[&_svg]:size-6" />
      </div>
    );
  }
  // Look selections up in the live list, so a dialog never works on a stale copy.
  const editing = tasks.find((task) => task.id === editingId) ?? null;
  const automationTask = tasks.find((task) => task.id === automationId) ?? null;

  const generate = async () => {
    setGenerating(true);
    await generateDefaultTasks();
    setGenerating(false);
  };

  if (tasks.length === 0) {
    return (
      <EmptyState
        icon={<ListChecks />}
        title={t('tasks.empty.title')}
        description={t('tasks.empty.description')}
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="accent" onClick={generate} disabled={generating}>
              <Wand2 aria-hidden="true" />
              {generating ? t('tasks.generating') : t('tasks.generateDefaults')}
            </Button>
            <Button variant="outline" onClick={onAdd}>
              <Plus aria-hidden="true" />
              {t('tasks.add')}
            </Button>
          </div>
        }
      />
    );
  }

  const renderTask = (task: SurvivorTask) => (
    <TaskCard
      task={task}
      onEdit={() => setEditingId(task.id)}
      onDelete={() => void deleteTask(task)}
      onGenerate={() => setAutomationId(task.id)}
      onStatusChange={(status) => setTaskStatus(task, status)}
    />
  );

  return (
    <>
      <TaskBoard tasks={tasks} renderTask={renderTask} />
      {editing && (
        <TaskFormDialog
          key={editing.id}
          open
          onOpenChange={(open) => !open && setEditingId(null)}
          mode="edit"
          task={editing}
          onSave={async (write) => {
            const ok = await runTaskWrite(write, UPDATE_TOASTS());
            if (ok) setEditingId(null); // SPEC.md §4: edit closes and clears the selected task
            return ok;
          }}
        />
      )}
      <AutomationDialog task={automationTask} onClose={() => setAutomationId(null)} onSave={appendAutomationStep} />
    </>
  );
}

export default function SurvivorTasksPage() {
  useTasksMessages();
  const { t } = useT();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('tasks.add')}
          </Button>
        }
      />
      <RestoreDeletedNotice collection="survivorTasks" />
      <TasksErrorBoundary>
        <TaskScreenBody onAdd={() => setAdding(true)} />
      </TasksErrorBoundary>
      <TaskFormDialog
        open={adding}
        onOpenChange={setAdding}
        mode="add"
        onSave={async (write) => {
          const ok = await runTaskWrite(write, CREATE_TOASTS());
          if (ok) setAdding(false);
          return ok;
        }}
      />
    </>
  );
}
