/**
 * Test-side helper: apiFetch (web/api/client.ts) over the real test app, as the app's key code
 * takes it (web/features/keys/sign-in.ts `Api`): one browser's cookie jar, JSON bodies, and an
 * ApiError-like throw (`status`, `bodyText`). `sent` collects every request body, to scan.
 */
import type { Api } from '../../web/features/keys/sign-in';
import type { TestApp } from '../test-support';

/** One browser on `t`, with its cookie jar (`cookie()`: the Cookie header it sends). */
export function testBrowser(t: TestApp, sent: string[] = []): Api & { cookie(): string } {
  const jar = new Map<string, string>(); // name → value, as a browser keeps them (every Set-Cookie, not only the first)
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    if (init.body !== undefined) sent.push(JSON.stringify(init.body));
    const res = await t.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie() || undefined);
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attrs] = set.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair!.slice(eq + 1) === '') jar.delete(name);
      else jar.set(name, pair!.slice(eq + 1));
    }
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(text), { status: res.status, bodyText: text });
    return JSON.parse(text) as T;
  };
  return Object.assign(api, { cookie });
}
