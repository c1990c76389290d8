/**
 * The emergency-access state machine (docs/sharing.md "Emergency access"; issue 43), pure: no I/O,
 * no clock of its own. It never touches the release after death: no check-in, no letter, no
 * release state is read or written here.
 *
 *   (none) ──(an accepted trustee asks)──▶ requested
 *   requested ──(system: the owner was told by e-mail and Web Push)──▶ waiting   (the wait counts from here)
 *   requested | waiting ──(owner: refuse)──▶ refused      (terminal)
 *   waiting ──(system tick, the wait is over, nobody refused)──▶ granted   (the gate may be handed out)
 *   granted ──(owner: end the emergency)──▶ ended        (terminal: access stops, the owner re-keys)
 *   requested | waiting ──(the trustee is removed)──▶ withdrawn   (terminal: nothing released)
 *   granted ──(the trustee is removed)──▶ ended
 *
 * `gateOpen(state, now)` is the one check the server makes before it hands a trustee the gate.
 */

import { EMERGENCY_WAIT_HOURS } from '../../../shared/schema/trustee';

export const HOUR_MS = 60 * 60 * 1000;
/** The owner's waiting period, in hours: from one hour to four weeks; 48 hours unless they choose (one definition, shared with the owner's device). */
export { EMERGENCY_WAIT_HOURS };

export type EmergencyPhase = 'requested' | 'waiting' | 'refused' | 'granted' | 'ended' | 'withdrawn';

/** One request of one trustee (times in ms). */
export interface EmergencyState {
  phase: EmergencyPhase;
  trusteeId: string;
  /** The owner's wait for this trustee when they asked, in hours (kept: a later change of the setting does not move a running wait). */
  waitHours: number;
  requestedAt: number;
  /** When the owner was told; the wait ends `waitHours` later. */
  notifiedAt: number | null;
  waitEndsAt: number | null;
  /** When the request left `requested`/`waiting`/`granted` for its outcome. */
  decidedAt: number | null;
  grantedAt: number | null;
  endedAt: number | null;
}

export type EmergencyActor =
  | { kind: 'owner' }
  | { kind: 'system' }
  | { kind: 'trustee'; trusteeId: string; status: 'invited' | 'accepted' | 'removed' };

export type EmergencyEvent = { type: 'notified' } | { type: 'refuse' } | { type: 'tick' } | { type: 'end' } | { type: 'trustee-removed' };

export type EmergencyErrorCode = 'forbidden' | 'wrong-state' | 'invalid';

/** A refused step: `forbidden` (403), `wrong-state` (409), `invalid` (400: a wait out of bounds). */
export class EmergencyTransitionError extends Error {
  constructor(
    readonly code: EmergencyErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EmergencyTransitionError';
  }
}

/** True for a whole number of hours within EMERGENCY_WAIT_HOURS. */
export const validWaitHours = (h: number): boolean => Number.isInteger(h) && h >= EMERGENCY_WAIT_HOURS.min && h <= EMERGENCY_WAIT_HOURS.max;

/**
 * A trustee's request at `now`, with the owner's wait for them (`waitHours`). Throws `forbidden`
 * for anyone but an accepted trustee, `invalid` for a wait out of bounds.
 */
export function requestEmergency(actor: EmergencyActor, waitHours: number, now: number): EmergencyState {
  if (actor.kind !== 'trustee' || actor.status !== 'accepted') throw new EmergencyTransitionError('forbidden', 'Only a trustee who accepted can ask for emergency access');
  if (!validWaitHours(waitHours)) throw new EmergencyTransitionError('invalid', `The wait must be ${EMERGENCY_WAIT_HOURS.min} to ${EMERGENCY_WAIT_HOURS.max} hours`);
  return { phase: 'requested', trusteeId: actor.trusteeId, waitHours, requestedAt: now, notifiedAt: null, waitEndsAt: null, decidedAt: null, grantedAt: null, endedAt: null };
}

const FINAL: readonly EmergencyPhase[] = ['refused', 'ended', 'withdrawn'];

const owner = (a: EmergencyActor) => {
  if (a.kind !== 'owner') throw new EmergencyTransitionError('forbidden', 'Only the owner can do this');
};
const system = (a: EmergencyActor) => {
  if (a.kind !== 'system') throw new EmergencyTransitionError('forbidden', 'Only the server does this');
};

/** The next state after `actor`'s `event` at `now`; throws EmergencyTransitionError. A tick before the wait ends returns `state` unchanged. */
export function emergencyTransition(state: EmergencyState, actor: EmergencyActor, event: EmergencyEvent, now: number): EmergencyState {
  if (FINAL.includes(state.phase)) throw new EmergencyTransitionError('wrong-state', 'This request is over');
  const wrong = () => new EmergencyTransitionError('wrong-state', `Not possible while the request is ${state.phase}`);
  switch (event.type) {
    case 'notified':
      system(actor);
      if (state.phase !== 'requested') throw wrong();
      return { ...state, phase: 'waiting', notifiedAt: now, waitEndsAt: now + state.waitHours * HOUR_MS };
    case 'refuse':
      owner(actor);
      if (state.phase !== 'requested' && state.phase !== 'waiting') throw wrong();
      return { ...state, phase: 'refused', decidedAt: now };
    case 'tick':
      system(actor);
      if (state.phase !== 'waiting' || now < state.waitEndsAt!) return state;
      return { ...state, phase: 'granted', decidedAt: now, grantedAt: now };
    case 'end':
      owner(actor);
      if (state.phase !== 'granted') throw wrong();
      return { ...state, phase: 'ended', endedAt: now };
    case 'trustee-removed':
      system(actor);
      return state.phase === 'granted' ? { ...state, phase: 'ended', endedAt: now } : { ...state, phase: 'withdrawn', decidedAt: now };
  }
}

/** True only when the server may hand this trustee the gate now: granted, and the wait really over. */
export const gateOpen = (state: EmergencyState, now: number): boolean => state.phase === 'granted' && state.waitEndsAt !== null && now >= state.waitEndsAt;

/**
 * Which trustee may ask now, in the owner's `order`: the first whose earlier trustees all asked
 * and were refused, or are no longer trustees (`removed`). Returns null when none may (one is
 * waiting or granted, or every one was refused).
 */
export function nextInOrder(order: readonly string[], requests: readonly EmergencyState[], removed: ReadonlySet<string> = new Set()): string | null {
  if (requests.some((r) => r.phase === 'requested' || r.phase === 'waiting' || r.phase === 'granted')) return null;
  for (const id of order) {
    if (removed.has(id)) continue;
    if (!requests.some((r) => r.trusteeId === id && r.phase === 'refused')) return id;
  }
  return null;
}
