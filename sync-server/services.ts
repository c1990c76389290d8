/**
 * The server's services, built once by `createServices(deps)` and handed explicitly to
 * `createApp(deps, services)` and to each route module: the account store, the record store and
 * service, one HLC per account (rule 3), the release service and its
 * scheduler (DESIGN.md §8), and the files (issue #17: blob store under DATA_DIR/blobs, metadata,
 * lifetime). No process-wide registry: two instances over the same database (a
 * restart in a test) are two independent values, and nothing a request carries is kept here.
 */
import { join } from 'node:path';
import type { AppDeps } from './app-env';
import { createBlobMeta } from './blobs/blob-meta';
import { createFsBlobStore } from './blobs/fs-blob-store';
import { lazyS3BlobStore } from './blobs/s3-config';
import { createBlobLifetime } from './blobs/lifetime';
import { createBlobService, type BlobService } from './blobs/service';
import { createAccountStore, type AccountStore } from './db/accounts';
import { createReleaseStore } from './db/release';
import { createSqliteAsyncReleaseStore } from './db/release-store';
import type { RecordStore } from './db/record-store';
import { createSqliteRecordStore } from './db/sqlite-record-store';
import { createUsageReader } from './db/usage';
import { createRecordService, type RecordService } from './records';
import { createMailer, type Mailer } from './release/mailer';
import { createReleaseScheduler, type ReleaseScheduler } from './release/scheduler';
import { createReleaseService, type ReleaseService } from './release/service';

export interface Services {
  accounts: AccountStore;
  store: RecordStore;
  records: RecordService;
  release: ReleaseService;
  scheduler: ReleaseScheduler;
  /** SMTP (SMTP_URL) or the outbox folder; Settings says which (release/readiness.ts). */
  mailer: Mailer;
  /** Files (issue #17): uploads, quota, lifetime (sync-server/blobs/). */
  blobs: BlobService;
}

/**
 * Builds every service of `deps.db` once. `opts.mailer` replaces the mailer of `deps.config`
 * (SMTP_URL, else the `.eml` folder), e.g. for a test that counts sends.
 */
export function createServices(deps: AppDeps, opts: { mailer?: Mailer } = {}): Services {
  const { limits } = deps.config; // AFTERWORD_LIMITS over shared/limits.ts (config-limits.ts)
  const store = createSqliteRecordStore(deps.db, limits);
  const blobMeta = createBlobMeta(deps.db);
  const blobStore = deps.config.s3 ? lazyS3BlobStore(deps.config.s3) : createFsBlobStore(join(deps.config.dataDir, 'blobs')); // S3_BUCKET: issue #19
  const lifetime = createBlobLifetime(blobMeta, blobStore, deps.now, { keptBytes: deps.config.files.userQuotaBytes });
  const maxFiles = 2 * limits.recordsPerCollection; // documents and messages, each may hold one file
  const blobs = createBlobService(blobStore, blobMeta, lifetime, { files: deps.config.files, now: deps.now, maxFiles });
  const records = createRecordService(store, {
    now: deps.now,
    usage: createUsageReader(deps.db),
    limits,
    onFileRefs: (userId, refs) => lifetime.recordsChanged(userId, refs), // a file no live record refers to is deleted
  }); // one HLC per account (rule 3)
  const release = createReleaseService(deps, records, createSqliteAsyncReleaseStore(deps.db, createReleaseStore(deps.db)));
  const mailer = opts.mailer ?? createMailer(deps.config);
  const scheduler = createReleaseScheduler(deps, release, records, mailer, { housekeeping: () => lifetime.sweep() });
  return { accounts: createAccountStore(deps.db), store, records, release, scheduler, mailer, blobs };
}
