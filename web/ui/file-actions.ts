/**
 * Handing a decrypted file to the person (issue #17 "View Document and download"): a PDF or a
 * raster image opens in a new tab from an object URL; anything else, and every download, is saved
 * under the file's own name. The object URL is typed from an allowlist (file-kind.ts), never from
 * the bytes, so a file can never become an HTML page on our origin.
 */
import { baseMimeType, isInlineViewable } from './file-kind';

/** How long an object URL handed to a new tab or a download stays valid (ms). */
const URL_LIFETIME_MS = 60_000;

function clickLink(href: string, attrs: { download?: string; newTab?: boolean }) {
  const a = document.createElement('a');
  a.href = href;
  if (attrs.download !== undefined) a.download = attrs.download;
  if (attrs.newTab) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), URL_LIFETIME_MS);
}

/** Saves `blob` as a download named `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  clickLink(URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' })), { download: name });
}

/**
 * Shows a file: a PDF or an image (by `mimeType`, see isInlineViewable) opens in a new tab;
 * any other type is downloaded as `name`.
 */
export function viewBlob(blob: Blob, file: { name: string; mimeType: string }): void {
  if (!isInlineViewable(file.mimeType)) return downloadBlob(blob, file.name);
  clickLink(URL.createObjectURL(new Blob([blob], { type: baseMimeType(file.mimeType) })), { newTab: true });
}
