import { describe, expect, it } from 'vitest';
import type { ShareJson } from './share-client';
import type { OwnerEmergencyRequest } from '../../../shared/schema/kits';
import { afterDeathReach, emergencyEvents, letterReach, timelineEvents } from './timeline';

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

  it('every emergency request and every opening of it (issue 43 "The owner always knows"): asked, refused, granted, the key handed out, opened by the page, ended, withdrawn, by the trustee\'s name', () => {
    const request = (id: string, over: Partial<OwnerEmergencyRequest>): OwnerEmergencyRequest => ({
      id, trusteeId: 't1', phase: 'requested', waitHours: 48, requestedAt: '2026-11-01T10:00:00.000Z', waitEndsAt: null, decidedAt: null, grantedAt: null, endedAt: null, openings: [], ...over,
    });
    const requests = [
      request('r3', { phase: 'ended', requestedAt: '2026-11-10T10:00:00.000Z', waitEndsAt: '2026-11-12T10:00:00.000Z', grantedAt: '2026-11-12T10:00:00.000Z', decidedAt: '2026-11-13T10:00:00.000Z', endedAt: '2026-11-13T10:00:00.000Z', openings: ['2026-11-12T11:00:00.000Z', '2026-11-12T10:30:00.000Z'], openedAt: '2026-11-12T10:31:00.000Z' }),
      request('r2', { trusteeId: 't2', phase: 'refused', requestedAt: '2026-11-05T10:00:00.000Z', decidedAt: '2026-11-05T12:00:00.000Z' }),
      request('r1', { trusteeId: 'gone', phase: 'withdrawn', decidedAt: '2026-11-02T10:00:00.000Z' }),
    ];
    const names: Record<string, string> = { t1: 'Maria', t2: 'Bert' };
    const events = emergencyEvents(requests, (id) => names[id] ?? null);
    expect(events.map((e) => [e.what, e.at.slice(0, 16), e.text])).toEqual([
      ['ended', '2026-11-13T10:00', 'Emergency access for Maria ended. From then on they open nothing new.'],
      ['served', '2026-11-12T11:00', 'Maria was handed the key to what you marked for emergencies.'],
      ['opened', '2026-11-12T10:31', 'Maria opened what you marked for emergencies.'], // the page's own word (POST /api/kit/:token/emergency/opened)
      ['served', '2026-11-12T10:30', 'Maria was handed the key to what you marked for emergencies.'],
      ['granted', '2026-11-12T10:00', "Maria's wait ended and nobody refused: they could open what you marked for emergencies."],
      ['asked', '2026-11-10T10:00', 'Maria asked for emergency access.'],
      ['refused', '2026-11-05T12:00', "You refused Bert's request for emergency access. Nothing was opened."],
      ['asked', '2026-11-05T10:00', 'Bert asked for emergency access.'],
      ['withdrawn', '2026-11-02T10:00', "A former trustee's request for emergency access ended unopened: they were no longer your trustee."],
      ['asked', '2026-11-01T10:00', 'A former trustee asked for emergency access.'],
    ]);
    // The share events and these, in one timeline, newest first.
    const merged = timelineEvents([share('a', { createdAt: '2026-11-06T10:00:00.000Z' })], new Map(), () => 'Last Will', events);
    expect(merged.map((e) => e.what).slice(6, 9)).toEqual(['made', 'refused', 'asked']);
  });
});
