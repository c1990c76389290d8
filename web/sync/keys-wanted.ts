/**
 * "A screen needs the key session now" (issue 41): the sync lifecycle fetches the key session's code
 * and restores it once the first screen's network is quiet on a device that has synced before
 * (web/sync/lifecycle.ts), unless a screen that reads the keys (the trustees' kits, a message's
 * delivery, emergency access, a share) loads first: web/features/keys/key-session.ts calls
 * `wantKeys()` when its module is evaluated, and the lifecycle restores at once. Tiny on purpose:
 * it ships with the lifecycle, before the keys' code.
 */
let want: () => void = () => {};
const wanted = new Promise<void>((resolve) => (want = resolve));

/** Says the key session is needed now (idempotent). */
export function wantKeys(): void {
  want();
}

/** Resolves once `wantKeys()` was called. */
export function keysWanted(): Promise<void> {
  return wanted;
}
