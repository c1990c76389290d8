/**
 * How the vault shows a file by its type (issue #17): an icon, a label, a duration, and whether the
 * browser may open it on our origin. Types come from the record's FileRef, detected by content
 * on the device that added the file (shared/files/types.ts); a record written by a REST client
 * could still claim any type, so only kinds that cannot run script are ever opened inline.
 */
import { File, FileAudio, FileImage, FileSpreadsheet, FileText, FileVideo, type LucideIcon } from 'lucide-react';

/** Types a blob: URL may show in a tab or an <img>/<iframe> (never HTML, SVG or XML: they run script). */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/** The MIME type without parameters, lower case (`video/webm;codecs=vp8` → `video/webm`). */
export const baseMimeType = (mimeType: string): string => mimeType.split(';')[0]!.trim().toLowerCase();

/** True when a file of `mimeType` may be opened in a tab or previewed (PDF and raster images). */
export const isInlineViewable = (mimeType: string): boolean => INLINE_TYPES.has(baseMimeType(mimeType));

/** True for a raster image the card previews with <img>. */
export const isPreviewImage = (mimeType: string): boolean => isInlineViewable(mimeType) && baseMimeType(mimeType).startsWith('image/');

/** True for a PDF (previewed in a sandboxed frame). */
export const isPdf = (mimeType: string): boolean => baseMimeType(mimeType) === 'application/pdf';

/** The player a recording needs: 'video', 'audio', or null when it is neither. */
export function mediaKind(mimeType: string): 'video' | 'audio' | null {
  const base = baseMimeType(mimeType);
  if (base.startsWith('video/')) return 'video';
  if (base.startsWith('audio/')) return 'audio';
  return null;
}

/** The icon of a file type: PDF and text, image, audio, video, spreadsheet, or a plain file. */
export function fileTypeIcon(mimeType: string): LucideIcon {
  const base = baseMimeType(mimeType);
  if (base.startsWith('image/')) return FileImage;
  if (base.startsWith('audio/')) return FileAudio;
  if (base.startsWith('video/')) return FileVideo;
  if (/spreadsheet|excel/.test(base)) return FileSpreadsheet;
  if (base === 'application/pdf' || base.startsWith('text/') || /word|opendocument\.text|rtf/.test(base)) return FileText;
  return File;
}

/** A file's type as a short word for people: 'PDF', 'Image', 'Video', … */
export function fileTypeLabel(mimeType: string): string {
  const base = baseMimeType(mimeType);
  if (base === 'application/pdf') return 'PDF';
  if (base.startsWith('image/')) return 'Image';
  if (base.startsWith('audio/')) return 'Audio';
  if (base.startsWith('video/')) return 'Video';
  if (base === 'text/plain') return 'Text';
  if (/spreadsheet|excel/.test(base)) return 'Spreadsheet';
  if (/presentation|powerpoint/.test(base)) return 'Presentation';
  return 'Document';
}

/** A duration in ms as m:ss (or h:mm:ss): 3_200 → '0:03', 600_000 → '10:00'. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
