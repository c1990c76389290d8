/**
 * The reset page's English words for a dead link are the server's (shared/schema/auth.ts
 * RESET_LINK_INVALID, the error of POST /api/auth/reset-password), so the page and a refused
 * submit say one sentence.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RESET_LINK_INVALID } from '../../../shared/schema/auth';

// The catalog as written (an import goes through the build's catalog compiler).
const en = JSON.parse(readFileSync(new URL('../../i18n/catalogs/en/password-reset.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('password-reset words', () => {
  it("say the server's words for a dead reset link in English", () => {
    expect(en['reset.invalid']).toBe(RESET_LINK_INVALID);
  });
});
