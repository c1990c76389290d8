/**
 * The release state machine (DESIGN.md §8 "Release after death"), pure: no I/O, no clock of its
 * own. `transition(state, actor, event, now)` returns the next state, the activity-log entries
 * and the emails to the owner that the step implies, or throws `TransitionError` when the actor
 * may not do this or the state does not allow it.
 *
 *   active ──(check-in lapsed, after the owner's reminders | an accepted trustee's report)──▶ waiting
 *   waiting ──(owner: "I'm still here")──▶ active
 *   waiting ──(waiting period over, no current trustee kits)──▶ released   (terminal: released exactly once)
 *   waiting ──(waiting period over, a current generation of kits)──▶ awaiting-confirmations
 *   awaiting-confirmations ──(owner: "I'm still here")──▶ active   (the kits' confirmations are erased)
 *   awaiting-confirmations ──(k trustees confirmed with their kits)──▶ released
 *
 * Callers persist the outcome in one transaction (release/service.ts), so a step and its log
 * and email entries are all written or none; email dedupe keys make re-evaluation harmless.
 */
import { serverWord } from './server-words';
import { DEFAULT_WAITING_DAYS, type ActivityEntry, type CheckInDays, type ReleasePhase, type ReleaseState, type StartedBy, type WaitingDays } from './model';


export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after a check-in falls due on which the owner is reminded (ours: three gentle emails). */
export const REMINDER_OFFSETS_DAYS = [0, 3, 6] as const;
/** Days after a check-in falls due when the lapse starts the waiting period. */
export const LAPSE_GRACE_DAYS = 7;

/** Who asks. A trustee carries its invitation status as the server knows it right now. */
export type Actor =
  | { kind: 'owner' }
  | { kind: 'system' }
  | { kind: 'trustee'; trusteeId: string; name: string; status: 'invited' | 'accepted' | 'removed' };

export type ReleaseEvent =
  | { type: 'check-in' }
  | { type: 'report'; diedOn?: string | null; note?: string | null }
  | { type: 'cancel' }
  | { type: 'settings'; checkInDays?: CheckInDays; waitingDays?: WaitingDays }
  /** `kitsCurrent`: the account has a current generation of trustee kits (the waiting period then ends in awaiting-confirmations). */
  | { type: 'tick'; kitsCurrent?: boolean }
  /** k trustees confirmed with their kits, and their shares combined to the right Q (kits/confirm.ts). */
  | { type: 'confirmed' };

export type OwnerEmailKind = 'reminder' | 'waiting-started' | 'awaiting-confirmations' | 'cancelled' | 'released';
export interface OwnerEmail {
  kind: OwnerEmailKind;
  /** Unique per real-world event: the same step evaluated twice yields the same key. */
  dedupeKey: string;
}

export interface Outcome {
  state: ReleaseState;
  activity: ActivityEntry[];
  emails: OwnerEmail[];
}

export type TransitionErrorCode = 'forbidden' | 'wrong-state';

/** A refused step: `forbidden` (403: not this actor) or `wrong-state` (409: not now). */
export class TransitionError extends Error {
  constructor(
    readonly code: TransitionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TransitionError';
  }
  get status(): 403 | 409 {
    return this.code === 'forbidden' ? 403 : 409;
  }
}

/** A fresh account's state: active, check-ins off, a 7-day waiting period. */
export function initialState(now: number): ReleaseState {
  return {
    phase: 'active',
    checkInDays: 0,
    waitingDays: DEFAULT_WAITING_DAYS,
    lastCheckInAt: now,
    remindersSent: 0,
    episode: 0,
    startedAt: null,
    endsAt: null,
    startedBy: null,
    releasedAt: null,
  };
}

/** When the next check-in falls due (ms), or null when check-ins are off or not active. */
export function checkInDueAt(s: ReleaseState): number | null {
  return s.phase === 'active' && s.checkInDays > 0 ? s.lastCheckInAt + s.checkInDays * DAY_MS : null;
}

function requireOwner(actor: Actor, what: string): void {
  if (actor.kind !== 'owner') throw new TransitionError('forbidden', `Only the account owner can ${what}`);
}

/** Starts a waiting period; `entry` is its first line, which names the waiting period's length (its `days` param). */
function startWaiting(s: ReleaseState, startedBy: StartedBy, now: number, entry: ActivityEntry): Outcome {
  const episode = s.episode + 1;
  const endsAt = now + s.waitingDays * DAY_MS;
  return {
    state: { ...s, phase: 'waiting', episode, startedAt: now, endsAt, startedBy, remindersSent: 0 },
    activity: [entry],
    emails: [{ kind: 'waiting-started', dedupeKey: `waiting-started:${episode}` }],
  };
}

/**
 * The one transition function. `now` is the caller's clock (ms).
 * Throws TransitionError for a forbidden actor or a step the current phase does not allow.
 */
