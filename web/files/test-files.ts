/**
 * Test support (imported only by *.test.ts in web/files/): file bytes whose type the content check
 * accepts, and a device with no network. Imports nothing of the server.
 */
import type { FilesHttp } from './http';

/** A device with no network: every request fails as fetch does offline. */
export const offlineHttp: FilesHttp = async () => {
  throw new TypeError('Failed to fetch');
};

/** A PDF's bytes (the magic number is what the type check reads) with `marker` near the start, padded to `size`. */
export function pdfBytes(size = 10_000, marker = 'AFTERWORD-MARKER'): Uint8Array {
  const head = new TextEncoder().encode(`%PDF-1.7\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\n`);
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.length; i < size; i++) out[i] = (i * 31 + 7) % 251;
  return out;
}
