import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutComments } from './classic-scripts';

describe('classic scripts without their comments (scripts/classic-scripts.ts)', () => {
  it('keeps zod-csp.js’s one statement and drops its explanation', () => {
    const source = readFileSync(new URL('../web/classic/zod-csp.js', import.meta.url), 'utf8');
    expect(withoutComments(source)).toBe('globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n');
  });

  it('keeps code that has a comment marker inside a string or after code', () => {
    expect(withoutComments("const a = '/* not a comment */'; // after code\n/* own line */\nb();\n")).toBe("const a = '/* not a comment */'; // after code\nb();\n");
  });
});
