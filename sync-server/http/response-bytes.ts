/**
 * Counting the bytes of a response body as they are sent (SECURITY.md "Limits": the read budget
 * is charged by what an account was actually sent, streamed bodies included). Under
 * @hono/node-server (`npm start`) the Node response's `write` and `end` are wrapped for this one
 * response, as Express's compression middleware does: every body — a JSON string, bytes, a
 * stream — passes through them, and the answer's fast path (a string written at once) is kept.
 * Elsewhere (`app.request()` in tests, other runtimes) the body is re-wrapped in a counting stream,
 * which counts what the reader takes.
 */
import { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** Bytes of a chunk given to `write`/`end` (a string in `encoding`, default UTF-8; 0 for a callback). */
function sizeOf(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

/**
 * Calls `count(bytes)` for each piece of `c`'s response body as it is sent (never for an empty
 * one). Call once, after the response is made (after `await next()`); `count` must not throw.
 */
export function countSentBytes(c: Context, count: (bytes: number) => void): void {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) {
    const { write, end } = outgoing;
    outgoing.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      const n = sizeOf(chunk, rest[0]);
      if (n > 0) count(n);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    outgoing.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      const n = sizeOf(chunk, rest[0]);
      if (n > 0) count(n);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    return;
  }
  const res = c.res;
  if (!res.body) return;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (chunk.byteLength > 0) count(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
  const wrapped = new Response(counted, res);
  c.res = undefined; // replace, not merge (Hono merges the old response's headers into a new one)
  c.res = wrapped;
}
