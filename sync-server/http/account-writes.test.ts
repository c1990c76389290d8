/**
 * The per-account write queue (app.ts, issue #15) is keyed by a LIVE session: a cookie that was
 * signed out (or revoked by a password change) queues nothing, so whoever holds an old cookie
 * cannot stall its owner's writes with requests that never end.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test-support';

const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full' });

describe('the write queue of an account', () => {
  it('requests carrying a signed-out cookie, whose bodies never end, do not stall the owner’s writes', async () => {
    const t = createTestApp();
    const owner = await signUp(t);
    const stolen = owner.cookie;
    const login = await t.call('POST', '/api/auth/login', { username: owner.body.username, password: owner.body.password });
    const fresh = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await t.call('POST', '/api/auth/logout', {}, stolen)).status).toBe(200); // the old cookie is revoked
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    const hanging = ['/api/auth/login', '/api/trustees', '/api/release/cancel'].flatMap((path) =>
      Array.from({ length: 12 }, () =>
        t.app.request(`http://localhost${path}`, {
          method: 'POST',
          // A Content-Length is taken at its word (http/body-limit.ts): the body is read by the route.
          headers: { Cookie: stolen, 'Content-Type': 'application/json', 'Content-Length': '200' },
          body: new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) }),
          duplex: 'half',
        } as RequestInit),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50)); // all of them are in
    // Before: the old cookie's requests held the owner's queue, 33 deep, and this write was a 429.
    const saved = await t.call('POST', '/api/trustees', trustee('Grace'), fresh);
    expect(saved.status).toBe(201);
    for (const c of streams) c.close();
    await Promise.allSettled(hanging);
  });
});
