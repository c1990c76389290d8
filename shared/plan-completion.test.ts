import { describe, expect, it } from 'vitest';
import { planCompletion } from './plan-completion';

describe('planCompletion (SPEC.md §4: filled items out of 7, rounded)', () => {
  it('is 0 for no plan and for an empty one', () => {
    expect(planCompletion(null)).toBe(0);
    expect(planCompletion({ funeralType: null, location: '  ', musicSelections: [], readings: [' '] })).toBe(0);
  });

  it('counts each of the 7 items once and rounds', () => {
    expect(planCompletion({ funeralType: 'memorial_service' })).toBe(14);
    expect(planCompletion({ funeralType: 'memorial_service', location: 'Oak Hall' })).toBe(29);
    expect(
      planCompletion({
        funeralType: 'no_service',
        location: 'Home',
        burialPreference: 'cremation',
        musicSelections: ['Clair de Lune'],
        readings: ['Do not stand at my grave and weep'],
        specialRequests: 'Bright colours',
        obituary: 'A life well lived.',
      }),
    ).toBe(100);
  });
});
