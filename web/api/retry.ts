/**
 * When a change queued on the device (an emergency choice or Remove saved offline,
 * web/features/emergency/pending-choices.ts; a stop of a live share that waits,
 * web/features/sharing/pending-shares.ts) is sent again after the server could not take it now
 * (issue 43; docs/sharing.md "A choice saved offline" and "Stopping a live share offline"): a busy
 * or unreachable server is asked again after a wait that doubles with each try (30 seconds, then
 * 1, 2, 4… minutes, at most 15), never at every sync; a refusal that will never change
 * (refusedForGood) ends the retry, and the person is told. Coming back online ends every wait at once
 * (`due`'s `reconnectedAt`), once.
 */
import { ApiError } from './client';

/** The first wait after a passing failure, and the longest. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MOST_MS = 15 * 60_000;

/** How long to wait after the `tries`-th passing failure in a row (1: the first). */
export const retryDelay = (tries: number): number => Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** Math.max(0, tries - 1));

/** A queued row's retry state: how many passing failures in a row, and when it may be sent again (device ms). */
export interface RetryState {
  tries?: number;
  retryAt?: number;
}

/** The retry state after one more passing failure of `row` at `now`. */
export const backOff = (row: RetryState, now: number): Required<RetryState> => {
  const tries = (row.tries ?? 0) + 1;
  return { tries, retryAt: now + retryDelay(tries) };
};

/**
 * When `row` last failed (device ms): backOff set its wait from then; none for a row that never failed.
 */
const failedAt = (row: RetryState): number | undefined => (row.retryAt === undefined ? undefined : row.retryAt - retryDelay(row.tries ?? 1));

/**
 * True when `row` may be sent at `now` (never failed, or its wait is over). A wait ending further
 * ahead than the longest one was set while the device's clock was ahead (then corrected): it is
 * over, rather than holding the change until the clock catches up. A wait is also over once the
 * server can be reached again after the row failed (`reconnectedAt`, device ms: the browser's
 * `online` event, or a sync that succeeded after one failed; web/features/sharing/when-online.ts):
 * the person who reconnects does not wait up to 15 minutes for what they did offline. Once only: a
 * row that fails again after it has failed since, and waits again (its wait longer, backOff).
 */
export const due = (row: RetryState, now: number, reconnectedAt = 0): boolean =>
  (row.retryAt ?? 0) <= now || (row.retryAt ?? 0) > now + RETRY_MOST_MS || (failedAt(row) ?? Infinity) < reconnectedAt;

/** True when `err` is a failure that passes by itself: fetch's own (unreachable), a timeout, a busy server (408, 425, 429, 5xx). */
export const passingFailure = (err: unknown): boolean =>
  err instanceof TypeError || (err instanceof ApiError && (err.status >= 500 || [408, 425, 429].includes(err.status)));
