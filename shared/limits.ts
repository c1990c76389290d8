/**
 * Every per-account limit of the server, in one place (issue #15 "One account can never harm
 * another"). These are the documented DEFAULTS: the server reads its limits from Config.limits,
 * which a self-hoster overrides with AFTERWORD_LIMITS (sync-server/config-limits.ts) and a restart;
 * the client uses these numbers for its own checks. SECURITY.md "Limits" explains each. Defaults are generous for one real person planning their own affairs: nobody writes 5,000
 * messages or names 50 trustees, but a hostile account that tries cannot fill the disk, starve the
 * event loop or make the server send mail in bulk.
 *
 * The server enforces every limit on every path (sync pushes and REST writes alike): a sync change
 * past a limit is rejected with the reason (rule 11), a REST write gets a 4xx `{ error, issues }`.
 */
/**
 * Bounds of what an account costs beyond its records: its activity log, its live events and the
 * AI calls (the AI ones are server-wide: every account together). Part of ACCOUNT_LIMITS, so
 * AFTERWORD_LIMITS overrides them like the others; SECURITY.md "Limits" has a paragraph for each.
 */
const LOG_AND_AI_LIMITS = {
  /**
   * Routine lines kept in one account's release activity log (settings changed, trustees invited,
   * e-mails that failed…); older ones are deleted as new ones come. Release-critical lines (a
   * waiting period begun by a trustee or a lapsed check-in, cancelled, released) are kept apart,
   * the last `activityRows` of them too, so a flood of routine lines never pushes out who started a
   * release and when. Activity counts in `accountBytes`.
   */
  activityRows: 500,
  /**
   * Milliseconds in which one account's devices get at most one live "changed" event (rule 19): the
   * first change pokes at once, later ones in the window make one poke at its end, so no device
   * misses the last change and a burst of writes is not a burst of events.
   */
  pokeWindowMs: 1_000,
  /** Model calls in flight at once on one server instance, all accounts together (429 above). Bounds the load on the model server. */
  aiCallsAtOnce: 8,
  /**
   * Password hashes (scrypt, 128 MiB each) running at once on one server instance, all accounts
   * together; the rest wait their turn (sync-server/accounts/hasher.ts). Below libuv's four threads, so
   * file reads and the app shell always find one free (issue 40).
   */
  passwordHashesAtOnce: 2,
  /** Model calls per day, all accounts together (429 above until the day's window ends). Bounds the cost of a configured model. */
  aiCallsPerDay: 2_000,
  /** Model calls per day of one account (429 above): one account cannot use up the whole server's day. */
  aiCallsPerAccountPerDay: 100,
  /** Characters of the data one AI call sends to the model; longer texts are shortened to fit. Bounds the cost of one call. */
  aiPromptChars: 6_000,
  /** `max_tokens` of every model call: the longest answer one call may cost. */
  aiMaxTokens: 1_500,
} as const;

