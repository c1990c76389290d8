import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import { mergeState, stateOfWrite, type RecordState } from './merge';
import { diffList, fieldsOfPatch, listItems, materialize } from './record';
import { jsonLengthBound, MAX_CHANGE_BYTES, validateChange } from './change';

let n = 0;
const newId = () => `i${++n}`;
const h = (ms: number, node = 'a') => formatHlc({ ms, counter: 0, node });
const apply = (state: RecordState, fields: Record<string, unknown>, hlc: string) => mergeState(state, stateOfWrite(fields, hlc)).state;
const texts = (s: RecordState, list: string) => listItems(s, list).map((i) => i.text);

describe('list fields (rule 6)', () => {
  it('rule 6: diffList turns any list into any other list', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 6 }), fc.array(fc.constantFrom('a', 'b', 'c', 'e'), { maxLength: 6 }), (from, to) => {
        let s = apply({ values: {}, clocks: {} }, diffList({ values: {}, clocks: {} }, 'readings', from, newId), h(1));
        expect(texts(s, 'readings')).toEqual(from);
        s = apply(s, diffList(s, 'readings', to, newId), h(2));
        expect(texts(s, 'readings')).toEqual(to);
      }),
    );
  });

  it('rule 6: two devices that each add an item offline both keep both', () => {
    const base = apply({ values: {}, clocks: {} }, diffList({ values: {}, clocks: {} }, 'musicSelections', ['Hymn'], newId), h(1));
    const a = apply(base, diffList(base, 'musicSelections', ['Hymn', 'Song A'], newId), h(2, 'a'));
    const b = apply(base, diffList(base, 'musicSelections', ['Hymn', 'Song B'], newId), h(3, 'b'));
    const ab = mergeState(a, b).state;
    const ba = mergeState(b, a).state;
    expect(texts(ab, 'musicSelections').sort()).toEqual(['Hymn', 'Song A', 'Song B']);
    expect(texts(ab, 'musicSelections')).toEqual(texts(ba, 'musicSelections'));
  });

  it('rule 6: a removal on one device and an addition on the other keeps the addition', () => {
    const base = apply({ values: {}, clocks: {} }, diffList({ values: {}, clocks: {} }, 'readings', ['Psalm 23', 'Ecclesiastes 3'], newId), h(1));
    const a = apply(base, diffList(base, 'readings', ['Ecclesiastes 3'], newId), h(2, 'a'));
    const b = apply(base, diffList(base, 'readings', ['Psalm 23', 'Ecclesiastes 3', 'Do not stand at my grave'], newId), h(3, 'b'));
    expect(texts(mergeState(a, b).state, 'readings')).toEqual(['Ecclesiastes 3', 'Do not stand at my grave']);
  });
});

describe('materialize (rules 5–6)', () => {
  it('rule 5: a tombstoned record materialises as null and stays deleted after other edits', () => {
    let s = apply({ values: {}, clocks: {} }, { name: 'Ann', email: 'a@b.co', accessLevel: 'full' }, h(1));
    s = apply(s, { _deleted: true }, h(2));
    s = apply(s, { name: 'Anne' }, h(3));
    expect(materialize('trustees', 't1', s, 'u1')).toBeNull();
  });

  it('lists become arrays and missing fields their defaults', () => {
    const s = apply({ values: {}, clocks: {} }, fieldsOfPatch('survivorTasks', { values: {}, clocks: {} }, { title: 'Call the doctor', resources: [' Phone ', 'Card'] , userId: 'x' }, newId), h(1));
    const task = materialize('survivorTasks', 't1', s, 'u1')!;
    expect(task.title).toBe('Call the doctor');
    expect(task.resources).toEqual([' Phone ', 'Card']);
    expect(task.automationSteps).toEqual([]);
    expect(task.completionStatus).toBe('not-started');
    expect(task.notifyTrustees).toBe(false);
    expect(task.userId).toBe('u1');
    expect(task.description).toBeNull();
  });
});

