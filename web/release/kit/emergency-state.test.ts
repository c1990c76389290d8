/**
 * The kit page's emergency words without the server (emergency-state.ts): the owner's wait in
 * words, the step of each answer, and the words for every failure to open.
 */
import { describe, expect, it } from 'vitest';
import type { KitEmergency } from './api';
import { emergencyStep, openFailureText, waitText } from './emergency-state';

const answer = (phase: string | null, canAsk = true): KitEmergency =>
  ({ canAsk, waitHours: 48, itemCount: 2, request: phase ? { phase } : null, access: null }) as KitEmergency;

describe('emergency access words on the kit page', () => {
  it('says the wait in hours up to two days, then days or weeks', () => {
    expect([1, 2, 24, 48, 72, 168, 336, 100].map(waitText)).toEqual(['1 hour', '2 hours', '24 hours', '48 hours', '3 days', '1 week', '2 weeks', '100 hours']);
  });

  it('reads the step from the latest request, else from whether the trustee may ask', () => {
    expect(emergencyStep(answer(null, false))).toBe('none');
    expect(emergencyStep(answer(null))).toBe('can-ask');
    expect(emergencyStep(answer('requested'))).toBe('waiting');
    for (const p of ['waiting', 'refused', 'granted', 'ended', 'withdrawn']) expect(emergencyStep(answer(p))).toBe(p);
  });

  it('has words for every failure, each saying nothing was opened', () => {
    for (const why of ['no-kit', 'early', 'key', 'bundle'] as const) expect(openFailureText(why, 'Ada')).toMatch(/^Nothing was opened: .+\.$/);
  });
});
