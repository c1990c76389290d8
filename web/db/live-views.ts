/**
 * Live reads that hold still while a pull brings many pages (issue 41 "A new device is ready in
 * seconds"). Dexie's liveQuery reads again after every committed write to what it read, so a
 * screen listing a collection re-read the whole collection after each pulled page: a new device's
 * first sync of 100,000 records re-read tens of thousands of records hundreds of times, each read
 * longer than the last, on the thread that merges the pages.
 *
 * While the sync engine says a pull has more pages to come (reportPull, fed with its progress), a
 * live view shows what it read and then waits: it reads again when the records on this device have
 * doubled since its last read (500, 1,000, 2,000, … so the person sees what has arrived, and all the
 * re-reads together cost at most about twice one read of the whole account), after every local
 * write (the person's own edit shows at once), and when the pull ends. Between pulls it is
 * Dexie's liveQuery, unchanged.
 */
import { liveQuery } from 'dexie';
import { hasCreatedAt, type CollectionName } from '../../shared/schema/collection-names';
import type { EntityOf } from '../../shared/schema/collections';
import type { UserDatabase } from './user-database';

/** What a pull reports after each page: this device's records of the account's, or undefined when no more pages wait. */
export type PullProgress = { done: number; total: number } | undefined;

/** One database's pull state, as live views read it. */
class PullGate {
  /** True while a pull has more pages to come. */
  holding = false;
  /** `done` when views last read during this pull (0: not yet). */
  private readAt = 0;
  private readonly waiting = new Set<() => void>();
  /** How many times the views were woken (a view that read meanwhile reads again). */
  wakes = 0;

  /** The engine's progress after a page (undefined: the pull is over). Wakes the views when they should read again. */
  pulled(progress: PullProgress): void {
    if (!progress) {
      if (!this.holding) return;
      this.holding = false;
      this.readAt = 0;
      this.wake();
      return;
    }
    this.holding = true;
    if (progress.done >= 2 * this.readAt) {
      this.readAt = Math.max(progress.done, 1);
      this.wake();
    }
  }

  /** Every waiting view reads again once. */
  wake(): void {
    this.wakes++;
    const views = [...this.waiting];
    this.waiting.clear();
    for (const read of views) read();
  }

  /** Calls `read` at the next wake; returns a function that cancels it. */
  onWake(read: () => void): () => void {
    this.waiting.add(read);
    return () => this.waiting.delete(read);
  }
}

const gates = new WeakMap<UserDatabase, PullGate>();

/** The pull gate of `db` (created on first use; a local write wakes its views). */
function gateOf(db: UserDatabase): PullGate {
  let gate = gates.get(db);
  if (!gate) {
    const created = new PullGate();
    db.onWrite(() => created.wake());
    gates.set(db, created);
    gate = created;
  }
  return gate;
}

/**
 * Tells `db`'s live views how far a pull has got (web/sync/engine.ts, after each merged page):
 * `progress` while more pages come, undefined when the pull ended (or failed).
 */
export function reportPull(db: UserDatabase, progress: PullProgress): void {
  gateOf(db).pulled(progress);
}

/** An observable as dexie-react-hooks' useObservable takes it. */
export interface LiveView<T> {
  subscribe(onNext: (value: T) => void, onError?: (error: unknown) => void): { unsubscribe(): void };
  hasValue(): boolean;
  getValue(): T | undefined;
}

/**
 * `querier` read live from `db` (Dexie's liveQuery), holding still while a pull brings pages as
 * the module says: then it is read once (not live: a live read of a large collection begun while
 * pages keep committing is begun again after each, and would show nothing until the pull ends)
 * and read again when the gate wakes it. Errors of a read go to `onError` as liveQuery's do.
 */
export function liveView<T>(db: UserDatabase, querier: () => Promise<T>): LiveView<T> {
  const gate = gateOf(db);
  let has = false;
  let last: T | undefined;
  return {
    hasValue: () => has,
    getValue: () => last,
    subscribe(onNext, onError) {
      let live: { unsubscribe(): void } | null = null;
      let cancelWait: (() => void) | null = null;
      let closed = false;
      const show = (value: T) => {
        has = true;
        last = value;
        onNext(value);
      };
      const wait = () => {
        if (gate.holding) cancelWait = gate.onWake(read);
        else read();
      };
      const read = () => {
        cancelWait?.();
        cancelWait = null;
        if (closed) return;
        if (gate.holding) {
          const wakes = gate.wakes;
          querier().then(
            (value) => {
              if (closed) return;
              show(value);
              if (gate.wakes !== wakes) read(); // woken while it read: read again now
              else wait();
            },
            (err: unknown) => !closed && onError?.(err),
          );
          return;
        }
        const sub = liveQuery(querier).subscribe({
          next: (value) => {
            show(value);
            if (!gate.holding || closed || live !== sub) return;
            sub.unsubscribe(); // a pull has begun: hold still until the gate wakes this view
            live = null;
            wait();
          },
          error: (err) => onError?.(err),
        });
        live = sub;
      };
      read();
      return {
        unsubscribe() {
          closed = true;
          live?.unsubscribe();
          cancelWait?.();
        },
      };
    },
  };
}

/** Every live record of `name`, newest first when the collection has createdAt (what useCollection shows). */
export function readCollection<C extends CollectionName>(db: UserDatabase, name: C): Promise<EntityOf[C][]> {
  const table = db.dexie.entities(name);
  return hasCreatedAt(name) ? table.orderBy('createdAt').reverse().toArray() : table.toArray();
}
