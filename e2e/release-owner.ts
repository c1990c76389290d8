/**
 * The owner of the release pages' browser tests: Ada Lovelace, signed up over the real server's
 * REST API (no keys: the records stay plain, as scripts and the REST API make them).
 */
import { expect } from 'vitest';
import { type Caller, fetchCaller } from '../sync-server/test/blob-test-support';

/** Signs Ada up on the server at `serverUrl` with addresses and username tagged `tag`; resolves with her signed-in caller. */
export async function signUpAda(serverUrl: string, tag: string): Promise<Caller> {
  return (await signUpAdaWithId(serverUrl, tag)).call;
}

/** signUpAda, with her account's id too (what a kit's derivations name: shared/crypto/trustee-kit.ts). */
export async function signUpAdaWithId(serverUrl: string, tag: string): Promise<{ call: Caller; userId: string }> {
  const reg = await fetch(`${serverUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, username: `ada_${tag}`, password: 'correct horse battery' }),
  });
  expect(reg.status).toBe(201);
  const userId = ((await reg.json()) as { id: string }).id;
  return { call: fetchCaller(serverUrl, reg.headers.get('set-cookie')!.split(';')[0]!), userId };
}
