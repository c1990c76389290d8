/**
 * The per-account write queue (app.ts, issue #15) is keyed by a LIVE session: a cookie that was
 * signed out (or revoked by a password change) queues nothing, so whoever holds an old cookie
 * cannot stall its owner's writes with requests that never end. A write that waited in the queue
 * (the REST one, or a sync's own) reads its session again before it runs.
 */
import { describe, expect, it } from 'vitest';
import { formatHlc, PROTOCOL_VERSION } from '../../shared/sync';
import { SESSION_HINT_COOKIE } from '../accounts/session-hint';
import { trusteeFields } from '../test/hostile-tenant-support';
import { createTestApp, signUp } from '../test/test-support';

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

  /**
   * Holds the owner's turn with a write to `path` whose body is still arriving, queues `write`
   * behind it, signs the owner's session out while it waits, then lets the first go. Returns the
   * queued write's answer and the trustees' names as the owner's other session reads them.
   */
  async function signedOutWhileQueued(path: string, write: (t: ReturnType<typeof createTestApp>, cookie: string) => Promise<Response>) {
    const t = createTestApp();
    const owner = await signUp(t);
    const login = await t.call('POST', '/api/auth/login', { username: owner.body.username, password: owner.body.password });
    const other = login.headers.get('set-cookie')!.split(';')[0]!;
    let hold!: ReadableStreamDefaultController<Uint8Array>;
    const first = t.app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': 'application/json', 'Content-Length': '200' },
      body: new ReadableStream<Uint8Array>({ start: (c) => void (hold = c) }),
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const queued = write(t, owner.cookie); // its session is checked as it joins the queue
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await t.call('POST', '/api/auth/logout', {}, owner.cookie)).status).toBe(200);
    hold.close();
    await first;
    const answer = await queued;
    const list = await t.call('GET', '/api/trustees', undefined, other);
    // The browser keeps the last of a response's cookies of one name: the hint must not outlive the session.
    const hint = answer.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_HINT_COOKIE}=`)).at(-1);
    return { status: answer.status, hint, names: ((await list.json()) as { name: string }[]).map((x) => x.name) };
  }

  it('a write that waited in the queue while its session was signed out is refused, and stores nothing', async () => {
    const { status, names } = await signedOutWhileQueued('/api/trustees', (t, cookie) => t.call('POST', '/api/trustees', trustee('Mallory'), cookie));
    // Before: the queued write ran on the session it had when it joined, and Mallory was stored.
    expect(status).toBe(401);
    expect(names).not.toContain('Mallory');
  });

  it('a sync push that waited behind another while its session was signed out merges nothing', async () => {
    const { status, hint, names } = await signedOutWhileQueued('/api/sync', (t, cookie) => {
      const change = { collection: 'trustees', id: 'mallory', hlc: formatHlc({ ms: t.deps.now(), counter: 0, node: 'dev1' }), fields: trusteeFields('Mallory') };
      return t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: [change] }, cookie);
    });
    // Before: the queued push merged on the session it had when it joined.
    expect(status).toBe(401);
    expect(hint ?? `${SESSION_HINT_COOKIE}=; Max-Age=0`).toMatch(/Max-Age=0/); // requireSession had set it
    expect(names).not.toContain('Mallory');
  });
});
