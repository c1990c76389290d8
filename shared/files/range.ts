/**
 * HTTP Range over a representation of `size` bytes (RFC 9110 §14), one range only: the server's
 * file answers (sync-server/blobs/http.ts) and the release pages' streaming service worker
 * (web/release/sw.ts).
 */

/** An inclusive byte range of a representation. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range `header` asks of `size` bytes: null to send everything (no header, a syntax we
 * ignore as RFC 9110 allows, or several ranges), 'unsatisfiable' for a 416.
 * Accepts `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (m[2] !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
