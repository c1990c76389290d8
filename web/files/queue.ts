/**
 * The attachment queue runner (issue #17; anchors: PowerSync's attachment queue, Dexie Cloud's
 * blob offloading). The queue itself is the `attachments` table, so it survives reloads, closing
 * the app, going offline and the server restarting; this runner uploads what is due, one file at
 * a time: on start, after local writes (a record now holds a queued file), on `online`, when the
 * sync engine reaches the server (see FilesLifecycle) and when a backoff is due. One tab per
 * device runs it (Web Locks, like the sync engine). Network failures, 5xx and 401 retry with
 * exponential backoff and jitter; a refusal (413, 415, 409, other 4xx) becomes `failed` with the
 * server's message, never retried by itself (retryAttachment). Files no record holds are dropped
 * first and never uploaded (store.ts). The upload code (upload.ts: chunking, encryption, SHA-256)
 * is loaded when a file is first due, not with the runner (issue #20; precached for offline).
 */
import { ApiError } from '../api/client';
import type { AttachmentRow } from '../db/schema';
import type { UserDatabase } from '../db/user-database';
import { browserEnvironment, type SyncEnvironment } from '../sync/environment';
import { createRunner, jitteredBackoff, withDeviceLock } from '../sync/runner';
import { isTransient, type FilesHttp } from './http';
import { collectUnreferenced, isReferenced, updateAttachment } from './store';
import { LocalFileMissingError } from './errors';

/** What a runner needs: the database whose queue it runs, the way to the server, and browser hooks. */
export interface AttachmentQueueOptions {
  db: UserDatabase;
  http: FilesHttp;
  /** Browser hooks (locks, online state and events); default: the browser's, none in Node. */
  env?: SyncEnvironment;
  random?: () => number;
  /** Longest wait between retries (ms); default 5 minutes. */
  maxBackoffMs?: number;
  /** Delay after a local write before a run (ms); default 200. */
  debounceMs?: number;
}

/** A running (or stoppable) attachment queue of one database. */
export interface AttachmentQueue {
  /** Subscribes to writes and `online`, and runs. */
  start(): void;
  /** Stops timers and listeners, aborts the upload in flight (it resumes later), waits for the run to end. */
  stop(): Promise<void>;
  /** Asks for a run in `delayMs` (default now). */
  kick(delayMs?: number): void;
  /** Runs now (or joins the run in progress) and resolves when it ends. */
  runNow(): Promise<void>;
  /** The way to the server is back (online, or sync reached it again): waiting files are tried now, their backoff forgotten. */
  wake(): void;
}

/** Plain words for a failure that will be retried (shown under the file while it waits). */
export function describeUploadError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'Sign in again to finish uploading';
    if (err.status === 429) return 'The server is busy; retrying soon';
    if (err.status >= 500) return 'The server had a problem; retrying';
    return 'The upload was interrupted; retrying';
  }
  return 'Cannot reach the server; retrying';
}

/** The reason a refused upload shows: the server's `{ error }` text, or a plain sentence. */
function refusalReason(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? `The server refused this file (${err.status}).`;
  if (err instanceof LocalFileMissingError) return err.message;
  return 'This file could not be uploaded.';
}

/**
 * Puts a failed (or waiting) file back at the head of the queue: state `queued`, no backoff.
 * The runner must be kicked afterwards to start at once.
 */
export async function retryAttachment(db: UserDatabase, blobId: string): Promise<void> {
  await updateAttachment(db, blobId, { state: 'queued', attempts: 0, nextAttemptAt: 0, reason: undefined });
}

