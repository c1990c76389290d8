/**
 * The lock of the queue of shares waiting on this device (pending-shares.ts).
 *
 * Runs `work` alone among this account's queue operations on this device (every tab): a send and a
 * stop never interleave (security review of session 21's offline sharing, finding 2). Web Locks where
 * the browser has them; else one promise chain per account in this page (tests in Node).
 */
const chains = new Map<string, Promise<unknown>>();
export function exclusively<T>(account: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: { request: (name: string, cb: () => Promise<T>) => Promise<T> } }).locks : undefined;
  if (locks) return locks.request(`afterword-pending-shares:${account}`, work);
  const run = (chains.get(account) ?? Promise.resolve()).then(work, work);
  chains.set(account, run.catch(() => undefined));
  return run;
}
