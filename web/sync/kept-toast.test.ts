import { describe, expect, it } from 'vitest';
import { keptToast, rejectedToast } from './kept-toast';

describe('the person is told about kept versions (rules 20, 22)', () => {
  it('names a conflict first, else a deleted record edited elsewhere', () => {
    expect(keptToast([{ collection: 'messages', id: 'm', kind: 'restorable' }, { collection: 'deathPlan', id: 'u', kind: 'conflict', field: 'obituary' }])).toMatchObject({
      title: 'Also written on another device',
      description: expect.stringContaining('your after-death plan'),
    });
    expect(keptToast([{ collection: 'survivorTasks', id: 't', kind: 'restorable' }]).description).toMatch(/a survivor task that was deleted/);
  });

  it('names the very record when the device holds it: "your message to Clara" (issue "Promises kept", finding 9)', () => {
    const kept = [{ collection: 'messages' as const, id: 'm1', kind: 'conflict' as const, field: 'messageContent' }];
    const toast = keptToast(kept, () => ({ recipientName: 'Clara' }));
    expect(toast.description).toBe('Two devices changed your message to Clara at the same time. Both versions are kept: open it to compare and restore.');
    expect(keptToast([{ collection: 'documents', id: 'd', kind: 'restorable' }], () => ({ documentName: 'Last will' })).description).toMatch(/changed your document “Last will” that was deleted/);
    expect(keptToast(kept, () => undefined).description).toMatch(/changed a message at the same time/);
  });

  it('rule 11: a refused change is named in plain words (never the server text); clock refusals are not (they are re-sent, rule 17)', () => {
    const base = { hlc: 'h', id: 'x', record: null };
    expect(rejectedToast([{ ...base, collection: 'trustees', reason: 'trustees.email: Invalid email address' }])).toMatchObject({
      title: 'A change could not be saved',
      description: 'The server did not accept a change to a trustee, so it was undone on this device. Please check it and try again.',
      variant: 'destructive',
    });
    expect(rejectedToast([{ ...base, collection: 'trustees', reason: 'Change is 400 s ahead of this clock (limit 300 s): check the device' }])).toBeNull();
  });
});
