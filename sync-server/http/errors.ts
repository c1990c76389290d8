/**
 * The one error type of the server and the one place it becomes a response (STYLE.md, Hono):
 * every error answers JSON `{ error, issues? }`; anything unexpected is a logged 500 that says
 * nothing about internals; a database with no connection free in time is a 503 with Retry-After.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { isDatabaseBusy } from '../db/tx-errors';

export interface Issue {
  path: string;
  message: string;
}

/** An error with an HTTP status and a JSON body `{ error, issues? }`. */
export class ApiHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
    /** More of the answer beside `error` and `issues` (e.g. a 409's current clocks). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Turns zod issues into `{ path: 'a.b', message }`. */
export function toIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** A 400 naming every invalid field: `Invalid request: firstName: First name is required`. */
export function invalid(error: z.ZodError): ApiHttpError {
  const issues = toIssues(error);
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new ApiHttpError(400, `Invalid request: ${summary}`, issues);
}

export const notFound = (what = 'Not found') => new ApiHttpError(404, what);

/**
 * `path` as it may be logged: a segment of 32 or more URL-safe characters (the tokens of the
 * release links, which open a person's pages) becomes `:token`, and so does a trustee kit's
 * shorter token after `/kit/` (kits/public-routes.ts).
 */
export const loggablePath = (path: string): string =>
  path.replace(/(^|\/)[A-Za-z0-9_-]{32,}(?=\/|$)/g, '$1:token').replace(/(\/kit\/)[A-Za-z0-9_-]+/g, '$1:token');

/** Hono `onError` handler. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiHttpError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json({ ...err.extra, error: err.message, ...(err.issues ? { issues: err.issues } : {}) }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'Request body is too large' : err.message || 'Request failed';
    return c.json({ error: message }, status as ContentfulStatusCode);
  }
  if (isDatabaseBusy(err)) {
    // The database too busy for too long (no connection free, a lock wait ran out): a moment's overload, not a fault; the client
    // keeps its changes and retries (Retry-After).
    console.error('Busy: the database could not answer in time', c.req.method, loggablePath(c.req.path), err.message);
    c.header('Retry-After', '5');
    return c.json({ error: 'The server is busy. Please try again in a moment.' }, 503);
  }
  console.error('Unhandled error', c.req.method, loggablePath(c.req.path), err);
  return c.json({ error: 'Internal server error' }, 500);
}
