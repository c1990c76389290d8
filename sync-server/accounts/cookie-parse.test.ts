/**
 * The parses of whole Cookie headers kept in memory (accounts/cookies.ts, issue 41) answer each
 * header with its own cookies: the same text, the same account; any other text (another account's
 * session, a token changed by one character, the cookies in another order) is parsed for itself.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';

describe('a kept parse of a Cookie header is that header\'s (issue 41)', () => {
  it('each header answers as its own cookies say, read after read', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    const whoIs = async (cookie: string) => {
      const res = await t.call('GET', '/api/user/profile', undefined, cookie);
      return res.status === 200 ? ((await res.json()) as { id: string }).id : res.status;
    };
    const session = (cookie: string) => cookie.split('; ').find((c) => c.startsWith('afterword_session='))!;
    const tampered = a.cookie.replace(/(afterword_session=[^;]*)(.)(;|$)/, (_m, head: string, last: string, end: string) => `${head}${last === 'A' ? 'B' : 'A'}${end}`);
    const reordered = [...a.cookie.split('; ')].reverse().join('; ');
    for (let round = 0; round < 2; round++) {
      expect(await whoIs(a.cookie)).toBe(a.user.id);
      expect(await whoIs(b.cookie)).toBe(b.user.id);
      expect(await whoIs(tampered)).toBe(401);
      expect(await whoIs(reordered)).toBe(a.user.id);
      expect(await whoIs(`${session(b.cookie)}; ${session(a.cookie)}`)).toBe(b.user.id); // the first of a name wins
      expect(await whoIs(`${session(a.cookie)}; ${session(b.cookie)}`)).toBe(a.user.id);
    }
  });
});