/** Creates the runner of `db`'s attachment queue (not started). */
export function createAttachmentQueue(opts: AttachmentQueueOptions): AttachmentQueue {
  const { db, http } = opts;
  const env = opts.env ?? browserEnvironment();
  const random = opts.random ?? Math.random;
  const maxBackoffMs = opts.maxBackoffMs ?? 5 * 60_000;
  const debounceMs = opts.debounceMs ?? 200;
  const online = () => env.isOnline?.() ?? true;
  let started = false;
  let stopped = false;
  let abort: AbortController | null = null;
  let current: string | null = null;
  const cleanups: (() => void)[] = [];

  const runner = createRunner({ run: () => runOnce(), canRun: () => !stopped, now: () => db.deviceNow() });
  const kick = (delayMs = 0) => runner.schedule(delayMs);
  const backoff = (attempts: number) => jitteredBackoff(attempts, maxBackoffMs, random);

  /** Uploads one row and records the outcome in it. */
  async function uploadRow(row: AttachmentRow): Promise<void> {
    // Loaded before the row shows as uploading (a failed load leaves it queued; the run retries).
    const { uploadFile } = await import('./upload');
    await updateAttachment(db, row.blobId, { state: 'uploading', reason: undefined });
    abort = new AbortController();
    current = row.blobId;
    try {
      await uploadFile(db, http, row.ref, abort.signal);
      await updateAttachment(db, row.blobId, { state: 'uploaded', progress: 1, attempts: 0, reason: undefined });
    } catch (err) {
      if (stopped) {
        await updateAttachment(db, row.blobId, { state: 'queued' });
      } else if (isTransient(err)) {
        const attempts = row.attempts + 1;
        const wait = backoff(attempts - 1);
        await updateAttachment(db, row.blobId, { state: 'queued', attempts, nextAttemptAt: db.deviceNow() + wait, reason: describeUploadError(err) });
        if (!(err instanceof ApiError) && !(err instanceof TypeError)) console.warn('Upload failed', err);
      } else {
        await updateAttachment(db, row.blobId, { state: 'failed', reason: refusalReason(err) });
      }
    } finally {
      abort = null;
      current = null;
    }
  }

  /**
   * One pass under the device-wide lock: rows left `uploading` by a closed tab go back to
   * `queued` (nobody else is sending them), unreferenced files are dropped, then what is due is
   * uploaded (only while online).
   */
  async function pass(): Promise<void> {
    await db.dexie.attachments.where('state').equals('uploading').modify({ state: 'queued' });
    await collectUnreferenced(db, db.deviceNow());
    while (!stopped && online()) {
      const rows = (await db.dexie.attachments.where('state').anyOf('queued', 'uploading').toArray()).filter((r) => r.referenced);
      const now = db.deviceNow();
      const due = rows.filter((r) => r.nextAttemptAt <= now).sort((a, b) => a.createdAt - b.createdAt)[0];
      if (!due) {
        const next = Math.min(...rows.map((r) => r.nextAttemptAt));
        if (Number.isFinite(next)) kick(Math.max(0, next - now));
        return;
      }
      await uploadRow(due);
    }
  }

  async function runOnce(): Promise<void> {
    try {
      const ran = await withDeviceLock(env.locks, `afterword-files-${db.userId}`, pass);
      if (!ran) kick(5_000 + Math.round(random() * 5_000)); // another tab runs it; take over if it closes
    } catch (err) {
      console.warn('Attachment queue run failed', err);
      kick(backoff(3));
    }
  }

  const runNow = (): Promise<void> => runner.runNow();

  const wake = () => {
    if (stopped) return;
    void db.dexie.attachments
      .where('state')
      .equals('queued')
      .modify({ attempts: 0, nextAttemptAt: 0 })
      .catch(() => undefined)
      .then(() => kick(0));
  };

  return {
    start() {
      if (started) return;
      started = true;
      cleanups.push(
        db.onWrite(() => {
          kick(debounceMs);
          // The record of the file being uploaded was deleted: stop sending it (the next pass drops it).
          const uploading = current;
          if (uploading) void isReferenced(db, uploading).then((held) => !held && current === uploading && abort?.abort());
        }),
      );
      if (env.subscribe) cleanups.push(env.subscribe('online', wake), env.subscribe('visible', () => kick(0)));
      void runNow();
    },
    async stop() {
      stopped = true;
      for (const c of cleanups.splice(0)) c();
      abort?.abort();
      await runner.stop();
    },
    kick,
    runNow,
    wake,
  };
}
