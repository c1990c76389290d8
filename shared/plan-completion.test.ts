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

  it('gives each item alone one seventh, and counts lists only with a non-blank item', () => {
    const alone = [
      { funeralType: 'celebration_of_life' as const },
      { location: 'By the sea' },
      { burialPreference: 'green_burial' as const },
      { musicSelections: ['Abide with Me'] },
      { readings: ['Psalm 23'] },
      { specialRequests: 'No black ties' },
      { obituary: 'She loved the garden.' },
    ];
    for (const item of alone) expect(planCompletion(item)).toBe(14);
    expect(planCompletion({ musicSelections: ['', '   '], readings: ['\t'] })).toBe(0);
    expect(planCompletion({ musicSelections: ['', 'Hallelujah'] })).toBe(14);
  });
});
