/**
 * The server's services, built once by `createServices(deps)` (SQLite in DATA_DIR) or
 * `createPgServices(deps, pool)` (PostgreSQL, DATABASE_URL; issue #19) and handed explicitly to
 * `createApp(deps, services)` and to each route module: the account store, the record store and
 * service, one HLC per account (rule 3), the release service and its
 * scheduler (DESIGN.md §8), and the files (issue #17: blob store under DATA_DIR/blobs, metadata,
 * lifetime). No process-wide registry: two instances over the same database (a
 * restart in a test) are two independent values, and nothing a request carries is kept here.
 */
import type { CollectionName } from '../shared/schema/collection-names';
import { createResetMail, type ResetMail } from './accounts/reset-mail';
import { createHasher, type Hasher } from './accounts/hasher';
import { join } from 'node:path';
import type pg from 'pg';
import type { AppDeps } from './app-env';
import type { Config } from './config';
import { createSqliteAsyncBlobMeta, type AsyncBlobMeta } from './blobs/blob-meta-store';
import { createFsBlobStore } from './blobs/fs-blob-store';
import { lazyS3BlobStore } from './blobs/s3-config';
import { createBlobLifetime } from './blobs/lifetime';
import { createBlobService, type BlobService } from './blobs/service';
import type { AsyncAccountStore } from './accounts/store/account-store';
import { createAccountStore, type AccountStore } from './accounts/store/sqlite-account-store';
import { createReleaseStore } from './release/store/sqlite-release';
import { createSqliteAsyncReleaseStore, type AsyncReleaseStore } from './release/store/release-store';
import { createGroupCommit } from './db/group-commit';
import { migratePg } from './db/pg/migrate';
import { createPgAccountStore } from './accounts/store/pg-account-store';
import { createPgBlobMeta } from './blobs/pg-blob-meta';
import { createPgLeadership } from './db/pg/pg-leader';
import { createPgPokeBus } from './db/pg/pg-poke-bus';
import { createPgRecordStore } from './records/store/pg-record-store';
import { createPgReleaseStore } from './release/store/pg-release-store';
import { createPgRateLimiter, type AsyncRateLimiter } from './db/pg/pg-rate-limiter';
import { createPgUsageReader } from './records/store/pg-usage';
import type { AsyncRecordStore, RecordStore } from './records/store/record-store';
import { createSqliteRecordStore } from './records/store/sqlite-record-store';
import { createUsageReader } from './records/store/usage';
import { namedBlob } from './records/file-refs';
import { memoryRateLimiters, type RateLimiterFactory } from './http/rate-limit';
import { bridgeScheduler, type PokeBus } from './live/poke-bus';
import { createRecordService, type RecordService, type RecordSource } from './records';
import { createMailer, type Mailer } from './release/mailer';
import { createReleaseScheduler, type ReleaseScheduler } from './release/scheduler';
import { createReleaseService, plainRecords, type ReleaseService } from './release/service';
import { createSqlitePushStore, type AsyncPushStore } from './push/push-store';
import { createPgPushStore } from './push/pg-push-store';
import { createPushSender, type PushSender } from './push/sender';
import { createEscrow, type EscrowService } from './release/escrow/escrow';
import { createReleaseKeys, type ReleaseKeys } from './release/release-keys';
import { createTrusteePages, type TrusteePages } from './release/trustee-pages';
import { createSqliteEscrowStore, type AsyncEscrowStore } from './release/escrow/escrow-store';
import { createPgEscrowStore } from './release/escrow/pg-escrow-store';
import { createSqliteKeyStore, type KeyStore } from './keys/key-store';
import { createKitSealer } from './release/kits/seal';
import { createKitService, type KitService } from './release/kits/service';
import { createKitRelease, type KitRelease } from './release/kits/confirm';
import { createSqliteMessageKeyStore, type AsyncMessageKeyStore } from './release/kits/message-key-store';
import { createHandoverLookup, createMessageKeys, type MessageKeys } from './release/kits/message-keys';
import { createPgMessageKeyStore } from './release/kits/pg-message-key-store';
import { createPgKeyStore } from './keys/pg-key-store';
import { createSqliteSealStore, sqliteSealedAt, type SealStore } from './keys/seal-store';
import { createPgSealStore } from './keys/pg-seal-store';
import { createPgShareStore, createShareService, createSqliteShareStore, SHARED_RECORDS, type AsyncShareStore, type ShareService } from './sharing';
import { createPgEmergencyStore } from './sharing/store/pg-emergency-store';
import { createSqliteEmergencyStore, type AsyncEmergencyStore } from './sharing/store/emergency-store';
import type { EmergencyService } from './sharing/emergency-service';
import { wireEmergency } from './sharing/emergency-wiring';
import { createGateSealer } from './sharing/gate-seal';
import { createSharingReminders } from './sharing/yearly-reminder';
import { createSqliteReminderStore, type AsyncReminderStore } from './sharing/store/reminder-store';
import { createPgReminderStore } from './sharing/store/pg-reminder-store';

