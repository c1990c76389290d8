/**
 * Group commit (issue #20): writes that arrive in the same turn of the event loop share ONE
 * SQLite transaction, hence one fsync. The database runs with synchronous=FULL (db/sqlite.ts,
 * issue #9: an acknowledged write survives a crash), and a commit's fsync blocks the event loop
 * for milliseconds; under load, pushes of many accounts then cost one wait instead of one each.
 *
 * Durability is unchanged: a caller's promise settles only after the shared COMMIT returned.
 * Isolation is unchanged: each write runs in its own SAVEPOINT inside the batch, so one that
 * throws is rolled back alone and rejects alone; the others commit. A failed COMMIT rejects
 * every write of the batch (none of it was stored). Writes run in arrival order.
 */
import type { Db } from './sqlite';

export interface GroupCommit {
  /**
   * Runs `write` (synchronous; its SQL goes through `db`) in the next batch; resolves its result
   * once the batch is committed, or rejects with what it threw or the commit's error.
   */
  run<T>(write: () => T): Promise<T>;
}

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** A batcher of writes to `db`, flushed once per event-loop turn (setImmediate). One per database user. */
export function createGroupCommit(db: Db): GroupCommit {
  let queue: Pending[] = [];

  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const p of batch) {
          try {
            outcomes.push({ ok: true, value: db.transaction(p.write)() }); // a SAVEPOINT inside the batch
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  };

  return {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
