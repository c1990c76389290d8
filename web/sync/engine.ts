/**
 * The sync engine of one open database (DESIGN.md §2 "Client"): pushes the outbox and pulls
 * what changed, on start, after local writes (debounced), on `online`, on becoming visible and
 * on an interval while visible (the fallback), and at once when the server pokes over the live
 * channel (rule 19); one tab at a time (Web Locks); failures retried with exponential backoff and
 * jitter; 401 pauses until resume() (the outbox is kept); 426 stops until an update. Every response
 * measures the clock offset to the server (rule 17).
 */
import { MAX_PUSH_CHANGES, type RejectedChange, type SyncRequest, type SyncResponse } from '../../shared/sync/protocol';
import type { UserDatabase } from '../db/user-database';
import { reportPull } from '../db/live-views';
import { mergeAnswer, nextRequest, openAnswer, type KeptNotice, type OpenedAnswer } from './apply-response';
import type { LiveConnect } from './live';
import { SyncHttpError, type Transport } from './transport';
import { createRunner, jitteredBackoff, withDeviceLock } from './runner';
import { browserEnvironment, type SyncEnvironment } from './environment';
import { dismissIdenticalKept } from './identical-kept';
import { isSealRefusal, isStaleKeyRefusal, KeysLockedError, outboxSealer, unopenedWords, type SyncKeys } from './sealing';

export type SyncStatus = 'offline' | 'syncing' | 'synced' | 'error' | 'needs-sign-in' | 'update-required';

export interface SyncSnapshot {
  status: SyncStatus;
  /** Plain words for the person (never the server's raw text): why the last sync failed. */
  lastError?: string;
  lastSyncedAt?: number;
  /** Server time − this device's clock (ms), measured on the last sync (rule 17). */
  clockOffMs?: number;
  /** A sealed account: words naming the screens whose pulled words could not be opened (rule 26), or undefined. */
  unopened?: string;
  /**
   * While a pull has more pages to come (a new device's first sync, issue 41): how many of the
   * account's records this device has (`done`) of `total`, as the server counts them.
   */
  progress?: { done: number; total: number };
}

/** True for a 401 answer, whoever made the request: SyncHttpError, or the API client's error (web/api/client.ts ApiError, with `status`). */
const isUnauthorized = (err: unknown) => err instanceof SyncHttpError ? err.status === 401 : (err as { status?: unknown } | null)?.status === 401;

/**
 * Plain words for a failed sync (issue 14 finding 7: a server's raw text is never shown).
 * Network failures, server failures and refusals each get one sentence.
 */
export function describeSyncError(err: unknown, online = true): string {
  if (!online) return 'This device is offline';
  if (err instanceof KeysLockedError) return 'Your keys are locked on this device; sign in again to sync';
  if (err instanceof SealRefusedError) return 'The server did not accept the sealed changes; retrying';
  if (err instanceof CursorBehindError) return 'The server answered with older data than this device already has; nothing was changed here. Retrying';
  if (isNetworkError(err)) return 'Cannot reach the server';
  if (err instanceof SyncHttpError) {
    if (err.status === 413) return 'Too many changes at once; retrying in smaller steps';
    if (err.status === 429) return 'The server is busy; retrying soon';
    if (err.status >= 500) return 'The server had a problem; retrying';
    return 'The server did not accept this sync; retrying';
  }
  return 'Sync stopped unexpectedly; retrying';
}

export interface SyncEngineOptions {
  db: UserDatabase;
  transport: Transport;
  now?: () => number;
  random?: () => number;
  env?: SyncEnvironment;
  onState?: (snapshot: SyncSnapshot) => void;
  /** Changes the server refused, with their reasons (for a toast). */
  onRejected?: (rejected: RejectedChange[]) => void;
  /** Received timestamps the clock refused (rule 3); recorded, never fatal. Default: console.warn. */
  onClockErrors?: (messages: string[]) => void;
  /** The server answered 401: ask the person to sign in again. */
  onUnauthorized?: () => void;
  debounceMs?: number;
  intervalMs?: number;
  maxBackoffMs?: number;
  /** Most push/pull exchanges in one run before yielding (the next run continues). */
  maxRounds?: number;
  /** Kept versions new to this device (rules 20, 22), to tell the person once. */
  onKept?: (kept: KeptNotice[]) => void;
  /** The live channel (rule 19): subscribed while online and signed in; a poke pulls at once. */
  live?: LiveConnect;
  /**
   * A sealed account's keys (rules 24–27): when given, every change is pushed sealed and every
   * pulled record is opened before it merges. Absent: the account is not sealed (plaintext sync).
   */
  keys?: SyncKeys;
}

