import { describe, expect, it } from 'vitest';
import type { ShareJson } from './share-client';
import { afterDeathReach, letterReach, timelineEvents } from './timeline';

const share = (id: string, over: Partial<ShareJson>): ShareJson => ({
  id,
  itemKind: 'document',
  itemId: 'd1',
  phase: 'active',
  revision: 1,
  ownerKid: 'docs~1',
  ownerWrap: 'w1.x',
  label: 's1.x',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  openedAt: null,
  stoppedAt: null,
  ...over,
});

describe('the owner always knows', () => {
  it('a trustee reads after death what their access level covers, and never the rest', () => {
    expect(afterDeathReach('full', 'plan-section')).toBe('after-death');
    expect(afterDeathReach('full', 'trustee')).toBe('after-death');
    expect(afterDeathReach('documents-only', 'document')).toBe('after-death');
    expect(afterDeathReach('documents-only', 'task-list')).toBe('never');
    expect(afterDeathReach('messages-only', 'document')).toBe('never');
  });

  it('a letter: the trustees the owner chose to hand it over read it after death, no other (security review of session 21, finding 4)', () => {
    const handed = { delivery: { mode: 'trustee' as const, trustees: ['t1'] } };
    expect(letterReach(handed, 't1')).toBe('hands-over');
    expect(letterReach(handed, 't2')).toBe('never');
    expect(letterReach({ delivery: { mode: 'server' as const, trustees: [] } }, 't1')).toBe('never');
    expect(letterReach({ delivery: null }, 't1')).toBe('never');
  });

  it('lists every share made, last opened and stopped, newest first, who and what in words', () => {
    const shares = [
      share('a', { openedAt: '2026-11-03T09:00:00.000Z' }),
      share('b', { itemKind: 'plan-section', itemId: 'music', phase: 'stopped', createdAt: '2026-11-02T10:00:00.000Z', stoppedAt: '2026-11-04T10:00:00.000Z', ownerWrap: null, label: null }),
      share('c', { itemId: 'gone', createdAt: '2026-10-01T10:00:00.000Z' }),
    ];
    const titles: Record<string, string> = { d1: 'Last Will', music: 'My plan: Music' };
    const events = timelineEvents(shares, new Map([['a', 'Maria']]), (s) => titles[s.itemId] ?? null);
    expect(events.map((e) => [e.what, e.at.slice(0, 10), e.text])).toEqual([
      ['stopped', '2026-11-04', 'You stopped sharing "My plan: Music". That link opens nothing now.'],
      ['opened', '2026-11-03', 'Maria last opened "Last Will".'],
      ['made', '2026-11-02', 'You shared "My plan: Music" with someone.'],
      ['made', '2026-11-01', 'You shared "Last Will" with Maria.'],
      ['made', '2026-10-01', 'You shared an item you have since deleted with someone.'],
    ]);
  });
});
