/**
 * The release pages' Subresource Integrity (scripts/release-pages.ts): every script, stylesheet
 * and module preload the built page links gets the sha384 of the file as built; a linked file
 * that is missing fails the build instead of shipping a page without SRI.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sriAttributes } from '../../scripts/release-pages';

const sha384 = (s: string) => `sha384-${createHash('sha384').update(s).digest('base64')}`;

describe('sriAttributes', () => {
  const files: Record<string, string> = { '/r/assets/index-1.js': 'console.log(1)', '/r/assets/index-2.css': 'body{}', '/r/assets/dep-3.js': 'export {}' };
  it('adds the sha384 of each linked file', () => {
    const html = `<script type="module" crossorigin src="/r/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/r/assets/dep-3.js">
<link rel="stylesheet" crossorigin href="/r/assets/index-2.css">
<link rel="icon" href="/favicon.svg">`;
    const out = sriAttributes(html, (p) => files[p]);
    expect(out).toContain(`src="/r/assets/index-1.js" integrity="${sha384('console.log(1)')}"`);
    expect(out).toContain(`href="/r/assets/dep-3.js" integrity="${sha384('export {}')}"`);
    expect(out).toContain(`href="/r/assets/index-2.css" integrity="${sha384('body{}')}"`);
    expect(out).toContain('<link rel="icon" href="/favicon.svg">'); // not ours to pin
  });
  it('refuses a page whose script is not in the build', () => {
    expect(() => sriAttributes('<script type="module" src="/r/assets/gone.js"></script>', () => undefined)).toThrow(/no built file/);
  });
});
