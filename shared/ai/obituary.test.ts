import { describe, expect, it } from 'vitest';
import { obituaryFor } from './obituary';

const input = {
  name: 'Margaret Ellen Hughes',
  age: 78,
  location: 'Portland, Oregon',
  occupation: 'school librarian',
  achievements: 'Founded the town\u2019s first mobile library and taught three generations to love reading',
  familyMembers: 'Her husband Tom, her daughters Anne and Ruth, and five grandchildren',
  personalQualities: 'Patient, funny and endlessly curious',
  budget: 'moderate' as const,
};

describe('default obituary (SPEC.md §7 POST /api/generate-obituary)', () => {
  it('contains every input field', () => {
    const { obituary } = obituaryFor(input);
    for (const value of [input.name, String(input.age), input.location, input.occupation, input.achievements, input.familyMembers, input.personalQualities]) {
      expect(obituary).toContain(value);
    }
    expect(obituary).toContain('Margaret');
  });

  it('is written in paragraphs, each ending with a sentence', () => {
    const paragraphs = obituaryFor(input).obituary.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    for (const p of paragraphs) expect(p.trim()).toMatch(/[.!?]$/);
  });

  it('uses the budget for length and the style of service', () => {
    const lengths = (['budget', 'moderate', 'premium', 'luxury'] as const).map((budget) => obituaryFor({ ...input, budget }).obituary);
    expect(lengths[0].split('\n\n')).toHaveLength(2);
    expect(lengths[0]).toMatch(/simple farewell/);
    expect(lengths[3]).toMatch(/celebration of Margaret\u2019s life/);
    expect(lengths[0].length).toBeLessThan(lengths[1].length);
    expect(lengths[1].length).toBeLessThan(lengths[3].length);
  });

  it('leaves blank fields out rather than inventing them', () => {
    const { obituary } = obituaryFor({ ...input, occupation: '', achievements: '', familyMembers: '', location: '' });
    expect(obituary).not.toMatch(/working life|proudest|remembered by family| of ,/);
    expect(obituary).toContain('Margaret Ellen Hughes died at the age of 78.');
  });

  it('says no age when none is known (no birthdate given)', () => {
    const { obituary } = obituaryFor({ ...input, age: null });
    expect(obituary).toContain('Margaret Ellen Hughes, of');
    expect(obituary).not.toMatch(/age|\d/);
  });
});
