import { describe, expect, it } from 'vitest';
import { binderDeliveryLine } from './delivery-line';

describe('the binder\'s delivery line', () => {
  it('a letter a trustee hands over is never "sent after release": it names who hands it over, by their own e-mail', () => {
    expect(binderDeliveryLine({ delivered: false, handover: ['Grace Hopper'] })).toBe('Pending, for Grace Hopper to hand over after release by their own e-mail; Afterword does not send it');
    expect(binderDeliveryLine({ delivered: false, deliveryDate: '2027-03-04T00:00:00+01:00', handover: ['Grace Hopper', ' '] })).toBe(
      'Pending, for Grace Hopper (or a trustee, the backup) to hand over on March 4, 2027 or at release if later by their own e-mail; Afterword does not send it',
    );
    // Before the kits are in use, a release sends it as every message (the message form says so).
    expect(binderDeliveryLine({ delivered: false, handover: ['Grace Hopper'] }, { known: true, kitsInUse: false })).toBe(
      'Pending, for Grace Hopper to hand over after release by their own e-mail; Afterword sends it only if the plan is released before the trustee kits are in use',
    );
    expect(binderDeliveryLine({ delivered: false, handover: [] })).toMatch(/^Cannot be handed over/);
  });

  it('a letter Afterword sends, a delivered one, and one whose way the device could not learn', () => {
    expect(binderDeliveryLine({ delivered: false })).toBe('Pending, sent after release');
    expect(binderDeliveryLine({ delivered: false, handover: null, deliveryDate: '2027-03-04T00:00:00+01:00' })).toBe('Pending, to be sent on March 4, 2027 or at release if later');
    expect(binderDeliveryLine({ delivered: true, handover: ['Grace Hopper'] })).toBe('Delivered');
    expect(binderDeliveryLine({ delivered: false }, { known: false, kitsInUse: false })).toBe('Pending, to reach them after release');
  });
});