export interface Services {
  /** Where accounts, sessions and records live: SQLite in DATA_DIR, or PostgreSQL (DATABASE_URL). */
  engine: 'sqlite' | 'postgres';
  accounts: AccountStore | AsyncAccountStore;
  store: RecordStore | AsyncRecordStore;
  records: RecordService;
  /** Check-ins, trustees, the release and its deliveries (DESIGN.md §8), over the engine's release store. */
  release: ReleaseService;
  /** Runs the release passes; on PostgreSQL only while this instance leads (db/pg/pg-leader.ts). */
  scheduler: ReleaseScheduler;
  /** SMTP (SMTP_URL) or the outbox folder; Settings says which (release/readiness.ts). */
  mailer: Mailer;
  /** Files (issue #17): uploads, quota, lifetime (sync-server/blobs/). */
  blobs: BlobService;
  /** "Forgot password" e-mails, queued off the request path (accounts/reset-mail.ts). */
  resetMail: ResetMail;
  /** Web Push for check-in reminders: the engine's subscriptions and the sender (sync-server/push/). */
  push: { store: AsyncPushStore; sender: PushSender };
  /** The release escrow under the release key (escrow/escrow.ts); main.ts awaits `escrow.ready`. */
  escrow: EscrowService;
  /** Trustee kits: generations, handover, yearly checks (kits/service.ts). */
  kits: KitService;
  /** The release through trustees' kits: confirmations, combining Q, a released kit's access (kits/confirm.ts). */
  kitRelease: KitRelease;
  /** How each message's key reaches its recipient with kits: the server delivers it, or a trustee hands it over (kits/message-keys.ts). */
  messageKeys: MessageKeys;
  /** Which escrowed keys a release hands to which link or page (release/release-keys.ts). */
  releaseKeys: ReleaseKeys;
  /** Share now: the owner's shares and the viewer's sealed copies (sharing/; docs/sharing.md). */
  sharing: ShareService;
  /** Emergency access: what a trustee may open if the owner cannot act, their requests (sharing/emergency-service.ts). */
  emergency: EmergencyService;
  /** Each account's keys: KDF parameters, wrapped AK, keyring (keys/key-store.ts; never a key in the clear). */
  keys: KeyStore;
  /** Every password hash and verification, at most `passwordHashesAtOnce` at a time (accounts/hasher.ts). */
  hasher: Hasher;
  /** A released account's trustee pages, each built once until the account's next write, in bounded memory (release/trustee-pages.ts). */
  trusteePages: TrusteePages;
  /** The migration of an account made before keys (keys/seal-store.ts, keys/seal-routes.ts). */
  seal: SealStore;
  /** The request path's rate limiters: in memory on SQLite, shared by every instance on PostgreSQL (pg-rate-limiter.ts). */
  rateLimiters: RateLimiterFactory;
  /** PostgreSQL only: resolves when the database answers (http/health.ts `/readyz`). */
  pingDatabase?: () => Promise<unknown>;
  /** PostgreSQL only: deletes the ended windows of every shared rate limiter; resolves how many (main.ts, hourly). */
  purgeRateLimits?: () => Promise<number>;
  /** PostgreSQL only: gives up the scheduler's lead (shutdown), so another instance takes over at once. */
  resign?: () => Promise<void>;
  /** PostgreSQL only: pokes to and from the other instances (live/poke-bus.ts; createApp joins its hub to it). */
  pokeBus?: PokeBus;
  /** Ends what the services hold open besides the pool (PostgreSQL's poke listener); shutdown and tests. */
  close?: () => Promise<void>;
}

