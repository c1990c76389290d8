/** Sessions: rows in SQLite referenced by a jose-signed token in a cookie (DESIGN.md §3). WIP. */
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';

export interface SessionRow {
  id: string;
  userId: string;
}

/** Returns the live session named by the request's cookie, or null. */
export async function verifySessionCookie(_c: Context, _deps: AppDeps): Promise<SessionRow | null> {
  return null;
}
