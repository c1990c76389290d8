/**
 * "1.5 MB", "500 MB", "2 GB": a byte count for people, in binary units (1 KB = 1024 bytes, as the
 * file limits are set), one decimal under 10, whole numbers above; under 1 KB "1 byte"/"N bytes".
 * One wording for the UI and the server's 413 messages (issue #17).
 */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}