export const ACCOUNT_LIMITS = {
  ...LOG_AND_AI_LIMITS,
  /** Live items in one list field (music, readings, resources, steps). Bounds a record's growth by items. */
  listItems: 200,
  /** Bytes of one record's stored state (values and field clocks, JSON). Bounds the work of one merge and the size of one pulled record. */
  recordBytes: 256 * 1024,
  /** Live records of one collection per account. Bounds the rows one account can make. */
  recordsPerCollection: 5_000,
  /** Live trustees per account: each is invited by e-mail, so this also bounds the mail one account causes. */
  trustees: 50,
  /** Bytes of all of one account's stored records, tombstones included, with its activity log, keyring and release escrow (sync-server/records/store/usage.ts). Bounds the disk one account can fill. */
  accountBytes: 50 * 1024 * 1024,
  /** Changes in one sync push (rule 10). Bounds the work of one request. */
  changesPerPush: 500,
  /** Bytes of one request body, a sync push included (413 above). */
  requestBytes: 1024 * 1024,
  /** Bytes of record state in one pull page (at least one record per page). Bounds the work of one pull. */
  pullPageBytes: 512 * 1024,
  /** Requests of one signed-in account per minute, reads included (429 above). Bounds the share of the server one account takes. */
  requestsPerMinute: 600,
  /** Bytes of response bodies one account is sent per minute, every route's answer by its bytes (429 above; sync-server/http/account-frame.ts); a list costs what the account holds. File bytes count in fileBytesPerMinute instead. */
  readBytesPerMinute: 100 * 1024 * 1024,
  /** Writing requests (sync pushes with changes, REST writes) per account per minute (429 above). File chunks are not counted here (a 500 MB file is 125 chunks): see fileBytesPerMinute. */
  writesPerMinute: 120,
  /**
   * Bytes of encrypted file chunks one account may upload or download per minute (429 +
   * Retry-After above; issue #17). Chunks are counted by their bytes, not as writes: 1 GiB a
   * minute uploads a 500 MB video in about 30 s, while one account cannot keep the disk busy for
   * everyone else.
   */
  fileBytesPerMinute: 1024 * 1024 * 1024,
  /**
   * Bytes of files all of one owner's "Share now" links together may be sent per minute (429 +
   * Retry-After above; review M2; sync-server/sharing/routes.ts): twice the owner's own
   * fileBytesPerMinute (a family of four downloading a 500 MB film at once waits a minute), so an
   * account's links cannot serve as a public download service nor keep the disk busy for everyone
   * else. Never charged to the owner's own fileBytesPerMinute.
   */
  sharedFileBytesPerMinute: 2 * 1024 * 1024 * 1024,
  /**
   * Trustee invitation e-mails sent per account in any 24 hours (rolling). More wait in the queue
   * for the next day: a real person's list goes out at once, 200 spam trustees do not.
   */
  invitationsPerDay: 20,
  /**
   * Resends per account in any 24 hours (rolling): the owner resending an invitation from Settings
   * and a messages-only trustee resending a message's link, together. Past it: 429.
   */
  resendsPerDay: 10,

  // ---- E-mail quotas (SECURITY.md "Limits", e-mail quotas) --------------------------------
  // Per account, in any 24 hours (rolling), counted when an e-mail is sent. An e-mail past its
  // quota is never dropped: it waits in the queue for the next day, and the owner sees why (the
  // activity log and the readiness panel of Settings). Invitations and resends are above.
  /**
   * First deliveries at release: each message's first e-mail to its recipient and each trustee's
   * release notice ("What … left for you"). Generous, so a real family's release goes out at once;
   * an account making new messages after its release to mail strangers waits a day per 500.
   */
  releaseEmailsPerDay: 500,
  /**
   * Re-deliveries after release: a delivered message edited ("updated") or re-addressed. Besides
   * this quota each recipient gets at most one such e-mail a day (edits are coalesced), so an
   * edit loop cannot turn a released account into a mailing list.
   */
  redeliveriesPerDay: 20,
  /** Notices to the owner (reminders, waiting period started or cancelled, released, yearly review), to their verified address only. */
  ownerNoticesPerDay: 10,
  /** Notices to trustees besides invitations and the release notice: the welcome with the report link, the yearly confirmation. */
  trusteeNoticesPerDay: 20,
  /** "Confirm your e-mail address" e-mails (the owner's profile address). Past it: 429. */
  verificationEmailsPerDay: 5,
  /**
   * "Reset your password" e-mails (accounts/password-reset-routes.ts), to the owner's verified address only.
   * Past it, the forgotten-password form answers as always and sends nothing more that day.
   */
  passwordResetsPerDay: 3,
} as const;

export type AccountLimits = typeof ACCOUNT_LIMITS;

/** Shorthands of two defaults (tests compare against them; the server reads Config.limits). */
export const { invitationsPerDay, resendsPerDay } = ACCOUNT_LIMITS;

/**
 * Defaults of the file limits (issue #17), set by the environment rather than AFTERWORD_LIMITS
 * (sync-server/config.ts): USER_QUOTA_BYTES, the bytes of files one account may keep (encrypted
 * size; separate from `accountBytes`, which counts records), and MAX_FILE_BYTES, the largest
 * file. The UI reads the server's values from `GET /api/files/usage`.
 */
export const FILE_LIMIT_DEFAULTS = {
  userQuotaBytes: 2 * 1024 * 1024 * 1024,
  maxFileBytes: 500 * 1024 * 1024,
} as const;
