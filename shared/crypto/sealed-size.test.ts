import { describe, expect, it } from 'vitest';
import { sealedSizeProblem, sealedStateBytes } from './sealed-size';

const H = '0001000000000-0000-dev';
const state = (values: Record<string, unknown>) => ({ values, clocks: Object.fromEntries(Object.keys(values).map((k) => [k, H])) });
const items = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}/i${i}`, 'x'.repeat(500)]));

describe('sealed sizes (issue 29 "Limits on ciphertext")', () => {
  it('counts sealed fields as envelopes and plain ones as they are', () => {
    const plain = state({ recipientEmail: 'kim@example.com' });
    expect(sealedStateBytes('messages', 'm1', plain)).toBe(JSON.stringify(plain).length);
    const sealed = state({ recipientName: 'Kim' });
    expect(sealedStateBytes('messages', 'm1', sealed)).toBeGreaterThan(JSON.stringify(sealed).length + 64); // padded to 64 B at least, base64url'd
  });

  it('refuses growth past the record limit naming the written field, and allows a write that shrinks an over-large record', () => {
    const limits = { recordBytes: 100 * 1024, changeBytes: 64 * 1024 };
    const before = state({ title: 'House', ...items(130, 'resources') });
    const after = state({ ...before.values, 'resources/new': 'x'.repeat(500) });
    expect(JSON.stringify(after).length).toBeLessThan(limits.recordBytes); // fits as plain
    expect(sealedSizeProblem('survivorTasks', 't1', { fields: { 'resources/new': 'x'.repeat(500) } }, before, after, limits)).toMatchObject({ field: 'resources/new' });
    const shorter = state({ ...before.values, 'resources/i0': 'short' });
    expect(sealedSizeProblem('survivorTasks', 't1', { fields: { 'resources/i0': 'short' } }, before, shorter, limits)).toBeNull();
    expect(sealedSizeProblem('survivorTasks', 't1', { fields: { completionStatus: 'completed' } }, before, before, limits)).toBeNull(); // plain: nothing seals
  });
});
