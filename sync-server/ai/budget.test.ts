/**
 * fitPrompt (SECURITY.md "Limits", `aiPromptChars`): the data of one AI call as JSON within the
 * character cap, the longest texts shortened first; data that fits is sent as it is.
 */
import { describe, expect, it } from 'vitest';
import { fitPrompt } from './budget';

describe('fitPrompt', () => {
  it('sends data that fits unchanged', () => {
    const data = { name: 'Ada', genres: ['folk', 'pop'] };
    expect(fitPrompt(data, 1_000)).toBe(JSON.stringify(data));
  });

  it('shortens the longest texts (nested, in arrays too) until the JSON fits; the input is not changed', () => {
    const data = { task: { title: 'Close the bank account', description: 'd'.repeat(5_000) }, genres: ['g'.repeat(3_000), 'pop'], note: 'n'.repeat(2_000) };
    const json = fitPrompt(data, 1_500);
    expect(json.length).toBeLessThanOrEqual(1_500);
    const sent = JSON.parse(json) as typeof data;
    expect(sent.task.title).toBe('Close the bank account');
    expect(sent.genres[1]).toBe('pop');
    expect(sent.task.description.endsWith('\u2026')).toBe(true);
    expect(data.task.description).toHaveLength(5_000);
  });

  it('throws when even the shortest texts do not fit (the provider then answers with its fallback)', () => {
    expect(() => fitPrompt({ items: Array.from({ length: 500 }, () => 'ab') }, 100)).toThrow('prompt too long');
  });
});
