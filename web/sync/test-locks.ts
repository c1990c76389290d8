/**
 * Test support: a Web Locks stand-in (navigator.locks) for one-runner-per-device tests. While
 * `held` is true another tab holds every lock, so `request` with `ifAvailable` hands the callback
 * null; after `release()` the callback gets the lock. `requested` lists the lock names asked for.
 */
export function otherTabLocks() {
  const state = { held: true, requested: [] as string[] };
  const locks = {
    request: (async (name: string, _opts: LockOptions, cb: (lock: Lock | null) => unknown) => {
      state.requested.push(name);
      return cb(state.held ? null : ({ name, mode: 'exclusive' } as Lock));
    }) as unknown as LockManager['request'],
  };
  return {
    locks,
    requested: state.requested,
    /** The other tab lets go: later requests get the lock. */
    release: () => {
      state.held = false;
    },
  };
}
