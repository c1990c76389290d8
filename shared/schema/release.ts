/**
 * Release after death (DESIGN.md §8): the owner's settings and what the owner endpoints return.
 * The server's state machine (sync-server/release/state-machine.ts) owns the rules; these are
 * the shapes on the wire, shared by the server routes and the settings screen.
 */
import { z } from 'zod';
import type { AccessLevel } from './trustee';
import type { ServerWord, WordParams } from '../server-words';

export const CHECK_IN_OPTIONS = [0, 30, 60, 90, 180] as const;
export const WAITING_OPTIONS = [2, 7, 14, 30] as const;

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.number().refine((v): v is T[number] => values.includes(v), message);

/** `PUT /api/release/settings`: either or both. */
export const releaseSettingsSchema = z
  .object({
    checkInDays: oneOf(CHECK_IN_OPTIONS, 'Choose off, 30, 60, 90 or 180 days'),
    waitingDays: oneOf(WAITING_OPTIONS, 'Choose 2, 7, 14 or 30 days'),
  })
  .partial()
  .strict();
export type ReleaseSettingsInput = z.infer<typeof releaseSettingsSchema>;

export interface ReleaseSettings {
  checkInDays: (typeof CHECK_IN_OPTIONS)[number];
  waitingDays: (typeof WAITING_OPTIONS)[number];
}

/** `GET /api/release/status`. Times are ISO strings. */
export interface ReleaseStatus {
  /** `awaiting-confirmations`: the waiting period is over and nothing is released until k trustees confirm with their kits (sync-server/kits/); "I'm still here" still cancels. */
  state: 'active' | 'waiting' | 'awaiting-confirmations' | 'released';
  /**
   * Who started the running waiting period: a trustee by address, with the date of death
   * (YYYY-MM-DD) and note they gave, or null when they gave none.
   */
  startedBy: { kind: 'check-in' } | { kind: 'trustee'; name: string; diedOn: string | null; note: string | null } | null;
  startedAt: string | null;
  endsAt: string | null;
  releasedAt: string | null;
  lastCheckInAt: string;
  /** When the next check-in falls due (null when check-ins are off). */
  checkInDueAt: string | null;
  /** The owner's own critical e-mails (e.g. "waiting period started") that will never arrive and were not dismissed. */
  undeliverable?: UndeliverableEmail[];
  /**
   * Once released through trustee kits: the ids of the messages a trustee hands over, which
   * Afterword never sends (sync-server/kits/message-keys.ts handedOver); the vault says so.
   */
  handedOver?: string[];
}

/** An e-mail that will never arrive: refused by the receiving server (5xx), or retried for days in vain. */
export interface UndeliverableEmail {
  id: number;
  subject: string;
  to: string;
  reason: 'refused' | 'expired';
  at: string;
  /** One of the owner's own critical e-mails (shown in the app's banner). */
  critical: boolean;
}

/** `GET /api/release/readiness`: would the plan work today? Everything on one panel of Settings. */
export interface ReleaseReadiness {
  /**
   * The release state: once 'released' the plan has been carried out and the panel says so
   * (nothing is "missing" any more; e-mails that could not be delivered are still listed).
   */
  phase: ReleaseStatus['state'];
  /** When the account was released (ISO), else null. */
  releasedAt: string | null;
  /** True when nothing in `missing` stands in the way (false once released: there is no "today" left to prepare for). */
  ready: boolean;
  /** Plain English sentences, one per thing that is missing or wrong (kept for older clients and scripts: `missingItems` says the same as data). */
  missing: string[];
  /** The same lines in the same order as data: a stable `code`, its `params`, and the English `text` (shared/server-words.ts). */
  missingItems: ServerWord[];
  /** 'smtp': e-mails are sent; 'folder': written to a folder on the server, reaching no one. */
  email: 'smtp' | 'folder';
  /** PUBLIC_URL as configured, or null (links then point to `linkBase`, this machine only). */
  publicUrl: string | null;
  linkBase: string;
  checkInDays: number;
  lastCheckInAt: string;
  /** When the next check-in reminder would be e-mailed (null when check-ins are off or not active). */
  nextReminderAt: string | null;
  /** When the yearly "review your plan" e-mail comes next. */
  nextReviewAt: string | null;
  ownerEmail: string | null;
  /**
   * True when `ownerEmail` is the address the owner confirmed with the e-mailed link: only then
   * do release notices (reminders, "a waiting period has started") go to it (SECURITY.md "Limits").
   */
  ownerEmailVerified: boolean;
  /** E-mails held back by a daily quota (SECURITY.md "Limits"): what they are, how many, when the next goes. */
  emailsWaiting: { what: string; count: number; until: string }[];
  trustees: ReleaseTrustee[];
  undeliverable: UndeliverableEmail[];
  /**
   * Trustee kits (sync-server/kits/): `current` a generation whose k kits were handed over exists;
   * its k and n (null without one); `checkedLastYear` its kits handed over or checked in the last
   * 365 days; `escrowEnded` the server deleted its copy of the keys (until then its operator could read).
   */
  kits?: ReleaseKits;
}

