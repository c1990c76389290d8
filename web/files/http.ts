/**
 * How the files code reaches the server's blob routes (shared/files/README.md). The same rules as
 * web/api/client.ts (credentials included, non-OK answers thrown as its `ApiError` with the
 * server's `{ error }` text); injectable so tests call the real Hono app in-process, like the sync
 * engine's Transport (web/sync/transport.ts).
 */
import { ApiError } from '../api/client';

/** Sends one request to `path` (e.g. '/api/blobs') and resolves with the raw Response. */
export type FilesHttp = (path: string, init?: RequestInit) => Promise<Response>;

/** The browser's fetch on the same origin with the session cookie. */
export const fetchFilesHttp: FilesHttp = (path, init = {}) => fetch(path, { credentials: 'include', ...init });

/** Throws `ApiError` (status + body text) when `res` is not OK; returns it otherwise. */
export async function expectOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
}

/** A JSON request (GET without `body`, POST with it); resolves with the parsed answer. Throws ApiError. */
export async function jsonRequest<T>(http: FilesHttp, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await expectOk(
    await http(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }),
  );
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** True for failures worth retrying later: no network, aborted, timeouts, 5xx, 401, 404 on resume, 408, 429. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500 || [401, 404, 408, 429].includes(err.status);
  return err instanceof TypeError || (err as Error)?.name === 'AbortError' || (err as Error)?.name === 'TimeoutError';
}
