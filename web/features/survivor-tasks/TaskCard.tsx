/**
 * One survivor task (SPEC.md §2 "Task card"): status icon, title, 'Priority N' badge (SPEC.md §9
 * colours), timeframe label, automation level with hyphens as spaces, the Resources and
 * Automation steps lists, Edit, Delete, 'Generate Automation Content', and a status dropdown that
 * saves at once. Automation steps keep their line breaks (generated content is multi-line) and
 * are rendered as text, never HTML.
 */
import { CheckCircle2, Circle, Clock, Sparkles } from 'lucide-react';
import { COMPLETION_STATUS_LABELS, PRIORITY_COLORS, TIMEFRAME_LABELS } from '../../../shared/labels';
import type { CompletionStatus, SurvivorTask } from '../../../shared/schema/survivor-task';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CardActions } from '../../ui/CardGrid';
import { usePendingValue } from '../../ui/pending-value';
import { Select } from '../../ui/Select';
import { automationLevelText } from './task-form';

const statusOptions = Object.entries(COMPLETION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** SPEC.md §2: the status icon (lucide Circle / Clock / CheckCircle2). */
function StatusIcon({ status }: { status: CompletionStatus }) {
  const label = COMPLETION_STATUS_LABELS[status];
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
      <List className={`mt-1 flex flex-col gap-1 pl-5 text-sm text-slate-700 ${ordered ? 'list-decimal' : 'list-disc'}`}>
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
  const [status, chooseStatus] = usePendingValue(task.completionStatus);
  const done = status === 'completed';
  return (
    <Card className="flex h-full flex-col" data-testid="task-card">
      <div className="flex items-start gap-3 p-5 pb-3">
        <StatusIcon status={status} />
        <div className="min-w-0 flex-1">
          <h3 className={`text-lg leading-snug font-semibold break-words text-slate-900 ${done ? 'line-through decoration-slate-400' : ''}`}>{task.title}</h3>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <Badge color={PRIORITY_COLORS[task.priority as 1 | 2 | 3 | 4 | 5]}>Priority {task.priority}</Badge>
            <span>{TIMEFRAME_LABELS[task.timeframe]}</span>
            <span className="inline-block first-letter:uppercase">{automationLevelText(task.automationLevel)}</span>
          </div>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pb-4">
        <p className="text-slate-700">{task.description}</p>
        <ItemList title="Resources" items={task.resources} />
        <ItemList title="Automation steps" items={task.automationSteps} ordered />
      </div>
      <div className="flex flex-col gap-2 border-t border-stone-200 px-4 py-3">
        <div className="flex items-center gap-1">
          <Select
            aria-label={`Status of ${task.title}`}
            options={statusOptions}
            value={status}
            onValueChange={(v) => chooseStatus(v as CompletionStatus, onStatusChange)}
            className="min-w-0 flex-1"
          />
          <CardActions itemName={`task ${task.title}`} onEdit={onEdit} onDelete={onDelete} />
        </div>
        <Button variant="outline" size="sm" onClick={onGenerate} className="w-full">
          <Sparkles aria-hidden="true" />
          Generate Automation Content
        </Button>
      </div>
    </Card>
  );
}
