/**
 * Fetching a release page's JSON (`GET /api/delivery/<token>/data`, `/api/trustee/access/<token>/data`):
 * the one place the pages ask for it, the static pages of main.ts and the kit page's released step
 * (kit/released.ts). The answer still has to be opened (open.ts).
 */
import type { PageData } from './open';

const API = { d: (t: string) => `/api/delivery/${t}/data`, t: (t: string) => `/api/trustee/access/${t}/data` } as const;

/**
 * The page data of route `kind` for `token`, as the server sent it; null when the link is not
 * available (404). Throws an Error whose message is for the person (offline, refused, failed).
 */
export async function fetchPageData<K extends keyof PageData>(kind: K, token: string): Promise<PageData[K] | null> {
  let res: Response;
  try {
    res = await fetch(API[kind](encodeURIComponent(token)), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new Error('The page could not be loaded. Check your connection and reload the page.');
  }
  if (res.status === 404) return null;
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'The page could not be loaded. Please try again later.');
  }
  return (await res.json()) as PageData[K];
}
