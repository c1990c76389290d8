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
import { formatLongDate } from '../../shared/labels';
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function requireOwner(actor: Actor, what: string): void {
  if (actor.kind !== 'owner') throw new TransitionError('forbidden', `Only the account owner can ${what}`);
}

function startWaiting(s: ReleaseState, startedBy: StartedBy, now: number, entry: ActivityEntry): Outcome {
  const episode = s.episode + 1;
  const endsAt = now + s.waitingDays * DAY_MS;
  return {
    state: { ...s, phase: 'waiting', episode, startedAt: now, endsAt, startedBy, remindersSent: 0 },
    activity: [{ ...entry, text: `${entry.text} A waiting period of ${plural(s.waitingDays, 'day')} began.` }],
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
        activity.push({
          kind: 'settings-changed',
          text: checkInDays === 0 ? 'Check-ins turned off.' : `Check-in interval set to ${plural(checkInDays, 'day')}.`,
        });
      }
      if (waitingDays !== s.waitingDays) {
        activity.push({ kind: 'settings-changed', text: `Waiting period set to ${plural(waitingDays, 'day')}.` });
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
      const given = [diedOn && `giving the date of death as ${formatLongDate(diedOn)}`, note && 'with a note'].filter(Boolean).join(', ');
      return startWaiting(s, { kind: 'trustee', trusteeId: actor.trusteeId, name: actor.name, diedOn, note }, now, {
        kind: 'trustee-reported',
        text: `${actor.name} reported your passing${given ? `, ${given}` : ''}.`,
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
            text:
              s.phase === 'waiting'
                ? "You said \u201cI'm still here\u201d. The waiting period was cancelled."
                : "You said \u201cI'm still here\u201d. Your trustees' confirmations were erased and nothing was released.",
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
        activity: [{ kind: 'released', text: 'Your trustees confirmed with their kits. Your account was released.' }],
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
              text: 'The waiting period ended. Your trustees were asked to confirm with their kits; nothing is released until enough of them do.',
            },
          ],
          emails: [{ kind: 'awaiting-confirmations', dedupeKey: `awaiting-confirmations:${s.episode}` }],
        };
      }
      if (s.phase === 'waiting' && s.endsAt !== null && now >= s.endsAt) {
        return {
          state: { ...s, phase: 'released', releasedAt: now },
          activity: [{ kind: 'released', text: 'The waiting period ended. Your account was released.' }],
          emails: [{ kind: 'released', dedupeKey: 'released' }],
        };
      }
      const due = checkInDueAt(s);
      if (due === null || now < due) return none;
      if (now >= due + LAPSE_GRACE_DAYS * DAY_MS) {
        return startWaiting(s, { kind: 'check-in' }, now, {
          kind: 'check-in-lapsed',
          text: `No check-in for ${plural(Math.floor((now - s.lastCheckInAt) / DAY_MS), 'day')}.`,
        });
      }
      const owed = REMINDER_OFFSETS_DAYS.filter((d) => now >= due + d * DAY_MS).length;
      if (owed <= s.remindersSent) return none;
      // After a long outage only the latest missed reminder is sent, never a burst.
      return {
        state: { ...s, remindersSent: owed },
        activity: [{ kind: 'reminder-sent', text: `Check-in reminder ${owed} of ${REMINDER_OFFSETS_DAYS.length} sent.` }],
        emails: [{ kind: 'reminder', dedupeKey: `reminder:${s.lastCheckInAt}:${owed}` }],
      };
    }
  }
}
