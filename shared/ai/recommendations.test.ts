import { describe, expect, it } from 'vitest';
import { BUDGET_LEVELS } from '../schema';
import { MAX_RECOMMENDATIONS, MIN_RECOMMENDATIONS, recommendationsFor } from './recommendations';
import { completeSnapshot, snapshotOf } from './test-snapshot';

const titles = (input: Parameters<typeof recommendationsFor>[0]) =>
  recommendationsFor(input).recommendations.map((r) => r.title);

describe('default recommendations (SPEC.md §3 Recommendation)', () => {
  it('returns 4-6 non-empty items for every budget and for an empty or a complete plan', () => {
    for (const budget of BUDGET_LEVELS) {
      for (const snapshot of [snapshotOf(), completeSnapshot]) {
        const { recommendations } = recommendationsFor({ budget, snapshot });
        expect(recommendations.length).toBeGreaterThanOrEqual(MIN_RECOMMENDATIONS);
        expect(recommendations.length).toBeLessThanOrEqual(MAX_RECOMMENDATIONS);
        for (const r of recommendations) {
          expect(r.title.length).toBeGreaterThan(3);
          expect(r.description.length).toBeGreaterThan(40);
        }
        expect(new Set(recommendations.map((r) => r.title)).size).toBe(recommendations.length);
      }
    }
  });

  it('differs by budget level, with cost-aware advice', () => {
    const lists = BUDGET_LEVELS.map((budget) => titles({ budget, snapshot: completeSnapshot }).join('|'));
    expect(new Set(lists).size).toBe(BUDGET_LEVELS.length);
    const budget = recommendationsFor({ budget: 'budget', snapshot: completeSnapshot }).recommendations;
    expect(budget.map((r) => r.description).join(' ')).toMatch(/direct cremation/i);
    expect(titles({ budget: 'premium', snapshot: completeSnapshot }).join(' ')).toMatch(/pre-paid/i);
    expect(titles({ budget: 'moderate', snapshot: completeSnapshot }).join(' ')).toMatch(/celebrant/i);
  });

  it('differs by what is planned: the gaps come first', () => {
    const empty = titles({ budget: 'moderate', snapshot: snapshotOf() });
    expect(empty[0]).toBe('Record where your will is');
    expect(empty).toContain('Name a trustee');
    expect(empty).toContain('Start your after-death plan');
    const complete = titles({ budget: 'moderate', snapshot: completeSnapshot });
    expect(complete).not.toContain('Record where your will is');
    expect(complete).not.toContain('Name a trustee');
    expect(complete).not.toContain('Start your after-death plan');
  });

  it('suggests scheduling when messages exist but none is scheduled, naming the count', () => {
    const snapshot = { ...completeSnapshot, undeliveredScheduled: 0, messages: 3 };
    const r = recommendationsFor({ budget: 'luxury', snapshot }).recommendations;
    const schedule = r.find((x) => x.title === 'Choose when your messages arrive');
    expect(schedule?.description).toContain('3 messages');
  });

  it('suggests green burial for someone who values nature, unless already chosen', () => {
    const nature = titles({ budget: 'moderate', snapshot: { ...completeSnapshot, values: ['nature'] } });
    expect(nature).toContain('Look at green burial');
    const chosen = titles({
      budget: 'moderate',
      snapshot: { ...completeSnapshot, values: ['nature'], burialPreference: 'green_burial' },
    });
    expect(chosen).not.toContain('Look at green burial');
  });

  it('reports how complete a partial plan is and uses the first name for an empty one', () => {
    const partial = recommendationsFor({ budget: 'moderate', snapshot: { ...completeSnapshot, planCompletion: 57 } });
    expect(partial.recommendations.find((r) => r.title === 'Finish your after-death plan')?.description).toContain('57%');
    const empty = recommendationsFor({ budget: 'moderate', snapshot: snapshotOf({ firstName: 'Grace' }) });
    expect(empty.recommendations.find((r) => r.title === 'Start your after-death plan')?.description).toMatch(/^Grace,/);
  });

  it('is deterministic', () => {
    const input = { budget: 'premium' as const, snapshot: snapshotOf({ values: ['legacy', 'family'] }) };
    expect(recommendationsFor(input)).toEqual(recommendationsFor(input));
  });
});
