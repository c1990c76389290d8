/**
 * A web feature's index.ts (issue 42: what it offers other features, the only file of it another
 * feature may import; .dependency-cruiser.cjs "web-feature-through-its-index") is re-exports only:
 * vite.config.ts declares these files free of side effects to rolldown, so a statement of its own
 * there would be dropped from the build, and a screen re-exported there would load with any helper.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(import.meta.dirname);
const features = readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const withIndex = features.filter((f) => readdirSync(join(FEATURES, f)).includes('index.ts'));

/** The statements of `source` with its comments removed, one per `;`. */
const statements = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

describe("a web feature's index.ts", () => {
  it('exists for the features other features use', () => {
    expect(withIndex).toEqual(expect.arrayContaining(['auth', 'export', 'keys', 'message-vault', 'profile', 'release', 'settings', 'static-pages']));
  });

  it.each(withIndex)('%s/index.ts only re-exports names from its own modules, and no screen (*Page)', (feature) => {
    for (const s of statements(readFileSync(join(FEATURES, feature, 'index.ts'), 'utf8'))) {
      expect(s).toMatch(/^export (type )?\{ [^}]+ \} from '\.\/[^']+'$/);
      expect(s).not.toMatch(/from '\.\/[^']*Page'$/);
    }
  });

  it.each(withIndex)('%s has no index.tsx beside its index.ts (a screen is its own file)', (feature) => {
    expect(readdirSync(join(FEATURES, feature))).not.toContain('index.tsx');
  });
});