/** The trustee kits' part of the readiness (see ReleaseReadiness.kits). */
export interface ReleaseKits {
  current: boolean;
  k: number | null;
  /** Working kits: those of the current generation held by live, accepted trustees. */
  n: number | null;
  checkedLastYear: number;
  escrowEnded: boolean;
  /** Kits of the current generation whose trustee was removed since (a re-key is due). */
  removedHolders: number;
  /** The current generation's executor kit (kept with the will; no yearly e-mail), when it has one. */
  executor?: { madeAt: string; putAwayAt: string | null; checkedAt: string | null };
}

/**
 * One line of `GET /api/release/activity`, newest first: its English `text`, and its `code` and
 * `params` (shared/server-words.ts) unless it was written before the lines had them.
 */
export interface ReleaseActivity {
  id: number;
  at: string;
  kind: string;
  text: string;
  code?: string;
  params?: WordParams;
}

/**
 * One row of `GET /api/release/trustees`. `pending`: not yet seen by the server's scheduler. No
 * name: it is the owner's sealed words; the device puts the name it holds beside the id.
 */
export interface ReleaseTrustee {
  id: string;
  email: string;
  accessLevel: AccessLevel;
  invitation: 'pending' | 'invited' | 'accepted';
  invitedAt: string | null;
  acceptedAt: string | null;
  /** Last time the trustee said they are still the owner's trustee (accepting counts). */
  confirmedAt?: string | null;
  /** An e-mail to them was refused or could not be delivered for days. */
  bouncedAt?: string | null;
}

/**
 * One e-mail of `GET /api/release/rehearsal` (Settings, "Rehearse the release"): as the release
 * would send it, built by the same function (sync-server/release/emails.ts), with its link
 * replaced by a placeholder. Null `email` with a `problem`: this one could not be sent.
 */
export interface RehearsalEmail {
  to: string;
  subject: string;
  text: string;
}

/** What each recipient would receive at the release: addressed by e-mail and message id only (names are sealed). */
export interface RehearsalRecipient {
  messageId: string;
  to: string;
  /** When it would go, in words (shared/delivery-rule.ts). */
  when: string;
  email: RehearsalEmail | null;
  /** Why it could not be sent (e.g. not a valid address), or null. */
  problem: string | null;
  /**
   * "A trustee hands it over" (sync-server/kits/message-keys.ts): the e-mail each chosen trustee
   * gets in place of the recipient's (who then gets none from Afterword); null for "the server
   * delivers it".
   */
  handedOver?: { trusteeId: string; email: RehearsalEmail | null }[] | null;
}

/** What each trustee would receive at the release: their access e-mail, by access level. */
export interface RehearsalTrustee {
  trusteeId: string;
  to: string;
  accessLevel: AccessLevel;
  email: RehearsalEmail | null;
  problem: string | null;
  /**
   * Why their page would open nothing sealed at a release now: `no-kits`, fewer than k trustee kits
   * are in force; `no-own-kit`, kits are in force but they hold none (sync-server/release/trustees.ts
   * trusteeAccessOf). Null when their page would open (their kit, or an account that is not sealed).
   */
  cannotOpen: 'no-kits' | 'no-own-kit' | null;
  /** With `no-kits`: the owner has made no trustee kits at all (the page gives that reason). */
  noKitsMade?: boolean;
}

/** `GET /api/release/rehearsal`: a preview only; nothing is written, queued or minted. */
export interface ReleaseRehearsal {
  /** The owner's plain first name, as every e-mail names them. */
  ownerName: string;
  /** The placeholder each link is shown as. */
  previewLink: string;
  recipients: RehearsalRecipient[];
  trustees: RehearsalTrustee[];
}
