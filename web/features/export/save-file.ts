/**
 * Hands a file made on the device to the person (issue #18): on a phone or tablet with the Web
 * Share API for files, the share sheet (print, mail, save to files); everywhere else a download.
 * Works offline: nothing leaves the device unless the person shares it.
 */

/** What happened: shared, the share sheet was dismissed, or downloaded. */
export type SaveOutcome = 'shared' | 'cancelled' | 'downloaded';

/** True on a touch-first device whose browser can share this file (Web Share Level 2). */
function canShareFile(file: File): boolean {
  return typeof navigator.canShare === 'function' && window.matchMedia('(pointer: coarse)').matches && navigator.canShare({ files: [file] });
}

/** Shares `blob` as `name` where the browser can, else downloads it. */
export async function saveFile(blob: Blob, name: string): Promise<SaveOutcome> {
  const file = new File([blob], name, { type: blob.type });
  if (canShareFile(file)) {
    try {
      await navigator.share({ files: [file], title: name });
      return 'shared';
    } catch (err) {
      if ((err as DOMException).name === 'AbortError') return 'cancelled';
      // Any other refusal (no user activation left after a long build): fall back to a download.
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000); // the download has started by then
  return 'downloaded';
}
