/**
 * Every route is inside the account frame (SECURITY.md "Limits"; http/account-frame.ts), on any
 * engine: the routes come from Hono's own table of the real app (`app.routes` of createApp with the
 * web app mounted, as main.ts builds it), so a route added later is checked without anyone listing
 * it. Each route outside ALLOWED_OUTSIDE is called twice by a signed-in account whose budget allows
 * one: the second call must be the frame's 429 — for the request budget (every route), the write
 * budget (every write) and the read budget (every answer's bytes). A route that answers anything
 * else is outside the frame and fails the suite. `make(env)` builds a TestApp on the engine with
 * `env` (AFTERWORD_LIMITS) and `close` ends it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isChunkUpload } from '../blobs/routes';
import { createApp } from '../app';
import { liveShare, ownerWithDocument } from '../test/share-test-support';
import { signUp, type TestApp } from '../test/test-support';
import { SHARE_VIEWS_PER_10_MIN, SHARE_VIEWS_TEXT } from '../sharing/routes';
import { FILE_BYTE_BODIES, LIFELINES, WRITES_COUNTED_BY_ROUTE } from './account-frame';
import { concretePath, endpointsOf, isTokenRoute, routeKey } from './public-routes';
import { OWN_BOUND_TOKEN_ROUTES, TOKEN_ROUTE_BUDGETS } from './token-budgets';
import { ACCOUNT_LIMITS } from '../../shared/limits';

/** The owner's budget a token route's answer is charged to (http/token-budgets.ts), in words. */
function tokenBudget(key: string): string {
  const budget = TOKEN_ROUTE_BUDGETS.get(key);
  return budget ? `its answer charged to the owner's ${budget}` : 'NO OWNER BUDGET';
}

/**
 * The routes outside the frame, each with why it may be (the frame counts a signed-in account's
 * requests; none of these is one, and each is limited another way or costs nothing per account).
 */
export const ALLOWED_OUTSIDE: ReadonlyMap<string, string> = new Map([
  // Outside /api: no session, no account data.
  ['GET /healthz', 'liveness probe of load balancers: { ok: true }, no account (http/health.ts)'],
  ['GET /readyz', 'readiness probe: which dependency is down, nothing more (http/health.ts)'],
  ['GET /*', 'the built web app: static files and the app shell, the same for everyone (http/web-app.ts)'],
  ['GET /api/service', "the operator's support address: one constant answer, the same for everyone, signed out too; no account, no database (http/service-info.ts)"],
  // Signing up and in: no account yet, so limited per address and per username (accounts/auth-routes.ts).
  ['POST /api/auth/register', 'no account yet: 30 per address per 10 min, 10 per username per 15 min'],
  ['POST /api/auth/login', 'no account yet: per address, per username, per device cookie (accounts/login-throttle.ts)'],
  ['POST /api/auth/prelogin', 'no account yet: per address (auth-ip, as login); answers only KDF parameters'],
  ['POST /api/auth/logout', 'works with an expired session too; deletes at most its own session row'],
  ['POST /api/auth/forgot-password', 'signed out by nature: limited per address and per IP; e-mails within the reset quota (accounts/password-reset-routes.ts)'],
  ['POST /api/auth/reset-password', 'a reset link: a hashed single-use token, limited per IP (accounts/password-reset-routes.ts)'],
  ['POST /api/auth/reset-password/check', 'a reset link checked before use: the same token and per-IP limit (accounts/password-reset-routes.ts)'],
  // Capability links of trustees and recipients (release/public-routes.ts): the credential is a
  // token, not an owner's session; 120 requests per address per 10 min, files by bytes per address,
  // and every answer's bytes charged to the owner whose token it is (tokenBudget below).
  ...[
    'GET /api/trustee/invite/:token',
    'POST /api/trustee/invite/:token',
    'GET /api/trustee/report/:token',
    'POST /api/trustee/report/:token',
    'POST /api/trustee/report/:token/confirm',
    'GET /api/trustee/access/:token',
    'GET /api/trustee/access/:token/data',
    'POST /api/trustee/access/:token/tasks/:taskId',
    'POST /api/trustee/access/:token/resend/:messageId',
    'GET /api/trustee/access/:token/binder.pdf',
    'GET /api/trustee/access/:token/documents/:documentId/file',
    'GET /api/delivery/:token',
    'GET /api/delivery/:token/data',
    'GET /api/delivery/:token/file',
    'GET /api/still-here/:token',
    'POST /api/still-here/:token',
  ].map((key) => [key, `a token link: limited per address (release/public-routes.ts); ${tokenBudget(key)}`] as const),
  ...[
    'GET /api/kit/:token',
    'POST /api/kit/:token/handover',
    'POST /api/kit/:token/check',
    'POST /api/kit/:token/confirm',
    'GET /api/kit/:token/access',
    'GET /api/kit/:token/handovers',
    'GET /api/kit/:token/emergency',
    'POST /api/kit/:token/emergency',
    'POST /api/kit/:token/emergency/opened',
  ].map((key) => [key, `a trustee's kit link: its token, limited per address (kits/public-routes.ts); ${tokenBudget(key)}`] as const),
  ...['GET /api/shared/:token', 'GET /api/shared/:token/files/:fileId'].map((key) => [key, `a shared item's link: the share's random id; ${OWN_BOUND_TOKEN_ROUTES.get(key)}`] as const),
  ...['GET /api/check-in/:token', 'POST /api/check-in/:token'].map(
    (key) => [key, `a check-in reminder's "I'm here" link: a token, limited per address (release/check-in-routes.ts); ${tokenBudget(key)}`] as const,
  ),
  ...['GET /api/verify-email/:token', 'POST /api/verify-email/:token'].map(
    (key) => [key, `the owner's e-mail confirmation link: a token, limited per address (release/owner-email.ts); ${tokenBudget(key)}`] as const,
  ),
]);

