/**
 * checkSyncResponse (./response-check.ts) refuses exactly what the zod schema it replaced refused,
 * and returns what that schema returned (issue 41): both run on random JSON, on valid answers and
 * on valid answers mutated where a lying server might lie (a value swapped, a key dropped or added,
 * `__proto__` keys, numbers past the safe integers or infinite as JSON.parse makes them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../shared/schema/collection-names';
import { z } from '../../shared/schema/z';
import { checkSyncResponse } from './response-check';

/** The zod schema the transport checked answers with before issue 41, word for word: the reference. */
const serverRecordSchema = z.object({
  collection: z.enum(COLLECTIONS),
  id: z.string(),
  seq: z.number().check(z.int()),
  values: z.record(z.string(), z.unknown()),
  clocks: z.record(z.string(), z.string()),
});
const syncResponseSchema = z.object({
  accepted: z.array(z.string()),
  rejected: z.array(z.object({ hlc: z.string(), collection: z.string(), id: z.string(), reason: z.string(), record: z.nullable(serverRecordSchema) })),
  records: z.array(serverRecordSchema),
  cursor: z.number().check(z.int(), z.gte(0)),
  hasMore: z.boolean(),
  total: z.optional(z.number().check(z.int(), z.gte(0))),
  remaining: z.optional(z.number().check(z.int(), z.gte(0))),
  serverTime: z.number(),
});

/** Both checks on `raw`: the same verdict, and on success the same value. */
function sameAsZod(raw: unknown): void {
  const ref = syncResponseSchema.safeParse(raw);
  const mine = checkSyncResponse(raw);
  expect(mine !== null).toBe(ref.success);
  if (ref.success) expect(mine).toStrictEqual(ref.data);
}

/** Numbers a server may send: integers near and past the safe range, fractions, -0, and what JSON.parse makes of 1e400. */
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Infinity, -Infinity, JSON.parse('1e400') as number),
  fc.double(),
);
const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'collection', 'seq', 'values', 'clocks', 'record'));
const json = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(json, nastyNumber, fc.constant(undefined), fc.constant(null), fc.constant([]), fc.constant({}));
const collection = fc.oneof(fc.constantFrom(...COLLECTIONS), fc.string());
const seq = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(2 ** 53));

const serverRecord = fc.record({ collection, id: fc.string(), seq, values: fc.dictionary(key, json, { maxKeys: 4 }), clocks: fc.dictionary(key, fc.string(), { maxKeys: 4 }) });
const rejected = fc.record({ hlc: fc.string(), collection: fc.string(), id: fc.string(), reason: fc.string(), record: fc.option(serverRecord, { nil: null }) });
const response = fc.record(
  {
    accepted: fc.array(fc.string(), { maxLength: 3 }),
    rejected: fc.array(rejected, { maxLength: 3 }),
    records: fc.array(serverRecord, { maxLength: 4 }),
    cursor: fc.oneof(fc.nat(), fc.maxSafeNat()),
    hasMore: fc.boolean(),
    total: fc.nat(),
    remaining: fc.nat(),
    serverTime: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  },
  { requiredKeys: ['accepted', 'rejected', 'records', 'cursor', 'hasMore', 'serverTime'] },
);

/** Every [holder, key] place in `value`'s objects and arrays, the root's own places first. */
function places(value: unknown): [Record<string | number, unknown>, string | number][] {
  const out: [Record<string | number, unknown>, string | number][] = [];
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return;
    for (const k of Object.keys(v)) {
      out.push([v as Record<string, unknown>, Array.isArray(v) ? Number(k) : k]);
      walk((v as Record<string, unknown>)[k]);
    }
  };
  walk(value);
  return out;
}

type Mutation = { at: number; kind: 'replace' | 'delete' | 'add'; key: string; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'add'), key, value: anyValue });

/** `base` with `mutations` applied, each at one of its places (a fresh copy; an own `__proto__` key is made as JSON.parse makes it). */
function mutated(base: unknown, mutations: readonly Mutation[]): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as unknown;
  for (const m of mutations) {
    const all = places(copy);
    if (!all.length) break;
    const [holder, k] = all[m.at % all.length]!;
    if (m.kind === 'replace') holder[k] = structuredClone(m.value);
    else if (m.kind === 'delete') delete holder[k];
    else {
      const target = holder[k];
      if (typeof target === 'object' && target !== null && !Array.isArray(target)) Object.defineProperty(target, m.key, { value: structuredClone(m.value), enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}

describe('checkSyncResponse: exactly what the zod schema took (issue 41)', () => {
  it('random JSON and values', () => {
    fc.assert(fc.property(anyValue, (raw) => sameAsZod(raw)), { numRuns: 2_000 });
  });

  it('valid answers, as sent and as JSON.parse returns them', () => {
    fc.assert(
      fc.property(response, (raw) => {
        sameAsZod(raw);
        sameAsZod(JSON.parse(JSON.stringify(raw)));
      }),
      { numRuns: 1_000 },
    );
  });

  it('valid answers mutated where a lying server would lie', () => {
    fc.assert(fc.property(response, fc.array(mutation, { minLength: 1, maxLength: 4 }), (raw, ms) => sameAsZod(mutated(raw, ms))), { numRuns: 3_000 });
  });

  it('examples: an answer taken, and the lies it refuses', () => {
    const record = { collection: 'messages', id: 'm1', seq: 3, values: { a: 1 }, clocks: { a: 'h' } };
    const ok = { accepted: ['h1'], rejected: [{ hlc: 'h2', collection: 'x', id: 'i', reason: 'r', record: null }], records: [record], cursor: 3, hasMore: false, serverTime: 1 };
    expect(checkSyncResponse({ ...ok, extra: 1 })).toStrictEqual(ok);
    const lies: unknown[] = [
      { ...ok, cursor: -1 },
      { ...ok, cursor: 1.5 },
      { ...ok, cursor: 2 ** 53 },
      { ...ok, serverTime: JSON.parse('1e400') },
      { ...ok, total: -3 },
      { ...ok, hasMore: 'no' },
      { ...ok, records: [{ ...record, collection: 'users' }] },
      { ...ok, records: [{ ...record, clocks: { a: 1 } }] },
      { ...ok, records: [{ ...record, values: [] }] },
      { ...ok, rejected: [{ hlc: 'h2', collection: 'x', id: 'i', reason: 'r' }] },
      [ok],
      null,
    ];
    for (const lie of lies) {
      expect(checkSyncResponse(lie)).toBeNull();
      sameAsZod(lie);
    }
    const proto = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const withProto = { ...ok, records: [{ ...record, values: proto }] };
    sameAsZod(withProto);
    expect(Object.keys(checkSyncResponse(withProto)!.records[0]!.values)).toEqual(['a']);
  });
});
