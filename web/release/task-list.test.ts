/**
 * What the trustee's page says about the family's tasks (task-list.ts): grouped by when as the
 * owner's screen groups them, "Done by <who> on <date and time>" in the reader's own time zone
 * (never UTC), "another trustee" for a name the page cannot read, and the binder's ticks from the
 * family's marks. Also the page's date of a bare delivery day (dom.ts).
 */
import { describe, expect, it } from 'vitest';
import type { BinderRecords, PageTask, TaskMark } from '../../shared/release/pages';
import { dateText } from './dom';
import { doneByText, marksOf, noTimeframeLabel, tasksByWhen, withFamilyProgress } from './task-list';

const task = (id: string, timeframe: string, priority: number, over: Partial<PageTask> = {}): PageTask => ({
  id, title: `Task ${id}`, description: 'What to do, in plain words.', category: 'other', timeframe: timeframe as PageTask['timeframe'],
  priority, automationLevel: 'manual-with-guidance', resources: [], automationSteps: [], done: false, ...over,
});
const mark = (taskId: string, at: string, over: Partial<TaskMark> = {}): TaskMark => ({ taskId, trusteeId: 'tr-1', at, mine: false, name: null, ...over });

describe("the trustee's task list", () => {
  it('groups by when, in the owner screen’s order and words, most urgent first; an unreadable timeframe comes last', () => {
    const groups = tasksByWhen([task('a', '1m', 3), task('b', '24h', 2), task('c', '24h', 1), task('d', '(could not be opened)', 1), task('e', '1w', 1)]);
    expect(groups.map((g) => [g.label, g.tasks.map((t) => t.id)])).toEqual([
      ['Within 24 hours', ['c', 'b']],
      ['Within 1 week', ['e']],
      ['Within 1 month', ['a']],
      [noTimeframeLabel(), ['d']],
    ]);
  });

  it('says who and when in the reader’s time zone: you, a name, or another trustee', () => {
    // 23:30 UTC on 26 November is already the 27th in Auckland, still the 26th in Los Angeles.
    const at = '2026-11-26T23:30:00.000Z';
    expect(doneByText([mark('t', at, { mine: true })], 'Pacific/Auckland')).toBe('Done by you on November 27, 2026 at 12:30 PM GMT+13');
    expect(doneByText([mark('t', at, { name: 'Grace Hopper' })], 'America/Los_Angeles')).toBe('Done by Grace Hopper on November 26, 2026 at 3:30 PM PST');
    expect(doneByText([mark('t', at)], 'UTC')).toBe('Done by another trustee on November 26, 2026 at 11:30 PM UTC');
    expect(doneByText([mark('t', at, { mine: true }), mark('t', '2026-11-27T08:00:00.000Z', { name: 'Milo' })], 'UTC')).toBe(
      'Done by you on November 26, 2026 at 11:30 PM UTC, and by Milo on November 27, 2026 at 8:00 AM UTC',
    );
    expect(doneByText([], 'UTC')).toBeNull();
    expect(marksOf([mark('b', at), mark('a', '2026-11-27T00:00:00.000Z'), mark('a', at)], 'a').map((m) => m.at)).toEqual([at, '2026-11-27T00:00:00.000Z']);
  });

  it('a bare delivery day is that day wherever it is read; a moment is the reader’s day', () => {
    expect(dateText('2026-12-25', 'America/Los_Angeles')).toBe('December 25, 2026');
    expect(dateText('2026-12-25T03:00:00.000Z', 'America/Los_Angeles')).toBe('December 24, 2026');
  });

  it('the binder prints the tasks the family marked done ticked, the others as the owner left them', () => {
    const t = (id: string, completionStatus: 'completed' | 'not-started') => ({ id, completionStatus }) as BinderRecords['survivorTasks'][number];
    const binder = { survivorTasks: [t('a', 'not-started'), t('b', 'completed'), t('c', 'not-started')] } as BinderRecords;
    const out = withFamilyProgress(binder, [mark('a', '2026-11-26T10:00:00.000Z')]);
    expect(out.survivorTasks.map((x) => x.completionStatus)).toEqual(['completed', 'completed', 'not-started']);
    expect(binder.survivorTasks[0]!.completionStatus).toBe('not-started'); // not changed in place
  });
});
