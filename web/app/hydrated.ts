/**
 * `useHydrated()`: false while React hydrates prerendered markup (and in the build's prerender),
 * true once the page is live; true at once for a page React renders itself. A form on a
 * prerendered page keeps its submit button disabled until then (issue #20): a press before the
 * scripts run would otherwise submit the form natively, putting what was typed (a password) into
 * the URL.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
