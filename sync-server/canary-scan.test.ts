/** The canary scan's searcher (canary-scan.ts) finds a secret in every form it is said to, and nothing else. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { needlesOf, scanBytes, scanDirectory } from './test/canary-scan';

const CANARY = 'canary-Ülrike-7f3a';

describe('the canary scan', () => {
  it('finds a text canary in UTF-8, UTF-16LE, hex, JSON and URL escapes, and inside longer base64 / base64url values at any alignment', () => {
    const needles = needlesOf([CANARY]);
    const inside = (prefix: string) => Buffer.from(`${prefix}${CANARY}…and more`, 'utf8');
    const samples: [string, Buffer][] = [
      ['utf-8', Buffer.from(`x${CANARY}y`)],
      ['utf-16le', Buffer.from(`ab${CANARY}`, 'utf16le')],
      ['hex', Buffer.from(inside('').toString('hex'))],
      ['HEX', Buffer.from(Buffer.from(CANARY).toString('hex').toUpperCase())],
      ['json', Buffer.from(JSON.stringify({ v: CANARY }).replace('Ü', '\\u00dc'))],
      ['url', Buffer.from(`?q=${encodeURIComponent(CANARY)}`)],
    ];
    for (const [form, bytes] of samples) expect(scanBytes(bytes, needles, form).length, form).toBeGreaterThan(0);
    for (const prefix of ['', 'a', 'ab', 'abc', 'abcd']) {
      expect(scanBytes(Buffer.from(inside(prefix).toString('base64')), needles, 'b64').map((h) => h.form)).toContain('base64');
      expect(scanBytes(Buffer.from(inside(prefix).toString('base64url')), needles, 'b64u').length).toBeGreaterThan(0);
    }
    expect(scanBytes(Buffer.from('nothing to see, canary-Ulrike-7f3a'), needles, 'other')).toEqual([]);
  });

  it('finds 32-byte keys raw, in hex and in base64 at any offset (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (key, before, after) => {
        const needles = needlesOf([key]);
        const whole = Buffer.concat([before, key, after]);
        for (const text of [whole, Buffer.from(whole.toString('hex')), Buffer.from(whole.toString('base64')), Buffer.from(whole.toString('base64url'))]) {
          expect(scanBytes(text, needles, 'x').length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('scans every file under a directory, naming where', () => {
    const dir = mkdtempSync(join(tmpdir(), 'afterword-canary-'));
    mkdirSync(join(dir, 'outbox'));
    writeFileSync(join(dir, 'outbox', 'a.eml'), `Subject: hi\n\n${Buffer.from(CANARY).toString('base64')}`);
    writeFileSync(join(dir, 'clean'), 'nothing');
    expect(scanDirectory(dir, needlesOf([CANARY])).map((h) => h.where)).toEqual([join('outbox', 'a.eml')]);
  });

  it('names a named key in its hits, and keeps two keys of the same length apart', () => {
    const ak = new Uint8Array(32).fill(7);
    const other = new Uint8Array(32).fill(9);
    const needles = needlesOf([{ name: 'AK', bytes: ak }, { name: 'scope key plan~1', bytes: other }]);
    const hits = scanBytes(Buffer.from(`{"k":"${Buffer.from(ak).toString('base64url')}"}`), needles, 'body');
    expect(hits.map((h) => h.secret)).toEqual(['AK']); // once: its base64 and base64url texts are the same here
    expect(hits[0]!.form).toMatch(/^base64/);
  });

  it('refuses a canary so short it would match by chance', () => {
    expect(() => needlesOf(['abc'])).toThrow(/at least 4 characters/);
  });
});
