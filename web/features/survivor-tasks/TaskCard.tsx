/**
 * One survivor task (SPEC.md §2 "Task card"), collapsed to its title on first sight so that a
 * family can read the whole guide on a phone (issue "Promises kept", finding 4): the status circle
 * (a button that marks it done or not done), title, 'Priority N' badge (SPEC.md §9 colours) and
 * timeframe; "Details" opens the description, the automation level with hyphens as spaces and in
 * plain words, the Resources and Automation steps lists, Edit, Delete, 'Generate Automation
 * Content' and the status dropdown that saves at once. A task only survivors can do
 * (shared/task-roles.ts) has no completion control here, and no circle that would look like one:
 * a quiet "for your family" marker stands in its place. Automation steps keep their line breaks
 * and are rendered as text, never HTML.
 */
import { useId, useState } from 'react';
import { CheckCircle2, ChevronDown, Circle, Clock, Sparkles, Users } from 'lucide-react';
import { survivorsOnly } from '../../../shared/task-roles';
import { PRIORITY_COLORS } from '../../../shared/labels';
import { COMPLETION_STATUSES, type CompletionStatus, type SurvivorTask } from '../../../shared/schema/survivor-task';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CardActions } from '../../ui/CardGrid';
import { usePendingValue } from '../../ui/pending-value';
import { Select } from '../../ui/Select';
import { useT } from '../../i18n/i18n';
import { useTasksMessages } from './messages';

/** SPEC.md §2: the status icon (lucide Circle / Clock / CheckCircle2). */
function StatusIcon({ status }: { status: CompletionStatus }) {
  const { t } = useT();
  const label = t(`tasks.status.${status}`);
  if (status === 'completed') return <CheckCircle2 role="img" aria-label={label} className="size-6 shrink-0 text-green-700" />;
  if (status === 'in-progress') return <Clock role="img" aria-label={label} className="size-6 shrink-0 text-amber-600" />;
  return <Circle role="img" aria-label={label} className="size-6 shrink-0 text-slate-400" />;
}

function ItemList({ title, items, ordered }: { title: string; items: readonly string[]; ordered?: boolean }) {
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      <List className={`mt-1 flex flex-col gap-1 ps-5 text-sm text-slate-700 ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item, i) => (
          <li key={`${i}-${item}`} className="break-words whitespace-pre-wrap">
            {item}
          </li>
        ))}
      </List>
    </div>
  );
}

export interface TaskCardProps {
  task: SurvivorTask;
  onEdit: () => void;
  onDelete: () => void;
  onGenerate: () => void;
  /** Saves the status; resolves false on failure. The card shows the new status at once (usePendingValue). */
  onStatusChange: (status: CompletionStatus) => Promise<boolean>;
}


export function TaskCard({ task, onEdit, onDelete, onGenerate, onStatusChange }: TaskCardProps) {
  useTasksMessages();
  const { t } = useT();
  const statusOptions = COMPLETION_STATUSES.map((value) => ({ value, label: t(`tasks.status.${value}`) }));
  const [status, chooseStatus] = usePendingValue(task.completionStatus);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const done = status === 'completed';
  // Only the survivors can do it (shared/task-roles.ts): no completion control for the owner.
  const forFamily = survivorsOnly(task);
  return (
    <Card className="flex h-full flex-col" data-testid="task-card">
      <div className="flex items-start gap-3 p-4">
        {forFamily ? (
          // Not a circle: nothing here for the owner to tap (issue "Promises kept", finding 4).
          <Users role="img" aria-label={t('tasks.forFamily')} className="mx-0.5 mt-0.5 size-5 shrink-0 text-slate-500" />
        ) : (
          <button
            type="button"
            aria-pressed={done}
            aria-label={t(done ? 'tasks.markNotDone' : 'tasks.markDone', { title: task.title })}
            onClick={() => chooseStatus(done ? 'not-started' : 'completed', onStatusChange)}
            className="-m-2.5 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <StatusIcon status={status} />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className={`leading-snug font-semibold break-words text-slate-900 ${done ? 'line-through decoration-slate-400' : ''}`}>{task.title}</h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <Badge color={PRIORITY_COLORS[task.priority as 1 | 2 | 3 | 4 | 5]}>{t('tasks.priorityBadge', { n: task.priority })}</Badge>
            <span>{t(`tasks.when.${task.timeframe}`)}</span>
            {forFamily && <span className="text-slate-700">{t('tasks.forFamilyAfter')}</span>}
          </div>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={t(open ? 'tasks.hideDetailsOf' : 'tasks.detailsOf', { title: task.title })}
          onClick={() => setOpen(!open)}
          className="-m-1 flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-stone-100"
        >
          {open ? t('tasks.hideDetails') : t('tasks.details')}
          <ChevronDown className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div id={detailsId} className="flex flex-1 flex-col">
          <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
            <p className="text-slate-700">{task.description}</p>
            <p className="text-sm text-slate-700">
              {/* SPEC.md §2: the level with hyphens as spaces, then plain words for a family reading it (issue "Promises kept", finding 4). */}
              <span className="inline-block first-letter:uppercase">{t(`tasks.levelLine.${task.automationLevel}`)}</span>
            </p>
            <ItemList title={t('tasks.resources')} items={task.resources} />
            <ItemList title={t('tasks.stepsTitle')} items={task.automationSteps} ordered />
          </div>
          <div className="flex flex-col gap-2 border-t border-stone-200 px-4 py-3">
            <div className="flex items-center gap-1">
              <Select
                aria-label={t('tasks.statusOf', { title: task.title })}
                options={statusOptions}
                value={status}
                disabled={forFamily}
                onValueChange={(v) => chooseStatus(v as CompletionStatus, onStatusChange)}
                className="min-w-0 flex-1"
              />
              <CardActions itemName={t('tasks.itemName', { title: task.title })} onEdit={onEdit} onDelete={onDelete} />
            </div>
            {forFamily && <p className="text-sm text-slate-700">{t('tasks.familyMarks')}</p>}
            <Button variant="outline" size="sm" onClick={onGenerate} className="w-full">
              <Sparkles aria-hidden="true" />
              {t('tasks.generateAutomation')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
