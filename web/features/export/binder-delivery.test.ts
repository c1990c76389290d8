import { describe, expect, it } from 'vitest';
import { binderDeliveryLine } from '../../../shared/binder/delivery-line';
import { binderDeliveryOf } from './binder-delivery';

const trustees = [{ id: 't1', name: 'Mary Somerville' }, { id: 't2', name: 'Charles Babbage' }];
const messages = [{ id: 'm1', delivered: false }, { id: 'm2', delivered: false }];

describe('the owner\'s binder: how each message goes', () => {
  it('names who hands a letter over, as the message form chose it, and says when Afterword would still send it', () => {
    const chosen = { messages: new Map([['m2', { mode: 'trustee' as const, kid: 'msg:m2~1', generations: [1], trustees: ['t1', 't2'] }]]), inUse: true };
    const out = binderDeliveryOf(messages, trustees, chosen);
    expect(out.messages.map((m) => m.handover)).toEqual([null, ['Mary Somerville', 'Charles Babbage']]);
    expect(out.messages.map((m) => binderDeliveryLine(m, out.delivery))).toEqual([
      'Pending, sent after release',
      'Pending, for Mary Somerville (or Charles Babbage, the backup) to hand over after release by their own e-mail; Afterword does not send it',
    ]);
    const notYet = binderDeliveryOf(messages, trustees, { ...chosen, inUse: false });
    expect(binderDeliveryLine(notYet.messages[1]!, notYet.delivery)).toMatch(/Afterword sends it only if the plan is released before the trustee kits are in use$/);
  });

  it('offline (the choices could not be loaded) it names no sender', () => {
    const out = binderDeliveryOf(messages, trustees, null);
    expect(out.messages.map((m) => binderDeliveryLine(m, out.delivery))).toEqual(['Pending, to reach them after release', 'Pending, to reach them after release']);
  });
});
