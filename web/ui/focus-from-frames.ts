/**
 * Keeps focus in an open modal dialog when a frame behind it takes focus. The browser's PDF viewer in
 * a document's preview (web/ui/FilePreview.tsx) focuses itself when it has loaded; a person who had
 * just opened the Share now dialog on the Documents screen typed a name that went nowhere (CI, session
 * 23). Radix's focus trap watches focus events in the page, and focus moving into a frame raises none
 * there it acts on (a focusout with no relatedTarget, which it lets go on purpose), so the trap never
 * saw it. Here the window's blur, which the page does get, brings focus back to the dialog's last
 * focused element (or the dialog itself) when focus went to a frame outside the dialog.
 */

/**
 * A React 19 callback ref for a dialog's content element: watches while `box` is in the page and
 * returns the cleanup React calls when it leaves. Focus the person moved to another window or tab
 * stays there (the page's activeElement is then still inside the dialog, never a frame).
 */
export function keepFocusFromFrames(box: HTMLElement | null): (() => void) | undefined {
  if (!box) return undefined;
  let last: HTMLElement | null = null;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && box.contains(event.target)) last = event.target;
  };
  const onBlur = () => {
    clearTimeout(pending);
    // activeElement names the frame only once the blur has been dispatched.
    pending = setTimeout(() => {
      const active = document.activeElement;
      if (!box.isConnected || !(active instanceof HTMLIFrameElement) || box.contains(active)) return;
      // The window asks for the keyboard back before the element takes focus. Not seen to matter in
      // Chromium's tests (an element's focus() alone passed them too); kept for browsers where a frame
      // holds the keyboard until its parent window is focused.
      window.focus();
      (last?.isConnected && box.contains(last) ? last : box).focus();
    });
  };
  document.addEventListener('focusin', onFocusIn);
  window.addEventListener('blur', onBlur);
  return () => {
    clearTimeout(pending);
    document.removeEventListener('focusin', onFocusIn);
    window.removeEventListener('blur', onBlur);
  };
}
