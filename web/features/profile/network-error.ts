/**
 * Whether a failure is the network's (issue #20: its own module, so screens that only need this
 * test, e.g. the dashboard's queries, do not load the form-error words and the zod schemas behind them).
 */

/** True when `err` means the browser could not reach the server (offline, server down). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
