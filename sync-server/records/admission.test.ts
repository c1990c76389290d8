import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { COLLECTION_SPECS, COLLECTIONS, type CollectionName } from '../../shared/schema';
import { emptyState, formatHlc, materialize, type Change, type ServerRecord } from '../../shared/sync';
import type { AccountUsage } from './store/usage';
import fc from 'fast-check';
import { createAdmission, jsonBytes } from './admission';

const CREATED = '2026-11-21T12:00:00.000Z';
/** A whole record of each collection with only its required fields (and nothing else). */
const MINIMAL: Record<CollectionName, Record<string, unknown>> = {
  profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  deathPlan: { createdAt: CREATED },
  messages: { recipientName: 'Ann', recipientEmail: 'ann@example.com', messageType: 'text', messageContent: 'Love', createdAt: CREATED },
  documents: { documentType: 'will', documentName: 'Will', createdAt: CREATED },
  trustees: { name: 'Sam', email: 'sam@example.com', accessLevel: 'full', createdAt: CREATED },
  survivorTasks: { title: 'Call', description: 'Call the bank today.', category: 'financial', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 3, createdAt: CREATED },
};
const hlc = (n: number) => formatHlc({ ms: 1_795_000_000_000, counter: n, node: 'dev1' });
const usage = (bytes = 0): AccountUsage => ({ live: Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as AccountUsage['live'], bytes });
const change = (collection: CollectionName, id: string, n: number, fields: Record<string, unknown>): Change => ({ collection, id, hlc: hlc(n), fields });

describe('admission (issue #15: records are whole before they exist; account limits)', () => {
  it('"every required field present" is exactly "the whole record parses with the REST schema"', () => {
    for (const c of COLLECTIONS) {
      const spec = COLLECTION_SPECS[c];
      // No rule across fields: the object schema's only checks are its fields'.
      expect(spec.fields._zod.def.checks ?? [], c).toEqual([]);
      const id = 'u1';
      const state = { values: { ...MINIMAL[c] }, clocks: {} };
      expect(spec.fields.safeParse(materialize(c, id, state, 'u1')).success, `${c}: minimal record parses`).toBe(true);
      // The admission agrees: the minimal record is admitted, and without any one of its fields it is not.
      expect(createAdmission('u1', () => null, usage(), ACCOUNT_LIMITS).admit(change(c, id, 1, MINIMAL[c])), c).toBeNull();
      for (const field of Object.keys(MINIMAL[c])) {
        const { [field]: _gone, ...rest } = MINIMAL[c];
        expect(spec.fields.safeParse(materialize(c, id, { values: rest, clocks: {} }, 'u1')).success, `${c} without ${field}`).toBe(false);
        const partial = Object.keys(rest).length ? rest : { _deleted: false }; // a change has at least one field
        expect(createAdmission('u1', () => null, usage(), ACCOUNT_LIMITS).admit(change(c, id, 1, partial))?.reason, `${c} without ${field}`).toMatch(/required/);
      }
    }
  });

  it('a refused change leaves the working copy as it was, and later changes see that', () => {
    const record: ServerRecord = { collection: 'trustees', id: 't1', seq: 1, ...emptyState() };
    const a = createAdmission('u1', () => record, usage(), ACCOUNT_LIMITS);
    expect(a.admit(change('trustees', 't1', 1, { name: 'Only' }))?.reason).toMatch(/required/);
    expect(record.values).toEqual({});
    expect(a.admit(change('trustees', 't1', 2, MINIMAL.trustees))).toBeNull();
    expect(a.admit(change('trustees', 't1', 3, { phone: '1' }))).toBeNull();
  });

  it(`bytes per account: past ${ACCOUNT_LIMITS.accountBytes / 1024 / 1024} MB growth is refused, shrinking is not`, () => {
    const u = usage(ACCOUNT_LIMITS.accountBytes - 1_000);
    const a = createAdmission('u1', () => null, u, ACCOUNT_LIMITS);
    expect(a.admit(change('messages', 'm1', 1, { ...MINIMAL.messages, messageContent: 'x'.repeat(400) }))).toBeNull();
    expect(a.admit(change('messages', 'm2', 2, { ...MINIMAL.messages, messageContent: 'x'.repeat(2_000) }))).toMatchObject({
      status: 413,
      reason: expect.stringMatching(/at most 50 MB/),
    });
    expect(a.admit(change('messages', 'm1', 3, { messageContent: 'short' }))).toBeNull();
    expect(u.bytes).toBeLessThan(ACCOUNT_LIMITS.accountBytes);
  });

  it('live records per collection count deletes and restores', () => {
    const u = usage();
    u.live.trustees = ACCOUNT_LIMITS.trustees;
    const existing: ServerRecord = { collection: 'trustees', id: 'old', seq: 1, values: { ...MINIMAL.trustees }, clocks: { name: hlc(0) } };
    const a = createAdmission('u1', (_c, id) => (id === 'old' ? existing : null), u, ACCOUNT_LIMITS);
    expect(a.admit(change('trustees', 'new', 1, MINIMAL.trustees))).toMatchObject({ status: 403 });
    expect(a.admit(change('trustees', 'old', 2, { _deleted: true }))).toBeNull();
    expect(a.admit(change('trustees', 'new', 3, MINIMAL.trustees))).toBeNull();
    expect(a.admit(change('trustees', 'old', 4, { _deleted: false }))).toMatchObject({ status: 403 });
  });
});

describe('jsonBytes (the bytes a field adds to its record, counted against recordBytes and accountBytes)', () => {
  it('is exactly the UTF-8 length of the value\'s JSON, for every string and value (its ASCII short cut counts no byte less)', () => {
    const exact = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string(), fc.jsonValue()), (v) => jsonBytes(v) === exact(v)), { numRuns: 2_000 });
    for (const v of ['', '"', '\\', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', 'v1.docs~1.AAAAAAAAAAAAAAAA.abc_-', 'é', undefined, null]) expect(jsonBytes(v), JSON.stringify(v)).toBe(exact(v));
  });
});

