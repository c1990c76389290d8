/**
 * The tabs of the Survivor Tasks screen (SPEC.md §2): All Tasks, Not Started, In Progress,
 * Completed, and one per category present in the data, each with a count badge. The All tab
 * groups tasks by when they are due ("Within 24 hours" first; SPEC.md grouped them by category,
 * which the category tabs still do), most urgent first within each (shared/task-grouping.ts); a
 * status tab with nothing says 'No {status} tasks'.
 */
import { type ReactNode, useState } from 'react';
import { COMPLETION_STATUSES, TIMEFRAMES, type SurvivorTask } from '../../../shared/schema/survivor-task';
import { arrangeTasks } from '../../../shared/task-grouping';
import { cardGridClasses } from '../../ui/CardGrid';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { ShareButton } from '../sharing';
import { useT } from '../../i18n/i18n';
import { useTasksMessages } from './messages';

export interface TaskBoardProps {
  tasks: readonly SurvivorTask[];
  renderTask: (task: SurvivorTask) => ReactNode;
}

function TaskGrid({ tasks, label, renderTask }: { tasks: readonly SurvivorTask[]; label: string; renderTask: TaskBoardProps['renderTask'] }) {
  return (
    <ul aria-label={label} className={cardGridClasses}>
      {tasks.map((task) => (
        <li key={task.id} className="flex min-w-0 [&>*]:w-full">
          {renderTask(task)}
        </li>
      ))}
    </ul>
  );
}

export function TaskBoard({ tasks, renderTask }: TaskBoardProps) {
  useTasksMessages();
  const { t } = useT();
  const statusLabel = (s: (typeof COMPLETION_STATUSES)[number]) => t(`tasks.status.${s}`);
  const categoryLabel = (c: SurvivorTask['category']) => t(`tasks.category.${c}`);
  const { byStatus, categories, counts, sorted } = arrangeTasks(tasks);
  // The All tab by when they are due (issue "Promises kept", finding 4: what a family needs first,
  // first); within each, most urgent first. Categories keep their own tabs.
  const byWhen = TIMEFRAMES.map((timeframe) => ({ timeframe, tasks: sorted.filter((task) => task.timeframe === timeframe) })).filter((g) => g.tasks.length > 0);
  const [tab, setTab] = useState('all');
  // A category tab disappears with its last task: then show All.
  const current = tab.startsWith('category-') && !categories.some((c) => `category-${c}` === tab) ? 'all' : tab;
  return (
    <Tabs value={current} onValueChange={setTab}>
      <TabsList aria-label={t('tasks.filter')}>
        <TabsTrigger value="all" count={counts.all}>
          {t('tasks.tab.all')}
        </TabsTrigger>
        {COMPLETION_STATUSES.map((s) => (
          <TabsTrigger key={s} value={s} count={counts[s]}>
            {statusLabel(s)}
          </TabsTrigger>
        ))}
        {categories.map((c) => (
          <TabsTrigger key={c} value={`category-${c}`} count={counts[c]}>
            {categoryLabel(c)}
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="all" className="flex flex-col gap-8">
        {byWhen.map((g) => (
          <section key={g.timeframe} aria-labelledby={`when-${g.timeframe}`}>
            <h2 id={`when-${g.timeframe}`} className="mb-3 flex items-baseline gap-2 font-serif text-xl font-semibold text-slate-900">
              {t(`tasks.when.${g.timeframe}`)}
              <span className="font-sans text-sm font-normal text-slate-600">{t('tasks.count', { n: g.tasks.length })}</span>
            </h2>
            <TaskGrid tasks={g.tasks} label={t('tasks.listOf', { name: t(`tasks.when.${g.timeframe}`) })} renderTask={renderTask} />
          </section>
        ))}
      </TabsContent>

      {COMPLETION_STATUSES.map((s) => (
        <TabsContent key={s} value={s}>
          <h2 className="sr-only">{t('tasks.statusTasks', { status: statusLabel(s) })}</h2>
          {byStatus[s].length === 0 ? (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-slate-600">
              {t(`tasks.none.${s}`)}
            </p>
          ) : (
            <TaskGrid tasks={byStatus[s]} label={t('tasks.statusTasks', { status: statusLabel(s) })} renderTask={renderTask} />
          )}
        </TabsContent>
      ))}

      {categories.map((c) => (
        <TabsContent key={c} value={`category-${c}`}>
          <h2 className="sr-only">{t('tasks.statusTasks', { status: categoryLabel(c) })}</h2>
          <ShareButton className="mb-3" item={{ kind: 'task-list', id: c }} title={t('tasks.shareTitle', { category: categoryLabel(c) })} />
          <TaskGrid tasks={sorted.filter((task) => task.category === c)} label={t('tasks.statusTasks', { status: categoryLabel(c) })} renderTask={renderTask} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
