import { describe, expect, it } from 'vitest';
import { typeaheadMatch } from './typeahead';

const options = [
  { value: 'budget', label: 'Budget-Friendly' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'premium', label: 'Premium' },
  { value: 'private', label: 'Private', disabled: true },
  { value: 'plain', label: 'Plain' },
];

describe('typeahead on a closed select (Radix Select rule)', () => {
  it('a letter picks the next option starting with it after the current one, wrapping, skipping disabled ones', () => {
    expect(typeaheadMatch(options, 'moderate', 'p')?.value).toBe('premium');
    expect(typeaheadMatch(options, 'premium', 'p')?.value).toBe('plain');
    expect(typeaheadMatch(options, 'plain', 'P')?.value).toBe('premium');
    expect(typeaheadMatch(options, undefined, 'm')?.value).toBe('moderate');
  });

  it('a word matches from the current option on; no match, or only the current one, picks nothing', () => {
    expect(typeaheadMatch(options, 'budget', 'pla')?.value).toBe('plain');
    expect(typeaheadMatch(options, 'premium', 'pr')).toBeUndefined();
    expect(typeaheadMatch(options, 'moderate', 'x')).toBeUndefined();
    expect(typeaheadMatch(options, 'moderate', 'm')).toBeUndefined();
  });

  it('one letter repeated cycles through the options starting with it', () => {
    expect(typeaheadMatch(options, 'premium', 'pp')?.value).toBe('plain');
  });
});
