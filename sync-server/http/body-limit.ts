/**
 * The request body limit of the API (shared/limits.ts `requestBytes`; 413 `{ error }` above it).
 * Issue #20: cheap for what almost every request is. A GET or HEAD is passed on untouched (no
 * route reads its body, and asking for it built a whole WHATWG Request per read); a body with a
 * Content-Length and no Transfer-Encoding is judged by that header, since Node's HTTP parser
 * delivers exactly that many bytes, and is then read on @hono/node-server's direct path. Only a
 * chunked body of unknown length is counted as it streams in (Hono's bodyLimit).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';
import { ApiHttpError } from './errors';

/** Middleware refusing request bodies over `maxBytes` with 413. */
export function requestBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new ApiHttpError(413, 'Request body is too large');
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (!/^\d+$/.test(length.trim())) throw new ApiHttpError(400, 'Invalid Content-Length');
    if (Number(length) > maxBytes) throw tooLarge();
    return next();
  };
}
