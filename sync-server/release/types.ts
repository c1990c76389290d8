/**
 * The release domain's types (DESIGN.md §8): the service's interface (ReleaseService, with its
 * trustee half TrusteeFollower), what it reads of the owner's records (ReleaseRecords), its
 * transaction (ReleaseTx) and the hand-over lookup kits/ gives it (HandoverOf). Declared here,
 * below service.ts, trustees.ts and deliveries.ts, so that those modules (and kits/) use them
 * without importing each other in a circle (issue 42); service.ts re-exports them.
 */
import type { Language } from '../../shared/languages';
import type { ServerWord } from '../../shared/server-words';
import type { CollectionName, EntityOf } from '../../shared/schema';
import type { PlainView } from '../../shared/crypto/fields';
import type { EmailQuota } from './store/sqlite-release';
import type { AsyncReleaseStore } from './store/release-store';
import type { EmailKind, EmailParams } from './emails';
import type { Actor, Outcome, ReleaseEvent } from './state-machine';
import type { ReleaseState } from './model';

/**
 * What the release code uses of the owner's records: RecordService's (records/service.ts) `get`, `list` and `write`,
 * synchronous (SQLite's RecordService today) or asynchronous (the PostgreSQL switch); every
 * call is awaited. Record writes are never made inside a release transaction body (it may run
 * more than once): they follow its commit. Reads are PLAIN views (shared/crypto/fields.ts
 * plainView): e-mails, activity lines and the release's own pages are made only of what the server
 * may read, never of a sealed value or its envelope (plainRecords makes such a view at run time).
 */
export interface ReleaseRecords {
  get<C extends CollectionName>(userId: string, collection: C, id: string): PlainEntity<C> | null | Promise<PlainEntity<C> | null>;
  list<C extends CollectionName>(userId: string, collection: C): PlainEntity<C>[] | Promise<PlainEntity<C>[]>;
  write<C extends CollectionName>(userId: string, collection: C, id: string, patch: Record<string, unknown>): unknown;
}

/** A record of `C` as the release code reads it: id, owner and plain fields only. */
export type PlainEntity<C extends CollectionName> = PlainView<C, EntityOf[C]>;

/**
 * The release store, or one transaction on it (`store.transaction(async (tx) => …)`): helpers
 * that read or write take it, so that everything a step does is in its one transaction.
 */
export type ReleaseTx = AsyncReleaseStore;

