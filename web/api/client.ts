/**
 * The one way the web app calls the server (SPEC.md §7): credentials included, JSON bodies,
 * and any non-OK response thrown as an `ApiError` whose message is '{status}: {body text}'
 * (the status text when the body is empty, SPEC.md §8).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ error }` text when the body is JSON, else undefined. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined;
    }
  }
}

/** SPEC.md §8: where a toast uses "the server message", it falls back to this. */
export const FALLBACK_MESSAGE = 'Please try again later.';

/** The server message of any thrown value, or `fallback` (SPEC.md §8). */
export function serverMessage(err: unknown, fallback: string = FALLBACK_MESSAGE): string {
  return err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
}

/**
 * Calls `path` (e.g. '/api/messages') and returns the parsed JSON body (or null for 204).
 * Throws `ApiError` on a non-OK status; network failures reject with the fetch TypeError.
 */
export async function apiFetch<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * True for a 4xx that sending the same thing again cannot change (400, 413, 422, …); false for
 * what passes: a session to renew or prove (401, 403, 407), a timeout or a busy server (408, 425,
 * 429), a race (409), and anything not a 4xx (offline, 5xx). One line for share copies
 * (web/features/sharing share-client.ts) and emergency bundles (emergency-follow.ts).
 */
export const refusedForGood = (status: number | undefined): boolean => status !== undefined && status >= 400 && status < 500 && ![401, 403, 407, 408, 409, 425, 429].includes(status);
