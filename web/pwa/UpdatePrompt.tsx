/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt') and, when a new version
 * has been installed and is waiting, asks before switching to it (issue #8; DESIGN.md §5):
 * "A new version of Afterword is available" with Reload. Never a silent skipWaiting, so a page
 * with unsaved typing is never reloaded under the person.
 */
import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/Button';
import { claimIfUncontrolled } from './claim';

/** How often an open app checks for a new version, in ms. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      void claimIfUncontrolled(); // a page loaded while the worker activated is claimed too
    },
    onRegisterError(err) {
      console.error('Service worker registration failed', err);
    },
  });
  if (!needRefresh) return null;

  // The plugin reloads only for a worker it flags as an update; one found by the hourly (or any
  // external) registration.update() is 'external' and would take control without a reload. So
  // reload when the new worker takes control, whichever way it was found.
  const reload = () => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-lg flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
      <p className="min-w-0 flex-1 font-medium text-slate-900">A new version of Afterword is available</p>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button onClick={reload}>Reload</Button>
      </div>
    </div>
  );
}