export interface SyncEngine {
  start(): void;
  /** Stops timers and listeners, aborts a request in flight, waits for the current run to end. */
  stop(): Promise<void>;
  /** Schedules a run in `delayMs` (default: now). Ignored while paused or stopped. */
  requestSync(delayMs?: number): void;
  /** Runs now (or joins the run in progress) and resolves when it ends. */
  syncNow(): Promise<void>;
  /** Leaves the 'needs-sign-in' pause (after the person signed in again) and syncs. */
  resume(): void;
  snapshot(): SyncSnapshot;
}

/** The server refused sealed changes round after round (or this device cannot seal): back off and retry later. */
class SealRefusedError extends Error {
  override name = 'SealRefusedError';
}

/**
 * The server answered a pull with a cursor behind the one this device asked from (issue 39,
 * Freshness): an honest server never goes back, and such an answer would be merged as "older than
 * one already applied", so it is refused whole before anything of it is merged.
 */
class CursorBehindError extends Error {
  override name = 'CursorBehindError';
}

const isNetworkError = (err: unknown) => err instanceof TypeError || (err as Error)?.name === 'AbortError';

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db, transport, keys } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const env = opts.env ?? browserEnvironment();
  const debounceMs = opts.debounceMs ?? 50; // short: the outbox batches anyway, and other devices wait on it (rule 19)
  const intervalMs = opts.intervalMs ?? 30_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 60_000;
  const maxRounds = opts.maxRounds ?? 20;
  const onClockErrors = opts.onClockErrors ?? ((m: string[]) => console.warn('Sync: timestamps refused by the clock', m));
  const online = () => env.isOnline?.() ?? true;
  const visible = () => env.isVisible?.() ?? true;

  let snap: SyncSnapshot = { status: 'syncing', clockOffMs: db.clockOffset() };
  let started = false;
  let stopped = false;
  let paused: 'needs-sign-in' | 'update-required' | null = null;
  let failures = 0;
  let interval: ReturnType<typeof setInterval> | null = null;
  let abort: AbortController | null = null;
  const cleanups: (() => void)[] = [];
  let closeLive: (() => void) | null = null;
  let liveTimer: ReturnType<typeof setTimeout> | null = null;
  let liveFailures = 0;

  /** Rule 19: keep one live connection while started, online and not paused; reconnect with backoff. */
  const connectLive = () => {
    if (!opts.live || closeLive || liveTimer || stopped || paused || !started || !online()) return;
    closeLive = opts.live({
      onOpen: () => {
        liveFailures = 0;
        schedule(0); // catch up on whatever changed while the stream was closed
      },
      onPoke: () => schedule(0),
      onError: () => {
        closeLive = null;
        const base = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(liveFailures++, 16));
        liveTimer = setTimeout(() => {
          liveTimer = null;
          connectLive();
        }, Math.round(base / 2 + (random() * base) / 2));
      },
    });
  };
  const disconnectLive = () => {
    if (liveTimer) clearTimeout(liveTimer);
    liveTimer = null;
    closeLive?.();
    closeLive = null;
  };

  const set = (next: Partial<SyncSnapshot>) => {
    snap = { ...snap, ...next };
    if (next.status && next.status !== 'error') delete snap.lastError;
    if (next.lastError) snap.lastError = next.lastError;
    // The database's live views hold still while a pull brings pages, and read again as it goes (web/db/live-views.ts).
    reportPull(db, snap.status === 'syncing' ? snap.progress : undefined);
    opts.onState?.(snap);
  };

  /** A sealed account's entries are sealed as their writes commit; a push seals only what is left (sealing.ts outboxSealer). */
  const sealer = keys ? outboxSealer(db, keys, MAX_PUSH_CHANGES) : undefined;
  const runner = createRunner({ run: () => runOnce(), canRun: () => !stopped && !paused, now });
  const schedule = (delayMs: number) => runner.schedule(delayMs);
  const backoff = () => jitteredBackoff(failures, maxBackoffMs, random);

  /**
   * Rule 17: the offset is the server's time minus the midpoint of send and receive (ms). It is
   * stored (the HLC reads corrected time) when it moved by more than a quarter second.
   */
  async function measureOffset(serverTime: number | undefined, sentAt: number, receivedAt: number) {
    if (typeof serverTime !== 'number' || !Number.isFinite(serverTime)) return;
    const offset = Math.round(serverTime - (sentAt + receivedAt) / 2);
    if (Math.abs(offset - db.clockOffset()) > 250) await db.setClockOffset(offset);
    if (snap.clockOffMs !== db.clockOffset()) set({ clockOffMs: db.clockOffset() });
  }

  /** Rule 26: the sync status names the screens whose pulled words did not open. */
  async function showUnopened() {
    const words = unopenedWords(await db.dexie.sealErrors.toArray());
    if (words !== snap.unopened) set({ unopened: words });
  }

  /** One request sent and answered, and (a sealed account) its records opened: what a round merges. */
  interface Answer {
    request: SyncRequest;
    answer: OpenedAnswer;
    sentAt: number;
    receivedAt: number;
  }

  /** Sends `request` (stop() aborts it) and opens its answer (openAnswer: nothing read or written; rule 29's check is the merge's). */
  async function send(request: SyncRequest): Promise<Answer> {
    const ctrl = new AbortController();
    abort = ctrl;
    const sentAt = db.deviceNow();
    try {
      const res = await transport(request, ctrl.signal);
      const receivedAt = db.deviceNow();
      return { request, answer: await openAnswer(keys, res), sentAt, receivedAt }; // a sealed account's records opened first (rule 26)
    } finally {
      if (abort === ctrl) abort = null;
    }
  }

  /**
   * Issue 41: "Bringing your plan to this device: 12,400 of 30,000" while more pages wait (the
   * server's `total` and `remaining`, rule 13), gone with the last page.
   */
  function showProgress(res: SyncResponse) {
    const { total, remaining } = res;
    const progress = res.hasMore && typeof total === 'number' && typeof remaining === 'number' && remaining <= total ? { done: total - remaining, total } : undefined;
    if (progress?.done !== snap.progress?.done || progress?.total !== snap.progress?.total) set({ progress });
  }

  /**
   * The exchanges of one run, under the cross-tab lock. Returns false when another tab holds it.
   * `more` is set when the run stopped after maxRounds with more to do (the runner runs again).
   *
   * A pull with more pages after it, and nothing in the outbox to push, fetches and opens the next
   * page while this one merges into IndexedDB (issue 41: a new device's first sync waited for each
   * page's network, then its opening, then its merge, one after another); rule 29's check against
   * this device's states is made in each page's own merge (mergeAnswer), so it sees the page before.
   * The next page asks from this answer's cursor, which this round stores with its records (one
   * transaction: a reload continues from the last page merged). At most one request is in flight.
   */
  async function exchange(run: { more: boolean }): Promise<boolean> {
    const body = async () => {
      let sealRefusals = 0;
      let ahead: Promise<Answer> | null = null;
      try {
        for (let round = 0; round < maxRounds && !stopped; round++) {
          const next = ahead ?? send(await nextRequest(db, keys, sealer?.beforePush)); // a sealed account's entries sealed first (rule 25)
          ahead = null;
          const { request, answer, sentAt, receivedAt } = await next;
          const res = answer.response;
          if (stopped) return;
          if (res.cursor < request.cursor) throw new CursorBehindError(`Cursor ${res.cursor} behind the request's ${request.cursor}`);
          if (res.hasMore && request.changes.length === 0 && round + 1 < maxRounds && (await db.dexie.outbox.count()) === 0) {
            ahead = send({ ...request, cursor: res.cursor, changes: [] });
            ahead.catch(() => undefined); // its failure is met when the next round awaits it, not as an unhandled rejection meanwhile
          }
          await measureOffset(res.serverTime, sentAt, receivedAt);
          const result = await mergeAnswer(db, answer);
          showProgress(res);
          if (keys && (result.sealErrorsChanged || !res.hasMore)) await showUnopened(); // when this page changed them, and at a pull's end (not a read a page)
          if (keys && res.rejected.some((r) => isStaleKeyRefusal(r.reason))) await keys.refreshKeyring(); // rule 26: sealed again with the new key next round
          // A change refused for its sealing stays in the outbox; refused again and again, the run backs off.
          const resealed = res.rejected.filter((r) => isSealRefusal(r.reason));
          sealRefusals = resealed.length > 0 && res.accepted.length === 0 ? sealRefusals + 1 : 0;
          if (sealRefusals > 2 || (!keys && resealed.length > 0)) throw new SealRefusedError();
          const kept = await dismissIdenticalKept(db, result.kept); // rule 27: identical texts keep nothing
          const refused = result.rejected.filter((r) => !isSealRefusal(r.reason));
          if (refused.length) opts.onRejected?.(refused);
          if (kept.length) opts.onKept?.(kept);
          if (result.clockErrors.length) onClockErrors(result.clockErrors);
          const progressed = res.accepted.length + res.rejected.length > 0 || request.changes.length === 0;
          if (!progressed && !res.hasMore) throw new Error('The server acknowledged none of the changes sent');
          // A dismissal of an identical kept version is a new outbox entry to push (rule 27).
          const pending = result.kept.length > 0 ? await db.dexie.outbox.count() : result.pending;
          if (!res.hasMore && pending === 0) return;
        }
      } finally {
        // A page fetched ahead and not merged (this round failed, or the engine stopped) is dropped: the cursor stored is the last merged page's.
        if (ahead) abort?.abort();
      }
      run.more = true;
      runner.again(); // more to do: continue in a fresh run so other work can interleave
    };
    return withDeviceLock(env.locks, `afterword-sync-${db.userId}`, body);
  }

  async function runOnce(): Promise<void> {
    if (!online()) {
      set({ status: 'offline' });
      return;
    }
    set({ status: 'syncing' });
    try {
      const run = { more: false };
      const ran = await exchange(run);
      if (!ran) {
        schedule(1000 + Math.round(random() * 1000));
        return;
      }
      failures = 0;
      // A run that stopped after maxRounds with more to pull is not "synced": the next run continues at once.
      if (!stopped && !run.more) set({ status: 'synced', lastSyncedAt: now(), progress: undefined });
    } catch (err) {
      if (stopped) return;
      // A 401 from the sync request or from a call the keys make for it (a new letter's key:
      // PUT /api/keys/keyring; the keyring refreshed) means the same: sign in again.
      if (isUnauthorized(err)) {
        paused = 'needs-sign-in';
        disconnectLive();
        set({ status: 'needs-sign-in' });
        opts.onUnauthorized?.();
        return;
      }
      if (err instanceof SyncHttpError && err.status === 426) {
        paused = 'update-required';
        disconnectLive();
        set({ status: 'update-required' });
        return;
      }
      failures++;
      if (!online()) set({ status: 'offline', progress: undefined });
      else set({ status: 'error', lastError: describeSyncError(err), progress: undefined });
      if (!(err instanceof SyncHttpError) && !isNetworkError(err) && !(err instanceof KeysLockedError)) console.warn('Sync failed', err); // details for developers only
      schedule(backoff());
    }
  }

  const syncNow = (): Promise<void> => runner.runNow();

  return {
    start() {
      if (started) return;
      started = true;
      cleanups.push(
        db.onWrite(() => {
          sealer?.written(); // rule 25: sealed now, after the write committed, not when the sync runs
          if (!paused && snap.status === 'synced') set({ status: 'syncing' });
          schedule(debounceMs);
        }),
      );
      if (env.subscribe) {
        cleanups.push(
          env.subscribe('online', () => {
            failures = 0;
            liveFailures = 0;
            schedule(0);
            connectLive();
          }),
          env.subscribe('offline', () => {
            disconnectLive();
            set({ status: 'offline' });
          }),
          env.subscribe('visible', () => schedule(0)),
        );
      }
      interval = setInterval(() => visible() && schedule(0), intervalMs);
      if (keys) void showUnopened().catch(() => undefined);
      connectLive();
      void syncNow();
    },
    async stop() {
      stopped = true;
      disconnectLive();
      if (interval) clearInterval(interval);
      for (const c of cleanups.splice(0)) c();
      abort?.abort();
      await runner.stop();
      await sealer?.idle();
      reportPull(db, undefined); // a pull stopped half-way: the views read again and stay live
    },
    requestSync(delayMs = 0) {
      schedule(delayMs);
    },
    syncNow,
    resume() {
      if (paused !== 'needs-sign-in') return;
      paused = null;
      failures = 0;
      liveFailures = 0;
      connectLive();
      void syncNow();
    },
    snapshot: () => snap,
  };
}
