/**
 * Which files the vault accepts, decided by content, never by name (issue #17: "allowed types
 * checked by content"). Used on the device before a file is queued and by the server when an
 * upload completes (it decrypts the first chunk with the key the record carries).
 *
 * Accepted: PDF, raster images, audio, video, plain text and office documents. Never HTML, SVG,
 * scripts or archives of unknown kind: an uploaded file must not be able to run on our origin.
 */
// file-type (~20 KB gzip) is imported on the first check, not with this module: the signed-in
// frame loads web/files (the attachment queue) at once, but a type is sniffed only when a file is
// picked (issue #20 "split what the dashboard never runs"). The PWA precaches the chunk (offline).
const loadFileType = () => import('file-type');

/** Bytes of a file's start that `detectFileType` needs (file-type reads at most 4100 for most kinds). */
export const SNIFF_BYTES = 64 * 1024;

/** MIME types accepted as detected by content. */
export const ALLOWED_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
  'image/tiff',
  'image/bmp',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'audio/flac',
  'audio/x-flac',
  'audio/x-m4a',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/ogg',
  'video/x-matroska',
  'video/3gpp',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/x-cfb',
  'application/rtf',
]);

/** Message shown when a file's content is not one of the accepted kinds. */
export const TYPE_REFUSED_MESSAGE =
  'This kind of file cannot be kept in the vault. Use a PDF, a photo, a recording, a text or an office document.';

export type TypeVerdict = { ok: true; mimeType: string } | { ok: false; reason: string };

/** True when bytes are valid UTF-8 text with no control characters other than tab/CR/LF/FF. */
function looksLikePlainText(head: Uint8Array): boolean {
  let text: string;
  try {
    // A chunk boundary may cut the last character: drop up to 3 trailing bytes of it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
  } catch {
    return false;
  }
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  // Markup that a browser would run: never "plain text".
  return !/^\s*(<!doctype|<html|<svg|<\?xml|<script)/i.test(text);
}

/**
 * Finds a file's type from its first bytes (pass at least SNIFF_BYTES when the file is that long).
 * Returns the detected MIME type when it is accepted, else a reason for the person.
 * Text has no magic number: it is accepted as `text/plain` only when it is clean UTF-8 and not markup.
 */
export async function detectFileType(head: Uint8Array): Promise<TypeVerdict> {
  const { fileTypeFromBuffer } = await loadFileType();
  const found = await fileTypeFromBuffer(head);
  if (found) {
    const mime = found.mime === 'audio/x-m4a' ? 'audio/mp4' : found.mime;
    return ALLOWED_MIME_TYPES.has(mime) ? { ok: true, mimeType: mime } : { ok: false, reason: TYPE_REFUSED_MESSAGE };
  }
  return looksLikePlainText(head) ? { ok: true, mimeType: 'text/plain' } : { ok: false, reason: TYPE_REFUSED_MESSAGE };
}