export interface ReleaseService extends TrusteeFollower {
  store: AsyncReleaseStore;
  /** The state of `userId` (a fresh active state before any release event), read through `tx`. */
  state(userId: string, tx?: ReleaseTx): Promise<ReleaseState>;
  /**
   * Runs one transition and persists it with its log and emails, in `tx` when given, else in a
   * transaction of its own. Rejects with TransitionError (nothing written).
   */
  apply(userId: string, actor: Actor, event: ReleaseEvent, tx?: ReleaseTx): Promise<Outcome>;
  /**
   * A deliberate act of the owner (DESIGN.md §8): a sign-in, the app's check-in after the person
   * used a visible page, "I'm here" from a reminder. Never a sync, a poll or the live stream.
   * Nothing of the request is kept (issue #16).
   */
  checkIn(userId: string): Promise<void>;
  /**
   * The owner's trustee as a state-machine actor, or null when no such trustee was ever seen.
   * A trustee whose record now names another address than the one we invited counts as
   * removed: links sent to the old address stop at once, before the scheduler re-invites.
   */
  trusteeActor(userId: string, trusteeId: string, tx?: ReleaseTx): Promise<Extract<Actor, { kind: 'trustee' }> | null>;
  /** Queues the delivery (or re-delivery) of every due message of released accounts. */
  queueDueDeliveries(): Promise<number>;
  /** Queues the owner's yearly "review your plan" e-mails that are due. Returns how many. */
  queueReviews(): Promise<number>;
  /**
   * Queues an email through `tx` (idempotent on `dedupeKey`). `quota` names the daily quota it
   * counts against (shared/limits.ts); by default the kind's (email-quotas.ts `quotaOf`).
   */
  queue(
    tx: ReleaseTx,
    userId: string,
    kind: EmailKind,
    to: string,
    dedupeKey: string,
    params: Partial<EmailParams>,
    quota?: EmailQuota,
  ): Promise<boolean>;
  /**
   * The owner's plain first name, their name for e-mails to trustees and recipients (the
   * profile's plain `emailName` their device wrote, else the first name: shared/profile-email-name.ts)
   * and profile e-mail (when sendable) from the profile record (the record store only; no release
   * store call). Only the verification e-mail goes to that address before it is verified: notices
   * use `ownerAddress`.
   */
  owner(userId: string): Promise<{ firstName: string; emailName: string; email: string | null }>;
  /**
   * The language a trustee or recipient of `userId` reads (issue 44, docs/i18n.md "Whose language"):
   * `chosen` (the owner's choice for them: a trustee's `language`, a message's `recipientLanguage`)
   * when it is one Afterword speaks, else the account's (users.language), else English.
   */
  readerLanguage(userId: string, chosen?: string | null): Promise<Language>;
  /**
   * The address the owner's notices go to: the profile e-mail when it is the one they verified
   * (owner-email.ts), else null (SECURITY.md "Limits": a stranger's address gets nothing).
   */
  ownerAddress(userId: string, tx?: ReleaseTx): Promise<string | null>;
  /** Base of links in emails: PUBLIC_URL, else http://localhost:PORT (config only, issue #16). */
  baseUrl(): string;
  /**
   * Runs `fn` for one account in its own transaction (`tx`; `fn` may run more than once, so it
   * has no effect outside the store before it resolves). A failure is logged and written to that
   * account's activity (once a day per problem) and resolves undefined; it never propagates (#15).
   */
  isolated<T>(userId: string, what: string, fn: (tx: ReleaseTx) => Promise<T>): Promise<T | undefined>;
  /** `isolated`'s error handling without a release transaction (for work on other stores, e.g. a record write). */
  guarded<T>(userId: string, what: string, fn: () => Promise<T> | T): Promise<T | undefined>;
  /** Writes a problem to the account's activity through `tx`, unless the same text was written in the last day. */
  problem(tx: ReleaseTx, userId: string, kind: string, line: string | ServerWord): Promise<void>;
  /**
   * After the account's rows are deleted: removes its `.eml` files and runs `opts.checkpoint`
   * (SQLite: the WAL checkpointed with TRUNCATE), so with secure_delete no file under DATA_DIR
   * keeps its data (issue #16).
   */
  forgetAccount(userId: string): void;
}

export type ResendResult = 'sent' | 'limit' | 'accepted' | 'not-found';

export interface TrusteeFollower {
  /**
   * Invites new trustees, re-invites re-addressed ones and revokes removed ones, following the
   * store's trustee scan (`trusteeChanges`/`markTrusteesSeen`). Returns how many changed.
   */
  syncTrustees(): Promise<number>;
  /** After release (inside the releasing transaction `tx`): every live trustee (accepted or only invited) gets their access link once. */
  queueTrusteeAccess(tx: ReleaseTx, userId: string): Promise<void>;
  /**
   * Entering awaiting-confirmations (episode `episode`): e-mails every trustee with a kit of the
   * current generation "confirm only if you know … has died" with their kit page `/kit/<token>`.
   */
  queueKitConfirmations(tx: ReleaseTx, userId: string, episode: number): Promise<void>;
  /** Queues the yearly trustee e-mails that are due. Returns how many. */
  queueYearly(): Promise<number>;
  /** The owner sends a trustee's invitation again (a new link; the old one stops working). */
  resendInvitation(userId: string, trusteeId: string): Promise<ResendResult>;
  /** The trustee said they are still the owner's trustee. */
  confirmTrustee(userId: string, trusteeId: string): Promise<void>;
  /**
   * The trustee accepts their invitation (the invite link, public-routes.ts): accepted, the
   * invite link revoked, a welcome e-mail with their report link queued (and their access
   * e-mail when the account is already released). False when the invitation is not (or no
   * longer) open, e.g. the same link pressed twice at once: it is read again in the transaction.
   */
  acceptInvitation(userId: string, trusteeId: string): Promise<boolean>;
}

/** Who hands over a due message of a released account (release/deliveries.ts), with their kit page token. */
export type HandoverOf = (tx: ReleaseTx, userId: string, messageId: string) => Promise<Array<{ trusteeId: string; kitToken: string }> | null>;