describe('validateChange (rule 10)', () => {
  const ok = (raw: unknown) => validateChange(raw, { actor: 'client', userId: 'u1' });
  it('rule 10: accepts a well-formed change', () => {
    expect(ok({ collection: 'messages', id: 'm1', hlc: h(1), fields: { recipientName: 'Ann' } }).ok).toBe(true);
    expect(ok({ collection: 'deathPlan', id: 'u1', hlc: h(1), fields: { 'readings/abc': { text: 'Psalm', pos: 1 } } }).ok).toBe(true);
  });
  it('rule 10: names what is wrong', () => {
    const reason = (raw: unknown) => {
      const r = ok(raw);
      return r.ok ? '' : r.reason;
    };
    expect(reason({ collection: 'spells', id: 'm1', hlc: h(1), fields: { a: 1 } })).toMatch(/collection/);
    expect(reason({ collection: 'messages', id: 'm1', hlc: h(1), fields: { recipientName: 42 } })).toMatch(/messages\.recipientName/);
    expect(reason({ collection: 'messages', id: 'm1', hlc: h(1), fields: { colour: 'red' } })).toMatch(/unknown field/);
    expect(reason({ collection: 'messages', id: 'm1', hlc: h(1), fields: { recipientName: 'x'.repeat(5000) } })).toMatch(/recipientName/);
    expect(reason({ collection: 'messages', id: 'm1', hlc: h(1), fields: { delivered: true } })).toMatch(/only the server/);
    expect(reason({ collection: 'deathPlan', id: 'someone-else', hlc: h(1), fields: { location: 'Oslo' } })).toMatch(/account's id/);
    expect(reason({ collection: 'documents', id: 'd1', hlc: h(1), fields: { documentUrl: 'javascript:alert(1)' } })).toMatch(/documentUrl/);
    expect(reason({ collection: 'messages', id: 'm1', hlc: 'yesterday', fields: { recipientName: 'A' } })).toMatch(/hlc/);
  });
  it('a change is too large by its JSON text, whatever the characters: the bound never undercounts (property), and a change past the limit is refused', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonLengthBound(v) >= JSON.stringify(v).length), { numRuns: 2000 });
    // The longest a JSON number can be: a sign, "0.", five zeros and 17 digits (found by the property in CI).
    for (const v of [-0.0000010076456946651312, -1.2345678901234567e-308, -123456789012345680000]) expect(jsonLengthBound(v)).toBeGreaterThanOrEqual(JSON.stringify(v).length);
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => jsonLengthBound(v) >= JSON.stringify(v).length), { numRuns: 5000 });
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom('\u0001', '\ud800', '"', '\\', '\n', 'é', '😀'), fc.string())), (parts) => jsonLengthBound(parts.join('')) >= JSON.stringify(parts.join('')).length));
    expect(jsonLengthBound({ toJSON: () => 'x'.repeat(10) })).toBe(Infinity);
    const sized = (n: number) => ({ collection: 'documents', id: 'd1', hlc: h(1), fields: { 'documentName~conflict/000000000000001-0000-a': { text: '\u0001'.repeat(n), at: h(1) } } });
    const fits = (n: number) => JSON.stringify(sized(n)).length <= MAX_CHANGE_BYTES;
    let n = 10_000;
    while (fits(n + 1)) n++;
    expect(ok(sized(n)).ok ? '' : (ok(sized(n)) as { reason: string }).reason).not.toBe('Change is too large');
    expect(ok(sized(n + 1))).toEqual({ ok: false, reason: 'Change is too large' });
  });
  it('rule 10: the server may write server-only fields', () => {
    expect(validateChange({ collection: 'messages', id: 'm1', hlc: h(1), fields: { delivered: true } }, { actor: 'server', userId: 'u1' }).ok).toBe(true);
  });
  it('rules 20, 22: bases name written fields, except a delete, whose bases are its view of the record', () => {
    const base = { collection: 'messages', id: 'm1', hlc: h(2) };
    expect(ok({ ...base, fields: { recipientName: 'Ann' }, bases: { messageContent: h(1) } })).toEqual({ ok: false, reason: 'Invalid change: bases.messageContent: not a base of a written field' });
    expect(ok({ ...base, fields: { _deleted: true }, bases: { messageContent: h(1), recipientName: h(1) } }).ok).toBe(true);
    expect(ok({ ...base, fields: { _deleted: false }, bases: { messageContent: h(1) } }).ok).toBe(false);
    expect(ok({ ...base, fields: { _deleted: true }, bases: { messageContent: 'yesterday' } }).ok).toBe(false);
  });
});
