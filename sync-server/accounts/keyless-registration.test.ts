/**
 * Registration with a plain password makes an account made before keys (unsealed): a real server
 * refuses it (SECURITY.md "Accounts made before keys"); only test servers that make such accounts
 * on purpose allow it (config.ts AFTERWORD_TEST_KEYLESS_REGISTRATION).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeDeviceKeys } from '../test/test-keys';
import { createTestApp, newUser } from '../test/test-support';

describe('POST /api/auth/register with a password and no keys', () => {
  it('is refused with 422 naming keys by a server without the test option, and creates nothing; with keys it registers', async () => {
    const t = createTestApp({ AFTERWORD_TEST_KEYLESS_REGISTRATION: '' });
    const body = newUser();
    const res = await t.call('POST', '/api/auth/register', body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(json.error).toMatch(/keys/);
    expect(json.issues.map((i) => i.path)).toEqual(['keys']);
    expect(await t.services.accounts.findByUsername(body.username)).toBeFalsy();
    expect(t.deps.config.allowKeylessRegistration).toBe(false);

    const id = randomUUID();
    const { password, lastName: _l, ...profile } = newUser();
    const keyed = await t.call('POST', '/api/auth/register', { ...profile, id, ...(await makeDeviceKeys(id, password)).body });
    expect(keyed.status).toBe(201);
    expect((await t.services.keys.get(id))!.sealedAt).not.toBeNull();
  });

  it('is accepted by a test server that makes accounts made before keys (the option set), unsealed', async () => {
    const t = createTestApp();
    expect(t.deps.config.allowKeylessRegistration).toBe(true);
    const res = await t.call('POST', '/api/auth/register', newUser());
    expect(res.status).toBe(201);
    expect(await t.services.keys.get(((await res.json()) as { id: string }).id)).toBeNull();
  });
});
