/** The shared background runner (runner.ts): coalescing, an earlier-only timer, backoff bounds. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner, jitteredBackoff, withDeviceLock } from './runner';

describe('createRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one at a time: requests during a run make exactly one more run', async () => {
    let runs = 0;
    let release!: () => void;
    const runner = createRunner({ run: () => new Promise<void>((r) => { runs++; release = r; }), canRun: () => true, now: Date.now });
    const first = runner.runNow();
    void runner.runNow();
    void runner.runNow();
    release();
    await vi.waitFor(() => expect(runs).toBe(2));
    release();
    await first;
    expect(runs).toBe(2);
  });

  it('moves its timer only earlier, and never runs while it cannot', async () => {
    let runs = 0;
    let can = true;
    const runner = createRunner({ run: async () => void runs++, canRun: () => can, now: Date.now });
    runner.schedule(1000);
    runner.schedule(5000); // later: ignored
    runner.schedule(10); // earlier: replaces
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    can = false;
    runner.schedule(0);
    await runner.runNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
  });

  it('again() from inside a run runs once more', async () => {
    let runs = 0;
    const runner = createRunner({ run: async () => { if (++runs === 1) runner.again(); }, canRun: () => true, now: Date.now });
    await runner.runNow();
    expect(runs).toBe(2);
  });
});

describe('jitteredBackoff', () => {
  it('doubles from 1 s within [half, whole] and stops at the cap', () => {
    expect([0, 1, 2].map((a) => jitteredBackoff(a, 60_000, () => 0))).toEqual([500, 1000, 2000]);
    expect([0, 1, 2].map((a) => jitteredBackoff(a, 60_000, () => 1))).toEqual([1000, 2000, 4000]);
    expect(jitteredBackoff(50, 60_000, () => 1)).toBe(60_000);
  });
});

describe('withDeviceLock', () => {
  it('runs without locks, and does not run when another tab holds the lock', async () => {
    let runs = 0;
    expect(await withDeviceLock(null, 'x', async () => void runs++)).toBe(true);
    const held = { request: (_n: string, _o: unknown, cb: (lock: Lock | null) => Promise<boolean>) => cb(null) } as unknown as Pick<LockManager, 'request'>;
    expect(await withDeviceLock(held, 'x', async () => void runs++)).toBe(false);
    expect(runs).toBe(1);
  });
});
