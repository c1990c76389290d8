/**
 * An unknown user and a wrong password cost the same scrypt work (issue #9; OWASP ASVS 6.3.8,
 * DESIGN.md §3), so response time does not reveal which usernames exist. Measured without
 * clocks: node:crypto's scrypt is wrapped in a spy that still runs the real function, and each
 * login path must call it exactly once with the same cost parameters.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, default: real, scrypt: vi.fn(real.scrypt) };
});

const crypto = await import('node:crypto');
const { createTestApp, signUp } = await import('../test/test-support');
const { dummyHash } = await import('./password');

type ScryptCall = [string, Buffer, number, { N: number; r: number; p: number }];

describe('login: unknown user and wrong password do the same work', () => {
  // Production's cost, and a configured one (config.passwordCost): the dummy hash is made at the
  // cost new hashes are, so the two paths never differ by the cost.
  for (const { label, env, cost } of [
    { label: 'N=2^17, r=8, p=1', env: { AFTERWORD_TEST_SCRYPT_N: '' }, cost: { N: 2 ** 17, r: 8, p: 1 } },
    { label: 'the configured N=2^10', env: { AFTERWORD_TEST_SCRYPT_N: '1024' }, cost: { N: 2 ** 10, r: 8, p: 1 } },
  ]) it(`both paths call scrypt once with ${label} — the unknown user against the dummy hash`, async () => {
    const scrypt = vi.mocked(crypto.scrypt);
    const t = createTestApp(env);
    const { body } = await signUp(t);
    const dummySalt = Buffer.from((await dummyHash(cost)).split('$')[4]!, 'base64url');

    const attempt = async (username: string) => {
      scrypt.mockClear();
      const res = await t.call('POST', '/api/auth/login', { username, password: 'not the password' });
      return { status: res.status, json: await res.json(), calls: scrypt.mock.calls as unknown as ScryptCall[] };
    };
    const wrong = await attempt(body.username);
    const unknown = await attempt('nobody_by_this_name');

    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    for (const { calls } of [wrong, unknown]) {
      expect(calls).toHaveLength(1);
      expect(calls[0]![3]).toMatchObject(cost);
    }
    expect(unknown.calls[0]![1].equals(dummySalt)).toBe(true); // the dummy hash is what is verified
    expect(wrong.calls[0]![1].equals(dummySalt)).toBe(false);
  });
});
