/**
 * Compare-and-set of a pushed change (shared/sync/README.md rule 28; admission.ts), over the real
 * app and a real SQLite file: merged only while each named field's stored HLC is the one given.
 */
import { describe, expect, it } from 'vitest';
import { CAS_REFUSAL } from '../../shared/sync/cas';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { createTestApp, signUp } from '../test/test-support';

const hlcAt = (ms: number, node: string) => `${String(ms).padStart(15, '0')}-0000-${node.padStart(16, '0')}`;

describe('a change with ifClocks (rule 28)', () => {
  it('is merged while the clocks match, rejected with the record once the field moved, and refused when it names a field it does not write', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const id = user.id as string;
    const push = async (changes: unknown[]) => {
      const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes }, cookie);
      expect(res.status).toBe(200);
      return (await res.json()) as { accepted: string[]; rejected: { hlc: string; reason: string; record: { values: Record<string, unknown>; clocks: Record<string, string> } | null }[] };
    };
    const base = t.deps.now();
    const h1 = hlcAt(base + 1000, 'a1');
    const first = await push([{ collection: 'deathPlan', id, hlc: h1, fields: { funeralType: 'memorial_service', location: 'First', completed: false, createdAt: new Date(base).toISOString() } }]);
    expect(first.rejected.map((r) => r.reason)).toEqual([]);
    expect(first.accepted).toEqual([h1]);

    // Another device moves the field; a compare-and-set against the old clock is refused, even stamped later.
    const h2 = hlcAt(base + 2000, 'b2');
    expect((await push([{ collection: 'deathPlan', id, hlc: h2, fields: { location: 'Second' } }])).accepted).toEqual([h2]);
    const late = hlcAt(base + 3000, 'a1');
    const refused = await push([{ collection: 'deathPlan', id, hlc: late, fields: { location: 'Re-keyed' }, ifClocks: { location: h1 } }]);
    expect(refused.accepted).toEqual([]);
    expect(refused.rejected[0]!.reason).toContain(CAS_REFUSAL);
    expect(refused.rejected[0]!.record!.values.location).toBe('Second');

    // Against the current clock it is merged; '' matches only a field never written.
    const h4 = hlcAt(base + 4000, 'a1');
    expect((await push([{ collection: 'deathPlan', id, hlc: h4, fields: { location: 'Third' }, ifClocks: { location: h2 } }])).accepted).toEqual([h4]);
    const h5 = hlcAt(base + 5000, 'a1');
    expect((await push([{ collection: 'deathPlan', id, hlc: h5, fields: { obituary: 'Words' }, ifClocks: { obituary: '' } }])).accepted).toEqual([h5]);
    const h6 = hlcAt(base + 6000, 'a1');
    expect((await push([{ collection: 'deathPlan', id, hlc: h6, fields: { obituary: 'Other' }, ifClocks: { obituary: '' } }])).rejected[0]!.reason).toContain(CAS_REFUSAL);

    // A clock of a field the change does not write is an invalid change.
    const h7 = hlcAt(base + 7000, 'a1');
    const invalid = await push([{ collection: 'deathPlan', id, hlc: h7, fields: { location: 'Fourth' }, ifClocks: { obituary: h5 } }]);
    expect(invalid.rejected[0]!.reason).toContain('ifClocks.obituary');
    const plan = await t.call('GET', '/api/death-plan', undefined, cookie);
    expect(((await plan.json()) as { location: string; obituary: string })).toMatchObject({ location: 'Third', obituary: 'Words' });
  });
});