/**
 * Builds every service of `deps.db` once. `opts.mailer` replaces the mailer of `deps.config`
 * (SMTP_URL, else the `.eml` folder), e.g. for a test that counts sends.
 */
export function createServices(deps: AppDeps<Config>, opts: { mailer?: Mailer } = {}): Services {
  const store = createSqliteRecordStore(deps.db, deps.config.limits);
  // Pushes of every account arriving in one event-loop turn share one SQLite commit (db/group-commit.ts).
  const commits = createGroupCommit(deps.db);
  return assemble(deps, opts, {
    engine: 'sqlite',
    accounts: createAccountStore(deps.db),
    source: { engine: 'sqlite', store, writeBatch: (write) => commits.run(write), sealedAt: sqliteSealedAt(deps.db) }, // sealed_at read in each push's transaction (rule 24)
    usage: createUsageReader(deps.db),
    rateLimiters: memoryRateLimiters(deps.now),
    blobMeta: createSqliteAsyncBlobMeta(deps.db),
    releaseStore: createSqliteAsyncReleaseStore(deps.db, createReleaseStore(deps.db, deps.config.limits)),
    pushStore: createSqlitePushStore(deps.db),
    escrowStore: createSqliteEscrowStore(deps.db),
    messageKeyStore: createSqliteMessageKeyStore(deps.db),
    shareStore: createSqliteShareStore(deps.db),
    emergencyStore: createSqliteEmergencyStore(deps.db, { marksKept: deps.config.limits.trustees }),
    reminderStore: createSqliteReminderStore(deps.db),
    keys: createSqliteKeyStore(deps.db),
    seal: createSqliteSealStore(deps.db),
    checkpoint: () => deps.db.pragma('wal_checkpoint(TRUNCATE)'), // no trace of a deleted account in the WAL (issue #16)
  });
}

/** The advisory-lock key of the release scheduler's leader among instances on one PostgreSQL (db/pg/pg-leader.ts). */
export const SCHEDULER_LEADER_KEY = 0x5e1ea5en;

/**
 * The services with every store on PostgreSQL (`pool`, DATABASE_URL; issue #19): accounts,
 * sessions, records, rate-limit windows, the release and its e-mail queue, file metadata.
 * Migrates `pool` first (db/pg/migrate.ts; instances starting together wait for each other).
 * Any number of instances may share the database: the scheduler runs its passes only while this
 * instance holds the leader's advisory lock (SCHEDULER_LEADER_KEY); a killed leader's lock goes
 * with its connection and another instance takes over at its next tick. Pokes (devices' and the
 * scheduler's) reach every instance through LISTEN/NOTIFY on `deps.config.databaseUrl`
 * (db/pg/pg-poke-bus.ts). Nothing is kept in `deps.db` (the SQLite file stays empty).
 */
export async function createPgServices(deps: AppDeps<Config>, pool: pg.Pool, opts: { mailer?: Mailer } = {}): Promise<Services> {
  await migratePg(pool);
  const leadership = createPgLeadership(pool, SCHEDULER_LEADER_KEY);
  const limiters: AsyncRateLimiter[] = [];
  const services = assemble(deps, opts, {
    engine: 'postgres',
    accounts: createPgAccountStore(pool),
    source: { engine: 'postgres', store: createPgRecordStore(pool, deps.config.limits) },
    usage: createPgUsageReader(pool),
    rateLimiters: (o) => {
      const limiter = createPgRateLimiter(pool, { ...o, now: deps.now });
      limiters.push(limiter);
      return limiter;
    },
    blobMeta: createPgBlobMeta(pool),
    releaseStore: createPgReleaseStore(pool, deps.config.limits),
    pushStore: createPgPushStore(pool),
    escrowStore: createPgEscrowStore(pool),
    messageKeyStore: createPgMessageKeyStore(pool),
    shareStore: createPgShareStore(pool),
    emergencyStore: createPgEmergencyStore(pool, { marksKept: deps.config.limits.trustees }),
    reminderStore: createPgReminderStore(pool),
    keys: createPgKeyStore(pool),
    seal: createPgSealStore(pool),
    leader: () => leadership.tryLead(),
  });
  services.resign = () => leadership.resign();
  if (deps.config.databaseUrl) {
    const bus = createPgPokeBus(pool, deps.config.databaseUrl);
    services.pokeBus = bus;
    services.scheduler = bridgeScheduler(services.scheduler, bus); // a write on a follower pokes the leader
    services.close = () => bus.close();
  }
  services.pingDatabase = () => pool.query('SELECT 1');
  services.purgeRateLimits = async () => {
    let n = 0;
    for (const l of limiters) n += await l.purge();
    return n;
  };
  return services;
}

