import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClockError, createClock, formatHlc, MAX_CLOCK_DRIFT_MS, newNodeId, parseHlc } from './hlc';

describe('hybrid logical clock', () => {
  it('rule 1: node ids are fresh and well-formed', () => {
    const ids = new Set(Array.from({ length: 100 }, newNodeId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('rule 2: string order is causal order, and parse inverts format', () => {
    fc.assert(
      fc.property(
        fc.record({ ms: fc.nat(2 ** 45), counter: fc.nat(36 ** 4 - 1), node: fc.constantFrom('a1', 'b2') }),
        (p) => {
          expect(parseHlc(formatHlc(p))).toEqual(p);
        },
      ),
    );
    expect(formatHlc({ ms: 10, counter: 0, node: 'z' }) < formatHlc({ ms: 10, counter: 1, node: 'a' })).toBe(true);
    expect(formatHlc({ ms: 9, counter: 99, node: 'z' }) < formatHlc({ ms: 10, counter: 0, node: 'a' })).toBe(true);
  });

  it('rule 2: clocks are monotonic under any wall clock and any received timestamps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.record({ wall: fc.integer({ min: 0, max: 1000 }) }), fc.record({ wall: fc.integer({ min: 0, max: 1000 }), remote: fc.integer({ min: 0, max: 1200 }) })), { minLength: 1, maxLength: 60 }),
        (steps) => {
          let wall = 0;
          const clock = createClock('n1', () => wall);
          let last = '';
          for (const step of steps) {
            wall = step.wall;
            if ('remote' in step) {
              const remote = formatHlc({ ms: step.remote, counter: 0, node: 'n2' });
              clock.receive(remote);
              expect(clock.last() > remote).toBe(true);
            }
            const t = clock.tick();
            expect(t > last).toBe(true);
            last = t;
          }
        },
      ),
    );
  });

  it('rule 2: a restored clock never goes backwards', () => {
    let wall = 1000;
    const a = createClock('n1', () => wall);
    const t1 = a.tick();
    wall = 10; // the device's clock was set back
    const b = createClock('n1', () => wall, a.last());
    expect(b.tick() > t1).toBe(true);
  });

  it('rule 3: a timestamp more than 5 minutes ahead is refused with a reason', () => {
    const now = 1_000_000_000;
    const clock = createClock('n1', () => now);
    clock.receive(formatHlc({ ms: now + MAX_CLOCK_DRIFT_MS, counter: 0, node: 'n2' }));
    expect(() => clock.receive(formatHlc({ ms: now + MAX_CLOCK_DRIFT_MS + 1000, counter: 0, node: 'n2' }))).toThrow(ClockError);
    expect(() => clock.receive(formatHlc({ ms: now + MAX_CLOCK_DRIFT_MS + 1000, counter: 0, node: 'n2' }))).toThrow(/ahead/);
  });

  it('rule 2: a counter that would overflow advances the millisecond instead of failing', () => {
    const now = 1_000_000_000;
    const clock = createClock('n1', () => now);
    const top = formatHlc({ ms: now + 4 * 60_000, counter: 36 ** 4 - 2, node: 'evil' }); // counter zzzy
    clock.receive(top);
    const a = clock.tick();
    const b = clock.tick();
    expect(a > top && b > a).toBe(true);
    expect(parseHlc(b)).toMatchObject({ ms: now + 4 * 60_000 + 1 });
    clock.receive(formatHlc({ ms: now, counter: 36 ** 4 - 1, node: 'n2' }));
    expect(clock.tick() > b).toBe(true);
  });
});
