/**
 * Names inside the export ZIP (issue #18): files are named for people, so a family can open them
 * without Afterword (`files/documents/<name>`, `files/messages/<recipient> - <name>`), safe on
 * Windows, macOS and Linux, and never two alike. On import every entry name is checked before
 * anything is read (no `../`, no absolute path: the "zip slip" of OWASP's file-upload cheat sheet).
 */
import { FILES_DIR } from './format';

/** Longest file name we write, in UTF-16 code units (well under every file system's 255 bytes). */
const MAX_NAME = 120;
/** Windows device names, refused whatever the extension (CON.txt opens the console). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A file name safe on every common file system: no path separators, no control characters, no
 * `<>:"|?*`, no leading or trailing dots and spaces, not a Windows device name, at most 120
 * characters (the extension kept). Never empty: 'file' when nothing is left.
 */
export function safeFileName(name: string): string {
  let s = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (s.length > MAX_NAME) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
    s = s.slice(0, MAX_NAME - ext.length).replace(/[\s.]+$/, '') + ext;
  }
  if (RESERVED.test(s)) s = `_${s}`;
  return s || 'file';
}

/**
 * Hands out unique paths: a second `files/documents/Will.pdf` becomes `files/documents/Will (2).pdf`.
 * Case-insensitive, since macOS and Windows fold case.
 */
export function createPathAllocator(): (path: string) => string {
  const taken = new Set<string>();
  return (path) => {
    const slash = path.lastIndexOf('/');
    const dir = path.slice(0, slash + 1);
    const name = path.slice(slash + 1);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${dir}${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** `files/documents/<file name>`. */
export const documentFilePath = (fileName: string) => `${FILES_DIR}documents/${safeFileName(fileName)}`;

/** `files/messages/<recipient> - <file name>`. */
export const messageFilePath = (recipientName: string, fileName: string) =>
  `${FILES_DIR}messages/${safeFileName(`${recipientName} - ${fileName}`)}`;

/**
 * Why a ZIP entry name may not be read, or null when it is safe: relative, `/`-separated, no
 * `.` or `..` segment, no empty segment, no backslash, no drive letter, no control characters.
 */
export function unsafeEntryName(name: string): string | null {
  if (name.length === 0 || name.length > 1024) return 'a file name is empty or too long';
  if (/[\p{Cc}\\]/u.test(name)) return `the name “${printable(name)}” has characters a file name may not have`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `the name “${printable(name)}” is an absolute path`;
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return `the name “${printable(name)}” leads outside the export`;
  return null;
}

/** A name as it may be shown in a message: control characters visible, at most 80 characters. */
function printable(name: string): string {
  const s = name.replace(/\p{Cc}/gu, '?');
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
