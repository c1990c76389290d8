import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from './labels';

describe('dates in en-US long format (SPEC.md §9)', () => {
  it('formats a moment as the long date and the en-US time with its zone', () => {
    const iso = new Date(2026, 10, 21, 15, 5).toISOString();
    expect(formatLongDate(iso)).toBe('November 21, 2026');
    // The zone is named: the reader's own (shared/dates.ts).
    expect(formatLongDateTime(iso)).toMatch(/^November 21, 2026 at 3:05 PM \S+$/);
    expect(formatLongDateTime('not a date')).toBe('');
  });
});
