import { describe, expect, it } from 'vitest';
import { COMPLETION_STATUS_LABELS } from './labels';
import { DEFAULT_SURVIVOR_TASKS } from './default-tasks';
import { cardButtonLabel, cardStatus, progressCards, type DashboardData } from './dashboard-cards';

const empty: DashboardData = { plan: null, messages: [], documents: [], survivorTasks: [] };
const plan = { funeralType: null, location: null, burialPreference: null, musicSelections: [], readings: [] };
const message = { recipientEmail: 'ann@example.com', messageContent: 'Dear Ann', deliveryDate: null, file: null };
const ticked = (data: DashboardData) => progressCards(data).flatMap((c) => c.items.filter((i) => i.completed).map((i) => `${c.type}:${i.label}`));

describe('dashboard progress cards (SPEC.md §2 "Dashboard", §4 "Card status")', () => {
  it('lists the four cards in SPEC order with their links', () => {
    const cards = progressCards(empty);
    expect(cards.map((c) => c.title)).toEqual(['After-Death Plan', 'Message Vault', 'Legal Documents', 'Survivor Tasks']);
    expect(cards.map((c) => c.href)).toEqual(['/death-plan', '/message-vault', '/documents', '/survivor-tasks']);
    expect(cards.map((c) => c.type)).toEqual(['death-plan', 'message-vault', 'documents', 'survivor-tasks']);
  });

  it('is not-started everywhere, with nothing ticked, when nothing is stored', () => {
    expect(progressCards(empty).map((c) => c.status)).toEqual(['not-started', 'not-started', 'not-started', 'not-started']);
    expect(ticked(empty)).toEqual([]);
  });

  it('is in-progress for exactly the kind of data that exists', () => {
    expect(cardStatus('death-plan', { ...empty, plan })).toBe('in-progress');
    expect(cardStatus('message-vault', { ...empty, messages: [message] })).toBe('in-progress');
    expect(cardStatus('documents', { ...empty, documents: [{ documentType: 'will' }] })).toBe('in-progress');
    expect(cardStatus('survivor-tasks', { ...empty, survivorTasks: [{ timeframe: '3m', category: 'digital', completionStatus: 'not-started' }] })).toBe('in-progress');
    // Data of one kind does not move another card.
    const withPlan = progressCards({ ...empty, plan });
    expect(withPlan.map((c) => c.status)).toEqual(['in-progress', 'not-started', 'not-started', 'not-started']);
  });

  it('ticks each checklist item from what the person stored (issue "Promises kept": the dashboard tells the truth)', () => {
    expect(ticked({ ...empty, plan: { ...plan, funeralType: 'memorial_service' } })).toEqual(['death-plan:Basic information']);
    expect(ticked({ ...empty, plan: { ...plan, funeralType: 'memorial_service', burialPreference: 'cremation', readings: ['Psalm 23'] } })).toEqual([
      'death-plan:Basic information',
      'death-plan:Funeral and burial preferences',
      'death-plan:Music and readings',
    ]);
    expect(ticked({ ...empty, messages: [message] })).toEqual(['message-vault:Choose your recipients', 'message-vault:Write your first message']);
    expect(ticked({ ...empty, messages: [message, { ...message, deliveryDate: '2027-12-25T00:00:00.000Z' }] })).toContain('message-vault:Set a delivery date');
    expect(ticked({ ...empty, documents: [{ documentType: 'insurance' }, { documentType: 'financial' }] })).toEqual(['documents:Insurance policies', 'documents:Financial accounts']);
    const done = 'completed' as const;
    expect(ticked({ ...empty, survivorTasks: [{ timeframe: '24h', category: 'immediate', completionStatus: done }, { timeframe: '1m', category: 'legal', completionStatus: done }] })).toEqual([
      'survivor-tasks:First 24 hours',
      'survivor-tasks:Financial and legal steps',
    ]);
  });

  it('counts survivor tasks that are done, not tasks that exist (issue 38 item 8: 36 generated tasks are not "Completed")', () => {
    const generated = DEFAULT_SURVIVOR_TASKS.map(({ timeframe, category, completionStatus }) => ({ timeframe, category, completionStatus }));
    const cards = (tasks: DashboardData['survivorTasks']) => progressCards({ ...empty, survivorTasks: tasks }).find((c) => c.type === 'survivor-tasks')!;
    const fresh = cards(generated);
    expect(fresh.status).toBe('in-progress');
    expect(fresh.items.filter((i) => i.completed)).toEqual([]);
    expect(fresh.count).toEqual({ done: 0, total: generated.length });
    // Every task of the first 24 hours done, one of the rest in progress: only that item is ticked.
    const firstDay = generated.map((t) => (t.timeframe === '24h' ? { ...t, completionStatus: 'completed' as const } : t));
    firstDay[firstDay.length - 1] = { ...firstDay[firstDay.length - 1]!, completionStatus: 'in-progress' };
    const day = cards(firstDay);
    expect(day.items.filter((i) => i.completed).map((i) => i.label)).toEqual(['First 24 hours']);
    expect(day.count).toEqual({ done: generated.filter((t) => t.timeframe === '24h').length, total: generated.length });
    expect(day.status).toBe('in-progress');
    // Completed only once every task is done: the three items ticked with one digital task left is not.
    const allButDigital = generated.map((t) => ({ ...t, completionStatus: t.category === 'digital' ? ('not-started' as const) : ('completed' as const) }));
    expect(cards(allButDigital).items.every((i) => i.completed)).toBe(true);
    expect(cards(allButDigital).status).toBe('in-progress');
    const all = cards(generated.map((t) => ({ ...t, completionStatus: 'completed' as const })));
    expect(all.status).toBe('completed');
    expect(all.count).toEqual({ done: generated.length, total: generated.length });
    // The other cards count nothing.
    expect(progressCards(empty).filter((c) => c.count !== undefined).map((c) => c.type)).toEqual(['survivor-tasks']);
  });

  it('is completed when every item of its checklist is done', () => {
    const full: DashboardData = {
      plan: { ...plan, funeralType: 'memorial_service', burialPreference: 'cremation', musicSelections: ['Abide with Me'] },
      messages: [{ ...message, deliveryDate: '2027-12-25T00:00:00.000Z' }],
      documents: [{ documentType: 'will' }, { documentType: 'insurance' }, { documentType: 'financial' }],
      survivorTasks: [
        { timeframe: '24h', category: 'immediate', completionStatus: 'completed' },
        { timeframe: '1m', category: 'financial', completionStatus: 'completed' },
        { timeframe: '1w', category: 'memorial', completionStatus: 'completed' },
      ],
    };
    expect(progressCards(full).map((c) => c.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(cardStatus('documents', { ...full, documents: [{ documentType: 'will' }] })).toBe('in-progress');
  });

  it("reads 'Start Now' when not started and 'Continue Plan' otherwise", () => {
    expect(cardButtonLabel('not-started')).toBe('Start Now');
    expect(cardButtonLabel('in-progress')).toBe('Continue Plan');
    expect(cardButtonLabel('completed')).toBe('Continue Plan');
  });

  it('has three checklist items per card', () => {
    for (const card of progressCards(empty)) expect(card.items).toHaveLength(3);
  });

  it('has badge labels for every status', () => {
    expect(COMPLETION_STATUS_LABELS).toEqual({ 'not-started': 'Not Started', 'in-progress': 'In Progress', completed: 'Completed' });
  });
});
