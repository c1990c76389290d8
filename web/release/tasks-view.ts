/**
 * The family's tasks on a full-access trustee's page (DESIGN.md §8; task-list.ts says what it
 * shows): grouped by when, each collapsed to its title (a native <details>: a screen reader hears
 * "collapsed" / "expanded") with its guidance and what the owner wrote inside, and a done control
 * at the title. The control is a plain form posting `done=yes|no` to the token's API
 * (sync-server/release/task-marks.ts), so it works without JavaScript (the server answers 303 back
 * to the page); with JavaScript it posts in the background, updates the task in place, says so in
 * the page's status line and offers Undo.
 */
import { defaultTaskSlug } from '../../shared/default-tasks';
import type { PageTask, TaskMark, TrusteePageData } from '../../shared/release/pages';
import { h, say } from './dom';
import { doneByText, marksOf, tasksByWhen } from './task-list';
import { t } from './words';

/** The page's live list of marks, shared with the binder's button (it prints the family's progress). */
export interface MarksState {
  list: TaskMark[];
}

/** What the server answers a task form asked for JSON (task-marks.ts). */
interface MarkAnswer {
  taskId: string;
  done: boolean;
  marks: TaskMark[];
}

/** Shown when a task's new state could not be saved (in the page's language, words.ts). */
export const taskSaveFailed = () => t('releasePage.trustee.tasks.saveFailed');

/** The tasks section of `data` (full access), its forms posting under `api`; `marks` is updated as tasks are marked. */
export function tasksSection(data: TrusteePageData, api: string, marks: MarksState): Node {
  const tasks = data.tasks ?? [];
  const heading = h('h2', { id: 'tasks' }, t('releasePage.trustee.tasks.heading'));
  if (tasks.length === 0) return h('section', { 'aria-labelledby': 'tasks' }, heading, h('p', {}, t('releasePage.trustee.tasks.none')));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const count = h('p', { class: 'muted' });
  const updateCount = () => {
    const done = tasks.filter((t) => marksOf(marks.list, t.id).length > 0).length;
    count.textContent = t('releasePage.trustee.tasks.count', { done, total: tasks.length });
  };
  updateCount();

  /**
   * Posts `done` for `task` (pressed on `button`); on success replaces its item (Undo offered after
   * "done"), says so, and puts the focus back on the task's done control.
   */
  async function post(task: PageTask, done: boolean, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    let answer: MarkAnswer | null = null;
    try {
      const res = await fetch(`${api}/tasks/${encodeURIComponent(task.id)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ done: done ? 'yes' : 'no' }).toString(),
      });
      if (res.ok) answer = (await res.json()) as MarkAnswer;
    } catch {
      // offline: said below
    }
    button.disabled = false;
    if (!answer) return say(taskSaveFailed(), 'error');
    marks.list = [...marks.list.filter((m) => m.taskId !== task.id), ...answer.marks];
    const old = list.querySelector<HTMLElement>(`li[data-task="${CSS.escape(task.id)}"]`);
    const wasOpen = old?.querySelector('details')?.open ?? false;
    const fresh = item(task, answer.done, wasOpen);
    old?.replaceWith(fresh);
    updateCount();
    say(t(answer.done ? 'releasePage.trustee.tasks.markedDone' : 'releasePage.trustee.tasks.markedNotDone', { title: task.title }));
    fresh.querySelector<HTMLElement>('.tick button')?.focus();
  }

  /** One task: the done control, the title (collapsed guidance), and who marked it done. `undo` offers Undo. */
  const item = (task: PageTask, undo: boolean, open: boolean): HTMLElement => {
    const mine = marksOf(marks.list, task.id);
    const done = mine.length > 0;
    const tick = h(
      'form',
      { class: 'tick', method: 'post', action: `${api}/tasks/${encodeURIComponent(task.id)}` },
      h('input', { type: 'hidden', name: 'done', value: done ? 'no' : 'yes' }),
      h('button', { type: 'submit', class: done ? 'circle done' : 'circle', 'aria-label': t(done ? 'releasePage.trustee.tasks.markNotDone' : 'releasePage.trustee.tasks.markDone', { title: task.title }) }, h('span', { 'aria-hidden': 'true' }, done ? '✓' : '')),
    );
    const by = doneByText(mine);
    const undoForm = undo
      ? h(
          'form',
          { class: 'undo inline', method: 'post', action: `${api}/tasks/${encodeURIComponent(task.id)}` },
          h('input', { type: 'hidden', name: 'done', value: 'no' }),
          ' ',
          h('button', { type: 'submit', class: 'link', 'aria-label': t('releasePage.trustee.tasks.undoLabel', { title: task.title }) }, t('releasePage.trustee.tasks.undo')),
        )
      : null;
    const details = h(
      'details',
      {},
      // The state is heard with the title; seen as the tick, the struck title and "Done".
      h('summary', {}, h('span', { class: done ? 'title done' : 'title' }, task.title), ' ', h('span', { class: done ? 'state' : 'sr-only' }, t(done ? 'releasePage.trustee.tasks.done' : 'releasePage.trustee.tasks.notDone'))),
      guidance(task, data.ownerFirstName),
    );
    details.open = open;
    return h('li', { class: 'task', 'data-task': task.id }, h('div', { class: 'row' }, tick, details), by ? h('p', { class: 'by' }, by, undoForm) : null);
  };

  const groups = tasksByWhen(tasks);
  const list = h(
    'div',
    {},
    groups.map((g) =>
      h(
        'section',
        { 'aria-labelledby': `when-${g.key}` },
        h('h3', { id: `when-${g.key}` }, g.label, ' ', h('span', { class: 'muted count' }, t('releasePage.trustee.tasks.groupCount', { n: g.tasks.length }))),
        h('ul', { class: 'tasks', 'aria-label': t('releasePage.trustee.tasks.groupLabel', { label: g.label }) }, g.tasks.map((t) => item(t, false, false))),
      ),
    ),
  );
  // With JavaScript the forms post in the background (without, they post and come back).
  list.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    const li = form.closest<HTMLElement>('li[data-task]');
    const task = li && byId.get(li.dataset.task!);
    const button = form.querySelector('button');
    if (!task || !button) return;
    e.preventDefault();
    const done = (form.elements.namedItem('done') as HTMLInputElement).value === 'yes';
    void post(task, done, button);
  });
  return h('section', { 'aria-labelledby': 'tasks' }, heading, count, list);
}

/** A task's guidance as the owner's screen shows it, in plain words; for a task the owner wrote, said to be theirs. */
function guidance(task: PageTask, ownerFirstName: string): Node {
  const own = defaultTaskSlug(task.id) === null;
  const list = (title: string, items: readonly string[], ordered: boolean) =>
    items.length === 0 ? null : [h('h4', {}, title), h(ordered ? 'ol' : 'ul', {}, items.map((i) => h('li', {}, i)))];
  return h(
    'div',
    { class: 'guide' },
    own ? h('p', { class: 'muted' }, t('releasePage.trustee.ownerWrote', { ownerFirstName })) : null,
    h('p', { class: 'text' }, task.description),
    list(t('releasePage.trustee.tasks.steps'), task.automationSteps, true),
    list(t('releasePage.trustee.tasks.youMayNeed'), task.resources, false),
    task.done ? h('p', { class: 'muted' }, t('releasePage.trustee.tasks.ownerDone', { ownerFirstName })) : null,
  );
}