function assemble(
  deps: AppDeps<Config>,
  opts: { mailer?: Mailer },
  parts: Pick<Services, 'engine' | 'accounts' | 'rateLimiters'> & {
    source: RecordSource;
    usage: Parameters<typeof createRecordService>[1]['usage'];
    blobMeta: AsyncBlobMeta;
    releaseStore: AsyncReleaseStore;
    pushStore: AsyncPushStore;
    escrowStore: AsyncEscrowStore;
    messageKeyStore: AsyncMessageKeyStore;
    shareStore: AsyncShareStore;
    emergencyStore: AsyncEmergencyStore;
    reminderStore: AsyncReminderStore;
    keys: KeyStore;
    seal: SealStore;
    /** After an account is forgotten (SQLite's WAL checkpoint). */
    checkpoint?: () => void;
    /** Whether this instance may run the scheduler's passes now (PostgreSQL's leader). */
    leader?: () => Promise<boolean>;
  },
): Services {
  const { limits } = deps.config; // AFTERWORD_LIMITS over shared/limits.ts (config-limits.ts)
  const { blobMeta } = parts;
  const blobStore = deps.config.s3 ? lazyS3BlobStore(deps.config.s3) : createFsBlobStore(join(deps.config.dataDir, 'blobs')); // S3_BUCKET: issue #19
  const maxFiles = 2 * limits.recordsPerCollection; // documents and messages, each may hold one file
  const lifetime = createBlobLifetime(blobMeta, blobStore, deps.now, { keptBytes: deps.config.files.userQuotaBytes, keptFiles: maxFiles });
  const blobs = createBlobService(blobStore, blobMeta, lifetime, { files: deps.config.files, now: deps.now, maxFiles });
  const recordOpts = {
    now: deps.now,
    limits,
    onFileRefs: (userId: string, refs: Parameters<typeof lifetime.recordsChanged>[1]) => lifetime.recordsChanged(userId, refs), // a file no live record refers to is deleted
  };
  // A share or an emergency names one of the owner's live records (never another account's: the store is per account).
  const recordExists = async (userId: string, collection: CollectionName, id: string) => {
    const record = await parts.source.store.get(userId, collection, id);
    return record !== null && record !== undefined && record.values._deleted !== true;
  };
  const documentExists = (userId: string, itemId: string) => recordExists(userId, 'documents', itemId);
  // A share's item: a document, trustee or letter by its record, a plan section by the owner's plan; a task list is a
  // category's name (its tasks' categories are sealed, so the server cannot tell which exist).
  const sharing = createShareService({
    store: parts.shareStore,
    now: deps.now,
    sharingStarted: (userId) => reminders.armSoon(userId), // the yearly reminder (sharing/yearly-reminder.ts); never fails the share
    itemExists: (userId, kind, itemId) =>
      kind === 'task-list' ? Promise.resolve(true) : kind === 'plan-section' ? recordExists(userId, 'deathPlan', userId) : recordExists(userId, SHARED_RECORDS[kind], itemId),
    // A shared document's file: the blob its live record names (plain `fileBlobId`; the sealed `file` stays unread).
    itemFile: async (userId, kind, itemId) => {
      if (kind !== 'document') return null;
      const record = await parts.source.store.get(userId, 'documents', itemId);
      return record && record.values._deleted !== true ? namedBlob(record.values) : null;
    },
  });
  // A document, trustee or letter deleted (by any device, or REST) stops its shares at once, not at the viewer's next open (docs/sharing.md).
  const stopShares = (userId: string, collection: CollectionName, id: string) => {
    const kind = (Object.keys(SHARED_RECORDS) as Array<keyof typeof SHARED_RECORDS>).find((k) => SHARED_RECORDS[k] === collection) ?? null;
    if (kind) sharing.stopItem(userId, kind, id).catch((err) => console.error(`Stopping a deleted ${kind}'s shares failed (its link stops at the next open):`, err));
    // A removed trustee's emergency setting and choice versions go with them (sharing/store/emergency-store.ts forgetTrustee; review s23 L3).
    if (collection === 'trustees') emergency.trusteeRemoved(userId, id).catch((err) => console.error("Forgetting a removed trustee's emergency setting failed:", err));
  };
  const records = createRecordService(parts.source, { ...recordOpts, onDeleted: stopShares, usage: parts.usage, rateLimiters: parts.rateLimiters, accountKeys: (userId) => parts.keys.get(userId) }); // one HLC per account (rule 3); a sealed account's pushes carry envelopes (rule 24)
  // The release reads and writes the owner's records through the same (awaited) service; its own state is in the engine's release store.
  // A hand-delivered message's due date e-mails its trustee, never its recipient (release/deliveries.ts).
  // A sealed account's trustees are told at release when their page cannot open (no kits in force, or none of their own).
  const sealed = async (userId: string) => (await parts.keys.get(userId))?.sealedAt != null;
  const release = createReleaseService(deps, plainRecords(records), parts.releaseStore, { checkpoint: parts.checkpoint, handoverOf: createHandoverLookup(parts.messageKeyStore), sealed, languageOf: (userId) => parts.accounts.language(userId) });
  const mailer = opts.mailer ?? createMailer(deps.config);
  const push = { store: parts.pushStore, sender: createPushSender(deps.config.vapid, parts.pushStore) };
  const escrow = createEscrow(deps.config.releaseKey, parts.escrowStore, async (userId) => (await release.state(userId)).phase, deps.now);
  // Trustee kits: their gates, shares and Q sealed under the release key's `kits` subkey (kits/seal.ts).
  const sealer = createKitSealer(deps.config.releaseKey);
  const kitDeps = { deps, release, records: plainRecords(records), sealer };
  const messageKeys = createMessageKeys({ ...kitDeps, store: parts.messageKeyStore, stored: async (userId, collection, id) => await parts.source.store.get(userId, collection, id) });
  // A message with a wrap of the released kits is opened with Q; else the escrow's path (release-keys.ts).
  const releaseKeys = createReleaseKeys(escrow, parts.keys, messageKeys);
  // Emergency gates sealed under the release key's `emergency` subkey (sharing/gate-seal.ts).
  // Once a year, an owner who shares now or set emergency access is told how many, and how to stop (sharing/yearly-reminder.ts).
  const reminders = createSharingReminders({ store: parts.reminderStore, shares: parts.shareStore, emergency: parts.emergencyStore, release, now: deps.now });
  const emergency = wireEmergency(deps, {
    store: parts.emergencyStore,
    gates: createGateSealer(deps.config.releaseKey),
    release,
    push: push.sender,
    pushStore: push.store,
    poke: () => scheduler.poke(),
    itemExists: documentExists,
    sharingStarted: (userId) => reminders.armSoon(userId),
  });
  const scheduler = createReleaseScheduler(deps, release, records, mailer, {
    emergency: () => emergency.tick(),
    sharingReminders: () => reminders.pass(),
    // A delivery e-mail's link carries its message's key in the fragment (release-keys.ts).
    deliveryFragment: async (userId, messageId) => releaseKeys.deliveryFragment(userId, await parts.source.store.get(userId, 'messages', messageId)),
    housekeeping: () => lifetime.sweep(),
    leader: parts.leader,
    notifyOwner: (userId, kind) => push.sender.notify(userId, kind), // check-in reminders by Web Push too
  });
  const resetMail = createResetMail(deps, { accounts: parts.accounts, release, scheduler });
  const kits = createKitService(kitDeps);
  const kitRelease = createKitRelease({ ...kitDeps, kits });
  const services: Omit<Services, 'trusteePages'> = {
    engine: parts.engine,
    hasher: createHasher(limits.passwordHashesAtOnce), // scrypt below libuv's threads (issue 40)
    accounts: parts.accounts,
    store: parts.source.store,
    records,
    release,
    scheduler,
    mailer,
    blobs,
    push,
    escrow,
    kits,
    kitRelease,
    messageKeys,
    releaseKeys,
    sharing,
    emergency,
    keys: parts.keys,
    seal: parts.seal,
    resetMail,
    rateLimiters: parts.rateLimiters,
  };
  // A released account's trustee page, kept until its next write (issue 40 item 1).
  return { ...services, trusteePages: createTrusteePages(services) };
}
