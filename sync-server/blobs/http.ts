/**
 * HTTP pieces shared by the owner's blob routes and the release downloads (issue #17,
 * shared/files/README.md): the headers every blob answer carries, `Range` parsing (RFC 9110
 * §14), `Content-Disposition` with a safe file name, and a pull-based web stream over an async
 * iterable (backpressure: the next piece is read only when the client took the last one).
 */
import type { Context } from 'hono';

/** A sandbox with nothing allowed: an uploaded HTML or SVG opened directly can never run on our origin. */
export const BLOB_CSP = "sandbox; default-src 'none'";

/** nosniff and the sandboxing CSP, as headers. */
export const BLOB_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': BLOB_CSP };

/** Sets nosniff and the sandboxing CSP (every blob answer, errors included). */
export function setBlobHeaders(c: Context): void {
  for (const [name, value] of Object.entries(BLOB_HEADERS)) c.header(name, value);
}

/**
 * `attachment` or `inline` with `name` (RFC 6266): an ASCII fallback (anything else becomes `_`)
 * and the UTF-8 name percent-encoded (RFC 8187). Quotes, backslashes and control characters
 * can never break out of the header.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name?: string): string {
  if (!name) return kind;
  const ascii = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(0, 150) || 'file';
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

// Shared with the release pages' service worker (web/release/sw.ts), which answers Range too.
import { parseRange, type ByteRange } from '../../shared/files/range';
export { parseRange, type ByteRange };

/** A web ReadableStream pulling from `source` one piece at a time; cancelling it ends the iterator. */
export function webStreamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/**
 * Answers `total` bytes made by `piece(range)` with 200, or 206 + Content-Range for a `Range`
 * request, or 416 when it cannot be satisfied. Sets Accept-Ranges, Content-Length, the type and
 * `headers` (e.g. Content-Disposition). `piece` may be async and may answer null (nothing to
 * serve): then no header is set and null is returned, for the caller's own 404.
 */
export async function rangedResponse(
  c: Context,
  total: number,
  contentType: string,
  piece: (range: ByteRange) => AsyncIterable<Uint8Array> | null | Promise<AsyncIterable<Uint8Array> | null>,
  headers: Record<string, string> = {},
): Promise<Response | null> {
  const range = parseRange(c.req.header('range'), total);
  const r = range === 'unsatisfiable' || total === 0 ? null : (range ?? { start: 0, end: total - 1 });
  const body = r ? await piece(r) : null;
  if (r && !body) return null;
  c.header('Accept-Ranges', 'bytes');
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${total}`);
    return c.body(null, 416);
  }
  c.header('Content-Type', contentType);
  if (!r || !body) {
    c.header('Content-Length', '0');
    return c.body(null, 200);
  }
  c.header('Content-Length', String(r.end - r.start + 1));
  if (range) c.header('Content-Range', `bytes ${r.start}-${r.end}/${total}`);
  return c.body(webStreamOf(body), range ? 206 : 200);
}
