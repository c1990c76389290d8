/**
 * Test support: the app's apiFetch over the in-process test app, as a browser does it — a cookie
 * jar (every cookie the server sets, removals honoured), JSON bodies, an ApiError-like throw
 * (status, bodyText). `sent` records every request body; `net.online = false` fails like fetch offline.
 */
import type { Api } from '../../web/features/keys/sign-in';
import type { TestApp } from './test-support';

export function testBrowser(t: TestApp, net = { online: true }) {
  const jar = new Map<string, string>();
  const sent: string[] = [];
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const api: Api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    if (init.body !== undefined) sent.push(JSON.stringify(init.body));
    const res = await t.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie() || undefined);
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      const at = pair.indexOf('=');
      if (pair.slice(at + 1) && !/Max-Age=0/i.test(set)) jar.set(pair.slice(0, at), pair.slice(at + 1));
      else jar.delete(pair.slice(0, at));
    }
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(text), { status: res.status, bodyText: text });
    return JSON.parse(text) as T;
  };
  return { api, sent, cookie };
}
