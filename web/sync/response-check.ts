/**
 * The shape check of a `POST /api/sync` answer before anything of it touches IndexedDB (rules
 * 10–14 of shared/sync/README.md), without zod (issue 41 "The dashboard loads only what it shows":
 * the engine pulls as the signed-in start opens the database, and zod is not for painting).
 * It refuses exactly what the zod schema it replaced refused, and returns what that schema
 * returned (unknown keys of an object left out, `__proto__` keys of a record too): response-check.test.ts
 * compares the two on random, valid and mutated answers (fast-check). A lying server's answer is
 * checked no less: every field's type, integers where counts are, finite numbers, known collections.
 */
import { COLLECTIONS } from '../../shared/schema/collection-names';
import type { RejectedChange, ServerRecord, SyncResponse } from '../../shared/sync/protocol';

/** Not a shape the check accepts: thrown inside, answered as null by checkSyncResponse. */
class Refused extends Error {}

const refuse = (): never => {
  throw new Refused();
};

/** A JSON object: not null, not an array (zod's object and record take these, from JSON.parse). */
function object(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : refuse();
}

const string = (v: unknown): string => (typeof v === 'string' ? v : refuse());
const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : refuse());
/** An integer zod's `int()` takes: a safe one (±(2^53 − 1)). */
const int = (v: unknown): number => (Number.isSafeInteger(v) ? (v as number) : refuse());
const count = (v: unknown): number => (int(v) >= 0 ? (v as number) : refuse());
/** An array of `item`s, every index checked (a hole is undefined, as zod reads it; map would skip it). */
function array<T>(v: unknown, item: (x: unknown) => T): T[] {
  if (!Array.isArray(v)) return refuse();
  const out: T[] = [];
  for (let i = 0; i < v.length; i++) out.push(item(v[i]));
  return out;
}

/** A record of strings to `value`s, copied as zod copies one: its own enumerable keys but `__proto__`. */
function record<T>(v: unknown, value: (x: unknown) => T): Record<string, T> {
  const from = object(v);
  const out: Record<string, T> = {};
  for (const key of Object.keys(from)) if (key !== '__proto__') out[key] = value(from[key]);
  return out;
}

function serverRecord(v: unknown): ServerRecord {
  const o = object(v);
  const collection = (COLLECTIONS as readonly unknown[]).includes(o.collection) ? (o.collection as ServerRecord['collection']) : refuse();
  return { collection, id: string(o.id), seq: int(o.seq), values: record(o.values, (x) => x), clocks: record(o.clocks, string) };
}

function rejected(v: unknown): RejectedChange {
  const o = object(v);
  return { hlc: string(o.hlc), collection: string(o.collection), id: string(o.id), reason: string(o.reason), record: o.record === null ? null : serverRecord(o.record) };
}

/**
 * `raw` (an answer's parsed JSON) as a SyncResponse, or null when it is not one. Takes: any JSON
 * value. Returns: a new object holding only the response's fields (as the zod schema did).
 */
export function checkSyncResponse(raw: unknown): SyncResponse | null {
  try {
    const o = object(raw);
    const out: SyncResponse = {
      accepted: array(o.accepted, string),
      rejected: array(o.rejected, rejected),
      records: array(o.records, serverRecord),
      cursor: count(o.cursor),
      hasMore: typeof o.hasMore === 'boolean' ? o.hasMore : refuse(),
      serverTime: finite(o.serverTime),
    };
    // Optional: absent, or present (undefined kept as undefined, as zod keeps it; JSON has none).
    if ('total' in o) out.total = o.total === undefined ? undefined : count(o.total);
    if ('remaining' in o) out.remaining = o.remaining === undefined ? undefined : count(o.remaining);
    return out;
  } catch (err) {
    if (err instanceof Refused) return null;
    throw err;
  }
}
