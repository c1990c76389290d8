import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import { mergeState, type RecordState } from './merge';

const hlcArb = fc
  .record({ ms: fc.integer({ min: 0, max: 50 }), counter: fc.integer({ min: 0, max: 3 }), node: fc.constantFrom('a', 'b', 'c') })
  .map(formatHlc);
const fieldArb = fc.constantFrom('title', 'description', 'priority', 'resources/x1', '_deleted');
const valueArb = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));

/** A state whose every field has a value and a clock (as every real write produces). */
const stateArb: fc.Arbitrary<RecordState> = fc
  .array(fc.tuple(fieldArb, hlcArb, valueArb), { maxLength: 6 })
  .map((entries) => {
    const s: RecordState = { values: {}, clocks: {} };
    for (const [f, h, v] of entries) {
      s.values[f] = v;
      s.clocks[f] = h;
    }
    return s;
  });

const merge = (a: RecordState, b: RecordState) => mergeState(a, b).state;
const norm = (s: RecordState) => JSON.stringify(Object.keys(s.clocks).sort().map((k) => [k, s.clocks[k], s.values[k]]));

describe('merge (shared/sync/README.md rule 4)', () => {
  it('rule 4: merge is commutative', () => {
    fc.assert(fc.property(stateArb, stateArb, (a, b) => {
      expect(norm(merge(a, b))).toBe(norm(merge(b, a)));
    }));
  });
  it('rule 4: merge is associative', () => {
    fc.assert(
      fc.property(stateArb, stateArb, stateArb, (a, b, c) => {
        expect(norm(merge(merge(a, b), c))).toBe(norm(merge(a, merge(b, c))));
      },
      ),
    );
  });
  it('rule 4: merge is idempotent', () => {
    fc.assert(
      fc.property(stateArb, stateArb, (a, b) => {
        expect(norm(merge(a, a))).toBe(norm(a));
        expect(norm(merge(merge(a, b), b))).toBe(norm(merge(a, b)));
      }),
    );
  });
  it('rule 4: the greater HLC wins per field, and concurrent edits of different fields both survive', () => {
    const a = { values: { title: 'A', priority: 1 }, clocks: { title: formatHlc({ ms: 5, counter: 0, node: 'a' }), priority: formatHlc({ ms: 1, counter: 0, node: 'a' }) } };
    const b = { values: { title: 'B', priority: 2 }, clocks: { title: formatHlc({ ms: 4, counter: 9, node: 'b' }), priority: formatHlc({ ms: 2, counter: 0, node: 'b' }) } };
    const m = merge(a, b);
    expect(m.values).toEqual({ title: 'A', priority: 2 });
    expect(mergeState(a, b).changed).toEqual(['priority']);
  });
  it('does not mutate its inputs', () => {
    const a = { values: { title: 'A' }, clocks: { title: formatHlc({ ms: 1, counter: 0, node: 'a' }) } };
    const b = { values: { title: 'B' }, clocks: { title: formatHlc({ ms: 2, counter: 0, node: 'b' }) } };
    merge(a, b);
    expect(a.values.title).toBe('A');
  });
});
