import { describe, expect, it } from 'vitest';
import { keptToast } from './kept-toast';

describe('the person is told about kept versions (rules 20, 22)', () => {
  it('names a conflict first, else a deleted record edited elsewhere', () => {
    expect(keptToast([{ collection: 'messages', id: 'm', kind: 'restorable' }, { collection: 'deathPlan', id: 'u', kind: 'conflict', field: 'obituary' }])).toMatchObject({
      title: 'Also written on another device',
      description: expect.stringContaining('your after-death plan'),
    });
    expect(keptToast([{ collection: 'survivorTasks', id: 't', kind: 'restorable' }]).description).toMatch(/a survivor task that was deleted/);
  });
});
