/**
 * The rehearsal's page data (page-data.ts): what each access level's page holds, made from the
 * device's records — never a message's text on a trustee's page (DESIGN.md §8), the names the
 * device holds (a sealed account's page holds the same).
 */
import { describe, expect, it } from 'vitest';
import type { Message, SurvivorTask } from '../../../shared/schema';
import { deliveryStateLine } from '../../../shared/delivery-rule';
import type { RehearsalRecipient } from '../../../shared/schema/release';
import { deliveryPreviewData, rehearsalRoutes, trusteePreviewData, type PreviewRecords } from './page-data';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const message = (id: string, over: Partial<Message> = {}): Message =>
  ({ id, userId: 'u', recipientName: `Name ${id}`, recipientEmail: `${id}@example.com`, messageType: 'text', messageContent: `Secret words ${id}`, deliveryDate: null, file: null, delivered: false, deliveredAt: null, openedAt: null, createdAt: '2026-01-01T00:00:00Z', ...over }) as Message;
const task = (id: string, createdAt: string, done = false) => ({ id, userId: 'u', title: `Task ${id}`, completionStatus: done ? 'completed' : 'not-started', createdAt }) as unknown as SurvivorTask;

const records: PreviewRecords = {
  profile: [{ id: 'u', firstName: 'Margaret', lastName: 'Hale', emergencyContact: null, healthInfo: 'Diabetic; insulin in the fridge.' } as never],
  deathPlan: [{ id: 'u', location: 'Kendal' } as never],
  survivorTasks: [task('a', '2026-01-01T00:00:00Z'), task('b', '2026-02-01T00:00:00Z', true)],
  documents: [{ id: 'd1', documentType: 'will', documentName: 'My will', documentUrl: 'https://example.com/will', file: null } as never],
  messages: [message('bea'), message('carl', { deliveryDate: '2099-06-01T00:00:00+00:00' }), message('dora', { delivered: true, deliveredAt: '2026-11-01T00:00:00Z' })],
  trustees: [],
};

describe('trusteePreviewData', () => {
  it('full: plan, documents, tasks, messages by name and state, never their text; the binder', () => {
    const d = trusteePreviewData(records, 'full', 'Margaret', NOW);
    expect(d).toMatchObject({ ownerName: 'Margaret', level: 'full', plan: { location: 'Kendal' } });
    expect(d.messages!.map((m) => [m.recipientName, m.deliveryDate, m.delivered, m.canResend])).toEqual([
      ['Name bea', null, false, false],
      ['Name carl', '2099-06-01T00:00:00+00:00', false, false],
      ['Name dora', null, true, true],
    ]);
    expect(d.tasks!.map((t) => [t.id, t.title, t.done])).toEqual([['a', 'Task a', false], ['b', 'Task b', true]]);
    expect(d.taskMarks).toEqual([]);
    expect(d.documents).toEqual([{ id: 'd1', documentType: 'will', documentName: 'My will', documentUrl: 'https://example.com/will', originalLocation: null, file: null }]);
    expect(d.binder?.messages).toHaveLength(3);
    // The health information, on the page and in the binder (issue "Promises kept", finding 8).
    expect(d.profile).toEqual({ healthInfo: 'Diabetic; insulin in the fridge.' });
    expect(d.binder?.profile[0]?.healthInfo).toBe('Diabetic; insulin in the fridge.');
    expect(JSON.stringify(d)).not.toContain('Secret words');
  });

  it('documents-only holds documents alone; messages-only messages alone, with resend for delivered ones', () => {
    const docs = trusteePreviewData(records, 'documents-only', 'Margaret', NOW);
    expect(Object.keys(docs).filter((k) => ['messages', 'documents', 'plan', 'tasks', 'binder'].includes(k))).toEqual(['documents']);
    const msgs = trusteePreviewData(records, 'messages-only', 'Margaret', NOW);
    expect(Object.keys(msgs).filter((k) => ['messages', 'documents', 'plan', 'tasks', 'binder'].includes(k))).toEqual(['messages']);
    expect(msgs.messages!.map((m) => m.canResend)).toEqual([false, false, true]);
    for (const lower of [docs, msgs]) expect(JSON.stringify(lower)).not.toContain('insulin');
    expect(JSON.stringify(msgs)).not.toContain('Secret words');
  });
});

describe('deliveryPreviewData', () => {
  it("is the recipient's own message, named as the device names them", () => {
    expect(deliveryPreviewData(message('bea'), 'Margaret')).toEqual({
      ownerName: 'Margaret',
      message: { id: 'bea', recipientName: 'Name bea', messageType: 'text', messageContent: 'Secret words bea', createdAt: '2026-01-01T00:00:00Z', file: null },
    });
  });

  it('a letter a trustee hands over reads as the page will say it, with the names this device holds, never "being sent"', () => {
    const trustees = [{ id: 'tr1', name: 'Grace Hopper' }, { id: 'tr2', name: 'Alan Turing' }] as PreviewRecords['trustees'];
    const recipients = [
      { messageId: 'bea', handedOver: [{ trusteeId: 'tr2', email: null }] },
      { messageId: 'carl', handedOver: null },
    ] as unknown as RehearsalRecipient[];
    const lines = (viewer: string) =>
      trusteePreviewData({ ...records, trustees }, 'full', 'Margaret', NOW, rehearsalRoutes(recipients, trustees, viewer)).messages!.map((m) => deliveryStateLine(m, NOW, (d) => d.slice(0, 10)));
    expect(lines('tr1')).toEqual(['for Alan Turing to hand over by their own e-mail; not opened yet', 'waiting for its date, 2099-06-01', 'sent on 2026-11-01']);
    expect(lines('tr2')[0]).toBe('for you to hand over: send the link from your trustee kit page by your own e-mail; not opened yet');
    // The preview's family binder knows the same: who hands Bea's letter over (issue 38, item 7).
    const binder = trusteePreviewData({ ...records, trustees }, 'full', 'Margaret', NOW, rehearsalRoutes(recipients, trustees, 'tr1')).binder!;
    expect(binder.messages.map((m) => [m.recipientName, m.handover])).toEqual([['Name bea', ['Alan Turing']], ['Name carl', null], ['Name dora', null]]);
  });
});
