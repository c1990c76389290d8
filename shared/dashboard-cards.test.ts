import { describe, expect, it } from 'vitest';
import { COMPLETION_STATUS_LABELS } from './labels';
import { cardButtonLabel, cardStatus, progressCards, type DashboardData } from './dashboard-cards';

const empty: DashboardData = { hasDeathPlan: false, messageCount: 0, documentCount: 0, survivorTaskCount: 0 };

describe('dashboard progress cards (SPEC.md §2 "Dashboard", §4 "Card status")', () => {
  it('lists the four cards in SPEC order with their links', () => {
    const cards = progressCards(empty);
    expect(cards.map((c) => c.title)).toEqual(['After-Death Plan', 'Message Vault', 'Legal Documents', 'Survivor Tasks']);
    expect(cards.map((c) => c.href)).toEqual(['/death-plan', '/message-vault', '/documents', '/survivor-tasks']);
    expect(cards.map((c) => c.type)).toEqual(['death-plan', 'message-vault', 'documents', 'survivor-tasks']);
  });

  it('is not-started everywhere when nothing is stored', () => {
    expect(progressCards(empty).map((c) => c.status)).toEqual(['not-started', 'not-started', 'not-started', 'not-started']);
  });

  it('is in-progress for exactly the kind of data that exists', () => {
    expect(cardStatus('death-plan', { ...empty, hasDeathPlan: true })).toBe('in-progress');
    expect(cardStatus('message-vault', { ...empty, messageCount: 1 })).toBe('in-progress');
    expect(cardStatus('documents', { ...empty, documentCount: 3 })).toBe('in-progress');
    expect(cardStatus('survivor-tasks', { ...empty, survivorTaskCount: 12 })).toBe('in-progress');
    // Data of one kind does not move another card.
    const withPlan = progressCards({ ...empty, hasDeathPlan: true });
    expect(withPlan.map((c) => c.status)).toEqual(['in-progress', 'not-started', 'not-started', 'not-started']);
  });

  it('never derives completed', () => {
    const full: DashboardData = { hasDeathPlan: true, messageCount: 99, documentCount: 99, survivorTaskCount: 99 };
    expect(progressCards(full).every((c) => c.status === 'in-progress')).toBe(true);
  });

  it("reads 'Start Now' when not started and 'Continue Plan' otherwise", () => {
    expect(cardButtonLabel('not-started')).toBe('Start Now');
    expect(cardButtonLabel('in-progress')).toBe('Continue Plan');
    expect(cardButtonLabel('completed')).toBe('Continue Plan');
  });

  it("has three checklist items per card, only the death plan's 'Basic information' complete", () => {
    const cards = progressCards(empty);
    for (const card of cards) expect(card.items).toHaveLength(3);
    const done = cards.flatMap((c) => c.items.filter((i) => i.completed).map((i) => `${c.type}:${i.label}`));
    expect(done).toEqual(['death-plan:Basic information']);
  });

  it('returns fresh items each call (a caller cannot change the next result)', () => {
    const first = progressCards(empty);
    first[1]!.items[0]!.completed = true;
    expect(progressCards(empty)[1]!.items[0]!.completed).toBe(false);
  });

  it('has badge labels for every status', () => {
    expect(COMPLETION_STATUS_LABELS).toEqual({ 'not-started': 'Not Started', 'in-progress': 'In Progress', completed: 'Completed' });
  });
});
