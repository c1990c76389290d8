/**
 * Test-side helper: an account WITH keys, made through the API (as web/features/keys/sign-in.ts
 * registerWithKeys does; the register route takes a keys body) until the sign-in screens make
 * keys themselves. PBKDF2 keeps it quick; the server treats both KDFs alike. The session cookie is
 * put into a browser context, so the page is signed in as after registering.
 */
import type { BrowserContext } from 'playwright-core';
import { newAccountKeys, openAccountKeys, type ServerKeys } from '../shared/crypto/account-setup';
import { derivePasswordKeys, newKdfParams, type KdfParams } from '../shared/crypto/kdf';
import { expect } from 'vitest';
import { fetchCaller, type Caller } from '../sync-server/test/blob-test-support';
import { uniqueUser, type TestUser } from './harness';

/** Registers a keyed account on `baseURL`; returns the user, its id, its recovery code and the session cookies. */
export async function registerWithKeysViaApi(baseURL: string) {
  const user: TestUser = uniqueUser('Grace');
  const id = crypto.randomUUID();
  const made = await newAccountKeys(id, user.password, { kdf: newKdfParams('pbkdf2-sha256') });
  // Only the plain fields: a sealed one (the last name) is written on the device, never in the registration.
  const { password: _password, lastName: _lastName, ...profile } = user;
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...profile, id, ...made.body }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseURL };
  });
  return { user, id, code: made.code, ak: made.ak, keyring: made.keyring, cookies };
}

/** Signs `context` in with `cookies` from registerWithKeysViaApi. */
export const signInContext = (context: BrowserContext, cookies: { name: string; value: string; url: string }[]) => context.addCookies(cookies);

/** Signs in with keys over the API (prelogin, login secret) and opens the keyring with `password`: what the sign-in screen will do. */
export async function openKeyringViaApi(baseURL: string, username: string, password: string) {
  const post = async <T>(path: string, body: unknown) => {
    const res = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { kdf } = await post<{ kdf: KdfParams }>('/api/auth/prelogin', { identifier: username });
  const { loginSecret, unlockKey } = await derivePasswordKeys(password, kdf);
  const user = await post<{ id: string; keys: ServerKeys }>('/api/auth/login', { identifier: username, loginSecret });
  return openAccountKeys(user.id, user.keys, unlockKey);
}

/**
 * An owner (Ada Lovelace, a unique tag in her address and username) registered on `serverUrl`
 * through the API, without keys, as the release and kit tests start. Returns the tag, her id and a
 * Caller signed in as her (sync-server/test/blob-test-support.ts fetchCaller).
 */
export async function registerOwnerViaApi(serverUrl: string): Promise<{ tag: string; userId: string; call: Caller }> {
  const tag = Date.now().toString(36);
  const reg = await fetch(`${serverUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, username: `ada_${tag}`, password: 'correct horse battery' }),
  });
  expect(reg.status).toBe(201);
  const userId = ((await reg.json()) as { id: string }).id;
  return { tag, userId, call: fetchCaller(serverUrl, reg.headers.get('set-cookie')!.split(';')[0]!) };
}
