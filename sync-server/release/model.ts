/**
 * What a plan's release is (DESIGN.md §8 "Release after death"): its phases, the owner's settings,
 * the state kept per account and the kinds of its activity log. Pure types and values, below the
 * release's stores (store/, which keep them) and its state machine (state-machine.ts, which alone
 * decides what happens to them and re-exports them).
 */
import type { ServerWord } from '../../shared/server-words';

/**
 * `awaiting-confirmations` (issue "Release through trustees' key shares"): the waiting period is
 * over, and nothing is released until k trustees confirm with their kits (sync-server/kits/).
 */
export const RELEASE_PHASES = ['active', 'waiting', 'awaiting-confirmations', 'released'] as const;
export type ReleasePhase = (typeof RELEASE_PHASES)[number];

/** Check-in interval in days; 0 is "off" (DESIGN.md §8). */
export const CHECK_IN_INTERVALS = [0, 30, 60, 90, 180] as const;
export type CheckInDays = (typeof CHECK_IN_INTERVALS)[number];
/** Waiting period in days (DESIGN.md §8); 7 by default. */
export const WAITING_PERIODS = [2, 7, 14, 30] as const;
export type WaitingDays = (typeof WAITING_PERIODS)[number];
export const DEFAULT_WAITING_DAYS: WaitingDays = 7;

/**
 * Who started a waiting period. A trustee's report may carry the date of death they gave
 * (YYYY-MM-DD) and a short note, both shown to the owner while waiting (absent in older rows).
 */
export type StartedBy = { kind: 'check-in' } | { kind: 'trustee'; trusteeId: string; name: string; diedOn?: string | null; note?: string | null };

export interface ReleaseState {
  phase: ReleasePhase;
  checkInDays: CheckInDays;
  waitingDays: WaitingDays;
  /** Last sign-in, sync, cancel or settings change (ms). */
  lastCheckInAt: number;
  /** Reminders sent for the current lapse (reset by any check-in). */
  remindersSent: number;
  /** Counts waiting periods started, so each one's emails are distinct. */
  episode: number;
  startedAt: number | null;
  endsAt: number | null;
  startedBy: StartedBy | null;
  releasedAt: number | null;
}

export type ActivityKind =
  | 'settings-changed'
  | 'reminder-sent'
  | 'check-in-lapsed'
  | 'trustee-reported'
  | 'cancelled'
  | 'awaiting-confirmations'
  | 'released';

/**
 * Activity kinds that record a release episode: who or what began a waiting period, that it was
 * cancelled, that the account was released. The log keeps them apart from routine lines
 * (SECURITY.md "Limits", `activityRows`): a flood of routine lines (settings changed over and over)
 * never pushes out the record of who reported the owner's passing and when.
 */
export const RELEASE_CRITICAL_ACTIVITY: readonly ActivityKind[] = ['trustee-reported', 'check-in-lapsed', 'cancelled', 'awaiting-confirmations', 'released'];

/** One line for the owner's activity log: its kind, and its words as data (code, params, English text; shared/server-words.ts). */
export interface ActivityEntry extends ServerWord {
  kind: ActivityKind;
}
