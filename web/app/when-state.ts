/**
 * `whenState(store, test, or)`: resolves once a zustand store's state passes `test` (at once if it
 * already does, else at the first change that makes it so) or once `or` resolves, whichever is
 * first; either way it stops listening to the store then. Never rejects while `or` does not.
 * For loading a piece of the page when it is needed (web/app/SignedInServices.tsx: a dialog's host
 * when its prompt waits, else once the network is quiet) rather than with the first screen (issue 41).
 */
/** A zustand store as whenState reads it. */
export interface Store<S> {
  getState(): S;
  subscribe(listener: (state: S) => void): () => void;
}

export function whenState<S>(store: Store<S>, test: (state: S) => boolean, or: Promise<unknown>): Promise<void> {
  if (test(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stop();
      resolve();
    };
    const stop = store.subscribe((s) => test(s) && done());
    void or.then(done);
  });
}
