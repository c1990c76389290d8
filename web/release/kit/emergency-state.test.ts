/**
 * The kit page's emergency words without the server (emergency-state.ts): the owner's wait in
 * words, the step of each answer, and the words for every failure to open.
 */
import { describe, expect, it } from 'vitest';
import type { KitEmergency } from './api';
import { emergencyStep, openFailureText, openGranted, waitText } from './emergency-state';

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
    for (const why of ['no-kit', 'early', 'key', 'bundle', 'other-kit'] as const) expect(openFailureText(why, 'Ada')).toMatch(/^Nothing was opened: .+\.$/);
  });

  it('a granted request with nothing served (made for the trustee’s previous kit: new kits since) is said as such, not as a key sent early (security review 20 #2)', async () => {
    const granted = { ...answer('granted'), request: { phase: 'granted', grantedAt: '2027-01-03T10:00:00.000Z' } } as KitEmergency;
    const opened = await openGranted({ account: 'a', trusteeId: 't', generation: 2 }, null, granted);
    expect(opened).toEqual({ kind: 'failed', why: 'other-kit' });
    expect(openFailureText('other-kit', 'Ada')).toMatch(/made for another of your kits/);
  });
});