export function transition(s: ReleaseState, actor: Actor, event: ReleaseEvent, now: number): Outcome {
  const none: Outcome = { state: s, activity: [], emails: [] };
  switch (event.type) {
    case 'check-in': {
      requireOwner(actor, 'check in');
      if (s.phase === 'released') return none;
      // A sign-in or sync proves life for the check-in timer; it does not end a running waiting
      // period: that takes an explicit "I'm still here" (DESIGN.md §8).
      return { ...none, state: { ...s, lastCheckInAt: now, remindersSent: s.phase === 'active' ? 0 : s.remindersSent } };
    }

    case 'settings': {
      requireOwner(actor, 'change release settings');
      if (s.phase === 'released') throw new TransitionError('wrong-state', 'This account has been released');
      const checkInDays = event.checkInDays ?? s.checkInDays;
      const waitingDays = event.waitingDays ?? s.waitingDays;
      const activity: ActivityEntry[] = [];
      if (checkInDays !== s.checkInDays) {
        activity.push({ kind: 'settings-changed', ...(checkInDays === 0 ? serverWord('serverWords.activity.checkInsOff') : serverWord('serverWords.activity.checkInInterval', { days: checkInDays })) });
      }
      if (waitingDays !== s.waitingDays) {
        activity.push({ kind: 'settings-changed', ...serverWord('serverWords.activity.waitingPeriodSet', { days: waitingDays }) });
      }
      // A running waiting period keeps the end it was announced with.
      return { state: { ...s, checkInDays, waitingDays, lastCheckInAt: now, remindersSent: 0 }, activity, emails: [] };
    }

    case 'report': {
      if (actor.kind !== 'trustee') throw new TransitionError('forbidden', 'Only a trustee can report a passing');
      if (actor.status !== 'accepted') {
        throw new TransitionError('forbidden', actor.status === 'removed' ? 'This trustee has been removed' : 'This trustee has not accepted the invitation');
      }
      if (s.phase === 'waiting') throw new TransitionError('wrong-state', 'A waiting period is already running');
      if (s.phase === 'awaiting-confirmations') throw new TransitionError('wrong-state', 'The trustees are already being asked to confirm');
      if (s.phase === 'released') throw new TransitionError('wrong-state', 'This account has been released');
      const diedOn = event.diedOn ?? null;
      const note = event.note ?? null;
      const given = diedOn && note ? 'both' : diedOn ? 'date' : note ? 'note' : 'none';
      return startWaiting(s, { kind: 'trustee', trusteeId: actor.trusteeId, name: actor.name, diedOn, note }, now, {
        kind: 'trustee-reported',
        ...serverWord('serverWords.activity.reported', { name: actor.name, given, diedOn: diedOn ?? '', days: s.waitingDays }),
      });
    }

    case 'cancel': {
      requireOwner(actor, 'cancel a waiting period');
      if (s.phase !== 'waiting' && s.phase !== 'awaiting-confirmations') throw new TransitionError('wrong-state', 'No waiting period is running');
      return {
        state: { ...s, phase: 'active', startedAt: null, endsAt: null, startedBy: null, lastCheckInAt: now, remindersSent: 0 },
        activity: [
          {
            kind: 'cancelled',
            ...serverWord(s.phase === 'waiting' ? 'serverWords.activity.cancelledWaiting' : 'serverWords.activity.cancelledAwaiting'),
          },
        ],
        emails: [{ kind: 'cancelled', dedupeKey: `cancelled:${s.episode}` }],
      };
    }

    case 'confirmed': {
      if (actor.kind !== 'system') throw new TransitionError('forbidden', 'Only the server combines confirmed kits');
      if (s.phase !== 'awaiting-confirmations') throw new TransitionError('wrong-state', 'The trustees are not being asked to confirm');
      return {
        state: { ...s, phase: 'released', releasedAt: now },
        activity: [{ kind: 'released', ...serverWord('serverWords.activity.releasedByKits') }],
        emails: [{ kind: 'released', dedupeKey: 'released' }],
      };
    }

    case 'tick': {
      if (actor.kind !== 'system') throw new TransitionError('forbidden', 'Only the scheduler evaluates time');
      if (s.phase === 'waiting' && s.endsAt !== null && now >= s.endsAt && event.kitsCurrent) {
        return {
          state: { ...s, phase: 'awaiting-confirmations' },
          activity: [
            {
              kind: 'awaiting-confirmations',
              ...serverWord('serverWords.activity.awaitingConfirmations'),
            },
          ],
          emails: [{ kind: 'awaiting-confirmations', dedupeKey: `awaiting-confirmations:${s.episode}` }],
        };
      }
      if (s.phase === 'waiting' && s.endsAt !== null && now >= s.endsAt) {
        return {
          state: { ...s, phase: 'released', releasedAt: now },
          activity: [{ kind: 'released', ...serverWord('serverWords.activity.released') }],
          emails: [{ kind: 'released', dedupeKey: 'released' }],
        };
      }
      const due = checkInDueAt(s);
      if (due === null || now < due) return none;
      if (now >= due + LAPSE_GRACE_DAYS * DAY_MS) {
        return startWaiting(s, { kind: 'check-in' }, now, {
          kind: 'check-in-lapsed',
          ...serverWord('serverWords.activity.lapsed', { idle: Math.floor((now - s.lastCheckInAt) / DAY_MS), days: s.waitingDays }),
        });
      }
      const owed = REMINDER_OFFSETS_DAYS.filter((d) => now >= due + d * DAY_MS).length;
      if (owed <= s.remindersSent) return none;
      // After a long outage only the latest missed reminder is sent, never a burst.
      return {
        state: { ...s, remindersSent: owed },
        activity: [{ kind: 'reminder-sent', ...serverWord('serverWords.activity.reminderSent', { n: owed, of: REMINDER_OFFSETS_DAYS.length }) }],
        emails: [{ kind: 'reminder', dedupeKey: `reminder:${s.lastCheckInAt}:${owed}` }],
      };
    }
  }
}
