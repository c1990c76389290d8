/**
 * Focus goes back where it was when a dialog closes (WCAG 2.4.3). Radix returns focus to a
 * dialog's Trigger, but our dialogs are mostly opened by state (a card's Edit button, a route,
 * confirm()), with no Trigger: Radix then prevents its own return and focus fell to <body>.
 * This hook remembers the element focused when the dialog opened and refocuses it on close.
 */
import { useLayoutEffect, useRef } from 'react';

/**
 * Give the returned handler to a Radix Content's `onCloseAutoFocus`. `open`: the dialog's state.
 * The opener is read in a layout effect, before Radix moves focus into the dialog. When the
 * opener is gone (its card was deleted), focus moves to the page's main heading region instead;
 * also when the opener goes just after (a confirmed delete removes its card once the write lands).
 */
export function useReturnFocus(open: boolean | undefined): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event) => {
    event.preventDefault();
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) {
      el.focus();
      focusMainIfRemoved(el);
    } else focusMain();
  };
}

const focusMain = () => document.querySelector<HTMLElement>('main')?.focus();

/**
 * Watches `el` (just refocused) until focus moves elsewhere: when it leaves the page with focus on
 * it (a deleted card's Delete button), focus would fall to <body>; it goes to <main> instead.
 */
function focusMainIfRemoved(el: HTMLElement): void {
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
  };
  const observer = new MutationObserver(() => {
    if (el.isConnected) return;
    stop();
    if (document.activeElement === null || document.activeElement === document.body) focusMain();
  });
  const onFocusIn = (e: FocusEvent) => {
    if (e.target !== el) stop();
  };
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
}