const TOO_MANY = {
  requests: 'Too many requests in a short time. Please wait a minute and try again.',
  writes: 'Too many changes in a short time. Please wait a minute and try again.',
  readBytes: 'Too much data read in a short time. Please wait a minute and try again.',
};
type Budget = keyof typeof TOO_MANY;
const LIMIT_KEY: Record<Budget, string> = { requests: 'requestsPerMinute', writes: 'writesPerMinute', readBytes: 'readBytesPerMinute' };

/** Every endpoint of the real app (the web app mounted on a stand-in build), as `METHOD /pattern`. */
function realRoutes(t: TestApp): { method: string; path: string; key: string }[] {
  const webDir = mkdtempSync(join(tmpdir(), 'afterword-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Afterword</title>');
  return endpointsOf(createApp(t.deps, t.services, { serveWeb: true, webDir })).map((e) => ({ ...e, key: routeKey(e.method, e.path) }));
}

/** Calls `method path` (its params filled in) as `cookie` and reads the answer (an event stream: its first event). */
async function callOnce(t: TestApp, method: string, pattern: string, cookie: string): Promise<{ status: number; error?: string }> {
  const path = concretePath(pattern);
  const res = isChunkUpload(method, path)
    ? await t.call(method, path, 'x', cookie, { 'Content-Type': 'application/octet-stream' })
    : await t.call(method, path, method === 'GET' ? undefined : {}, cookie);
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    return { status: res.status };
  }
  const text = await res.text();
  let error: string | undefined;
  try {
    error = (JSON.parse(text) as { error?: string }).error;
  } catch {
    // not JSON: a file or a page
  }
  return { status: res.status, error };
}

