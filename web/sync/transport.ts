/**
 * How the engine talks to `POST /api/sync` (rules 10–14). The default uses fetch with the session
 * cookie; tests inject a transport that calls the real Hono app in-process.
 */
import type { SyncRequest, SyncResponse } from '../../shared/sync/protocol';
import { checkSyncResponse } from './response-check';

/** Sends one request, resolves with the server's response; throws SyncHttpError or a network error. */
export type Transport = (request: SyncRequest, signal?: AbortSignal) => Promise<SyncResponse>;

/** A non-OK answer: `status` decides what the engine does (401 sign in, 426 update, else retry). */
export class SyncHttpError extends Error {
  override name = 'SyncHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns a `Response` into a SyncResponse, or throws SyncHttpError with the server's `{ error }`
 * text (or the status text). Shared by the fetch transport and tests' in-process transport.
 */
export async function readSyncResponse(res: Response): Promise<SyncResponse> {
  const text = await res.text();
  if (!res.ok) {
    let message = res.statusText || `HTTP ${res.status}`;
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') message = body.error;
    } catch {
      /* not JSON: keep the status text */
    }
    throw new SyncHttpError(res.status, message);
  }
  // Its shape checked before anything of it touches IndexedDB (./response-check.ts).
  const parsed = checkSyncResponse(JSON.parse(text));
  if (!parsed) throw new SyncHttpError(502, 'The server sent an unexpected sync response');
  return parsed;
}

/** The default transport: fetch POST /api/sync, JSON, credentials included. */
export const fetchTransport: Transport = async (request, signal) => {
  const res = await fetch('/api/sync', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  return readSyncResponse(res);
};
