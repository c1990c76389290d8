import { describe, expect, it } from 'vitest';
import { backOff, due, RETRY_FIRST_MS, RETRY_MOST_MS, retryDelay } from './retry';

describe('the retry of a queued change (web/api/retry.ts)', () => {
  it('waits 30 s after the first passing failure, doubling to at most 15 minutes', () => {
    expect([1, 2, 3, 6, 7, 20].map(retryDelay)).toEqual([RETRY_FIRST_MS, 60_000, 120_000, 960_000, RETRY_MOST_MS, RETRY_MOST_MS].map((ms) => Math.min(ms, RETRY_MOST_MS)));
    const row = backOff({}, 1_000);
    expect(row).toEqual({ tries: 1, retryAt: 1_000 + RETRY_FIRST_MS });
    expect(due(row, 1_000 + RETRY_FIRST_MS - 1)).toBe(false);
    expect(due(row, 1_000 + RETRY_FIRST_MS)).toBe(true);
  });

  it('a wait set while the device clock was ahead (further than the longest wait) does not hold the change for months', () => {
    const now = Date.UTC(2026, 10, 30);
    const setAhead = backOff({ tries: 9 }, now + 90 * 86_400_000); // the clock was three months ahead, then corrected
    expect(due(setAhead, now)).toBe(true);
    expect(due(backOff({ tries: 9 }, now), now + RETRY_MOST_MS - 1)).toBe(false); // a real longest wait still holds
  });

  it('back online after the failure, the wait is over at once; a failure after that waits again', () => {
    const row = backOff({}, 1_000);
    expect(due(row, 2_000, 1_500)).toBe(true); // reconnected after it failed
    expect(due(row, 2_000, 1_000)).toBe(false); // failed at the very moment of, or after, the reconnection
    expect(due(backOff(row, 2_000), 2_500, 1_500)).toBe(false);
    expect(due({}, 0, 5)).toBe(true);
  });
});
