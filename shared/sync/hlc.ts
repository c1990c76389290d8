/**
 * Hybrid logical clock (Kulkarni et al. 2014; anchors: Actual Budget `crdt`, Evolu).
 * A timestamp is `wall ms (15 digits)` + `counter (4 base-36 digits)` + `node id`, joined by '-',
 * so that plain string order is causal order (rule 2 of shared/sync/README.md).
 */

export type Hlc = string;

/** A change more than this far ahead of the receiver's wall clock is refused (rule 3). */
export const MAX_CLOCK_DRIFT_MS = 5 * 60 * 1000;
const MAX_COUNTER = 36 ** 4 - 1;

export interface HlcParts {
  ms: number;
  counter: number;
  node: string;
}

/** Thrown when a remote timestamp is too far in the future or is not a timestamp. */
export class ClockError extends Error {
  override name = 'ClockError';
}

/** Serialises parts into the sortable string form. */
export function formatHlc({ ms, counter, node }: HlcParts): Hlc {
  return `${String(ms).padStart(15, '0')}-${counter.toString(36).padStart(4, '0')}-${node}`;
}

const HLC_RE = /^(\d{15})-([0-9a-z]{4})-([0-9a-zA-Z_]{1,32})$/;

/** Parses a timestamp; returns null when it is not one. */
export function parseHlc(hlc: string): HlcParts | null {
  const m = HLC_RE.exec(hlc);
  if (!m) return null;
  return { ms: Number(m[1]), counter: parseInt(m[2]!, 36), node: m[3]! };
}

/** A fresh random node id (16 hex characters); one per tab or server process (rule 1). */
export function newNodeId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Clock {
  /** A new timestamp for a local write, greater than every one seen so far (rule 2). */
  tick(): Hlc;
  /** Folds a remote timestamp into the clock. Throws ClockError if it is too far ahead (rule 3). */
  receive(remote: Hlc): void;
  /** The last timestamp issued or received, for persisting. */
  last(): Hlc;
}

/**
 * A clock for `node`, reading wall time from `now` (ms). `last` restores a persisted state so a
 * reloaded tab never goes backwards. `maxDriftMs` (default MAX_CLOCK_DRIFT_MS) is how far ahead a
 * received timestamp may be; a client passes Infinity, since it never refuses a timestamp the
 * server already merged (rule 3).
 */
export function createClock(node: string, now: () => number, last?: Hlc, maxDriftMs = MAX_CLOCK_DRIFT_MS): Clock {
  const restored = last ? parseHlc(last) : null;
  let ms = restored?.ms ?? 0;
  let counter = restored?.counter ?? 0;
  // A counter that would overflow advances the millisecond instead (rule 2): the result is still
  // greater than every timestamp seen, so no write ever fails for a full counter.
  const bump = (nextMs: number, nextCounter: number) => {
    if (nextCounter > MAX_COUNTER) {
      ms = nextMs + 1;
      counter = 0;
      return;
    }
    ms = nextMs;
    counter = nextCounter;
  };
  return {
    tick() {
      const wall = now();
      if (wall > ms) bump(wall, 0);
      else bump(ms, counter + 1);
      return formatHlc({ ms, counter, node });
    },
    receive(remote) {
      const r = parseHlc(remote);
      if (!r) throw new ClockError(`Invalid timestamp: ${remote}`);
      const wall = now();
      if (r.ms - wall > maxDriftMs) {
        throw new ClockError(
          `Change is ${Math.round((r.ms - wall) / 1000)} s ahead of this clock (limit ${MAX_CLOCK_DRIFT_MS / 1000} s): check the device's date and time`,
        );
      }
      const nextMs = Math.max(ms, r.ms, wall);
      if (nextMs === ms && nextMs === r.ms) bump(nextMs, Math.max(counter, r.counter) + 1);
      else if (nextMs === ms) bump(nextMs, counter + 1);
      else if (nextMs === r.ms) bump(nextMs, r.counter + 1);
      else bump(nextMs, 0);
    },
    last: () => formatHlc({ ms, counter, node }),
  };
}
