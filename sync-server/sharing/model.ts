/**
 * The share state machine (docs/sharing.md "Share now"), pure: no I/O, no clock of its own.
 * `shareTransition(state, actor, event, now)` returns the next state or throws
 * `ShareTransitionError`.
 *
 *   created ──(owner: first sealed copy, revision 1)──▶ active
 *   active ──(owner: a newer sealed copy, revision n+1 over n)──▶ active   (the viewer sees the edit)
 *   active ──(viewer opens the link)──▶ active   (openedAt noted for the owner's list)
 *   created | active ──(owner: stop)──▶ stopped   (terminal: the copy is deleted, the link opens nothing)
 *
 * A publish names the revision the device read (`after`): a device that read an older one is
 * refused `stale` (compare-and-set), so two of the owner's devices never put an older copy over a
 * newer one.
 */

export type SharePhase = 'created' | 'active' | 'stopped';

/** A share's state as the server keeps it (times in ms). */
export interface ShareState {
  phase: SharePhase;
  /** The sealed copy's revision: 0 before the first copy, then 1, 2, … */
  revision: number;
  createdAt: number;
  updatedAt: number;
  openedAt: number | null;
  stoppedAt: number | null;
}

export type ShareActor = { kind: 'owner' } | { kind: 'viewer' };

export type ShareEvent =
  /** The owner's device uploads a copy sealed at `revision`, having read `after` (= revision - 1). */
  | { type: 'publish'; revision: number; after: number }
  | { type: 'open' }
  | { type: 'stop' };

export type ShareErrorCode = 'forbidden' | 'wrong-state' | 'stale';

/** A refused step: `forbidden` (403: not this actor), `wrong-state` (409/410: not now), `stale` (409: an older revision). */
export class ShareTransitionError extends Error {
  constructor(
    readonly code: ShareErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ShareTransitionError';
  }
}

/** A new share, made by the owner's device at `now`, before its first copy. */
export const newShare = (now: number): ShareState => ({ phase: 'created', revision: 0, createdAt: now, updatedAt: now, openedAt: null, stoppedAt: null });

/** The next state of `state` after `actor`'s `event` at `now`; throws ShareTransitionError. */
export function shareTransition(state: ShareState, actor: ShareActor, event: ShareEvent, now: number): ShareState {
  if (state.phase === 'stopped') throw new ShareTransitionError('wrong-state', 'Sharing was stopped');
  switch (event.type) {
    case 'publish':
      if (actor.kind !== 'owner') throw new ShareTransitionError('forbidden', 'Only the owner can change what is shared');
      if (event.after !== state.revision || event.revision !== state.revision + 1) throw new ShareTransitionError('stale', 'A newer copy was shared meanwhile');
      return { ...state, phase: 'active', revision: event.revision, updatedAt: now };
    case 'open':
      if (state.phase !== 'active') throw new ShareTransitionError('wrong-state', 'Nothing is shared yet');
      return { ...state, openedAt: now };
    case 'stop':
      if (actor.kind !== 'owner') throw new ShareTransitionError('forbidden', 'Only the owner can stop sharing');
      return { ...state, phase: 'stopped', updatedAt: now, stoppedAt: now };
  }
}
