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
 * opener is gone (its card was deleted), focus moves to the page's main heading region instead.
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
    if (el?.isConnected) el.focus();
    else document.querySelector<HTMLElement>('main')?.focus();
  };
}