/** The suite on one engine. */
export function accountFrameContract(name: string, make: (env: Record<string, string>) => Promise<TestApp & { close(): Promise<void> }>): void {
  describe(`every route is inside the account frame (SECURITY.md "Limits"): ${name}`, () => {
    /**
     * For each route `which` selects: a new minute, a first call, then a second that must be the
     * frame's 429 for `budget` (set to 1, or 1 byte). Returns the routes that answered otherwise.
     */
    async function outside(budget: Budget, which: (r: { method: string; key: string }) => boolean): Promise<string[]> {
      const t = await make({ AFTERWORD_LIMITS: JSON.stringify({ [LIMIT_KEY[budget]]: 1 }) });
      try {
        const routes = realRoutes(t).filter((r) => !ALLOWED_OUTSIDE.has(r.key) && which(r));
        expect(routes.length).toBeGreaterThan(budget === 'writes' ? 20 : 35);
        const { cookie } = await signUp(t);
        const escaped: string[] = [];
        for (const r of routes) {
          t.advance(61_000); // every window ends
          const first = await callOnce(t, r.method, r.path, cookie);
          const second = await callOnce(t, r.method, r.path, cookie);
          if (first.status === 429 || second.status !== 429 || second.error !== TOO_MANY[budget]) {
            escaped.push(`${r.key}: ${first.status}, then ${second.status} ${second.error ?? ''}`);
          }
        }
        return escaped;
      } finally {
        await t.close();
      }
    }

    it('every route counts against the request budget', { timeout: 120_000 }, async () => {
      expect(await outside('requests', () => true)).toEqual([]);
    });

    it('every write counts against the write budget (the sync and file chunks: by their routes)', { timeout: 120_000 }, async () => {
      expect(await outside('writes', (r) => r.method !== 'GET' && !WRITES_COUNTED_BY_ROUTE.has(r.key))).toEqual([]);
    });

    it('every answer counts its bytes against the read budget (file bytes: against the file budget)', { timeout: 120_000 }, async () => {
      // The owner's lifelines (cancel, check-in) are counted but never refused by it: lifelines.test.ts.
      expect(await outside('readBytes', (r) => !FILE_BYTE_BODIES.has(r.key) && !LIFELINES.has(r.key))).toEqual([]);
    });

    it('the exceptions name routes that exist', async () => {
      const t = await make({});
      try {
        const keys = new Set(realRoutes(t).map((r) => r.key));
        for (const key of [...ALLOWED_OUTSIDE.keys(), ...WRITES_COUNTED_BY_ROUTE.keys(), ...FILE_BYTE_BODIES.keys(), ...LIFELINES, ...OWN_BOUND_TOKEN_ROUTES.keys()]) expect(keys, key).toContain(key);
      } finally {
        await t.close();
      }
    });

    it('every token route outside the frame names the owner\'s budget its answer is charged to, or its own bound', async () => {
      const t = await make({});
      try {
        const tokenRoutes = realRoutes(t).filter((r) => ALLOWED_OUTSIDE.has(r.key) && isTokenRoute(r.path));
        expect(tokenRoutes.length).toBeGreaterThan(20);
        for (const r of tokenRoutes) {
          if (OWN_BOUND_TOKEN_ROUTES.has(r.key)) {
            expect(TOKEN_ROUTE_BUDGETS.has(r.key), r.key).toBe(false); // its own bound, tested below (review F5)
            continue;
          }
          const budget = TOKEN_ROUTE_BUDGETS.get(r.key);
          expect(budget, r.key).toBeDefined();
          expect(Object.keys(ACCOUNT_LIMITS), r.key).toContain(budget);
          expect(ALLOWED_OUTSIDE.get(r.key), r.key).toContain(`charged to the owner's ${budget}`);
        }
      } finally {
        await t.close();
      }
    });

    /** True when three calls of each of `keys` as one account never meet a 429 under `limits`. */
    async function spared(limits: Record<string, number>, keys: string[]) {
      const t = await make({ AFTERWORD_LIMITS: JSON.stringify(limits) });
      try {
        const { cookie } = await signUp(t);
        for (const key of keys) {
          const [method, path] = key.split(' ') as [string, string];
          for (let i = 0; i < 3; i++) expect((await callOnce(t, method, path, cookie)).status, key).not.toBe(429);
        }
      } finally {
        await t.close();
      }
    }

    it("a viewer's reads of a shared item spend the share's own bound, never the owner's read budget (review F5)", async () => {
      const t = await make({ AFTERWORD_LIMITS: JSON.stringify({ readBytesPerMinute: 8_000 }) });
      try {
        const owner = await ownerWithDocument(t);
        const [shareId, other] = [await liveShare(t, owner), await liveShare(t, owner)];
        t.advance(61_000); // every window ends: the owner has a whole minute's read budget
        // Far more bytes than the owner may read in a minute, all from the one link:
        for (let i = 0; i < SHARE_VIEWS_PER_10_MIN; i++) {
          const res = await t.call('GET', `/api/shared/${shareId}`);
          expect(res.status, `read ${i + 1}`).toBe(200);
          await res.text(); // an answer is charged as it is sent
        }
        expect((await t.call('GET', '/api/shares', undefined, owner.cookie)).status).toBe(200); // the owner still reads
        const refused = await t.call('GET', `/api/shared/${shareId}`);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('Retry-After')).toMatch(/^[1-9][0-9]*$/);
        expect(((await refused.json()) as { error: string }).error).toBe(SHARE_VIEWS_TEXT);
        expect((await t.call('GET', `/api/shared/${other}`)).status).toBe(200); // another share has its own bound
        expect((await t.call('GET', '/api/shares', undefined, owner.cookie)).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    it('one address reading a leaked link past its bound does not lock the link’s real viewer out (security review 20 #4)', async () => {
      const t = await make({ TRUST_PROXY: '1' });
      try {
        const owner = await ownerWithDocument(t);
        const shareId = await liveShare(t, owner);
        const from = (ip: string) => ({ 'x-forwarded-for': ip });
        let read = 0;
        for (; read < SHARE_VIEWS_PER_10_MIN * 4; read++) {
          const res = await t.call('GET', `/api/shared/${shareId}`, undefined, undefined, from('203.0.113.9'));
          await res.text();
          if (res.status === 429) break;
        }
        expect(read).toBeLessThan(SHARE_VIEWS_PER_10_MIN * 4); // the one address is bounded
        expect((await t.call('GET', `/api/shared/${shareId}`, undefined, undefined, from('198.51.100.7'))).status).toBe(200); // the viewer still opens it
      } finally {
        await t.close();
      }
    });

    it('file chunks are not writes, and file bytes do not spend the read budget', async () => {
      await spared({ writesPerMinute: 1 }, ['PUT /api/blobs/:blobId/chunks/:index']);
      // (The export's route charges its records to the read budget itself: not among these.)
      await spared({ readBytesPerMinute: 1 }, ['GET /api/blobs/:blobId/chunks/:index', 'GET /api/blobs/:blobId/content']);
    });
  });
}
