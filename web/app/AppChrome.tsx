/**
 * What every page carries besides the screen: the toaster, the AI consent dialog (when asked,
 * web/ai/consent-store.ts) and the service-worker update prompt, which registers the worker.
 * `serviceWorker` (default true) says whether the page wants the worker (web/pwa/worker-pages.ts:
 * not a shared link's viewer); once it has, the prompt stays for the page's life.
 * They load on their own, after the page (issue #20: the landing page does not download Radix
 * Toast or workbox-window up front); the toaster mounts with the first toast and stays.
 */
import { useEffect, useState } from 'react';
import { useConsentStore } from '../ai/consent-store';
import { networkQuiet } from '../pwa/network-quiet';
import { lazyPiece } from '../ui/lazy-piece';
import { useToastStore } from '../ui/toast-store';

// Each on its own, so one that cannot be fetched (offline before the service worker precached it)
// shows nothing and is tried again online, never taking the screen down (ui/lazy-piece.tsx).
const Toaster = lazyPiece(() => import('../ui/Toaster').then((m) => m.Toaster));
const AiConsentDialog = lazyPiece(() => import('../ai/AiConsentDialog').then((m) => m.AiConsentDialog));
const UpdatePrompt = lazyPiece(() => import('../pwa/UpdatePrompt').then((m) => m.UpdatePrompt));

export function AppChrome({ serviceWorker = true }: { serviceWorker?: boolean }) {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const [toasterWanted, setToasterWanted] = useState(false);
  if (hasToast && !toasterWanted) setToasterWanted(true);
  const consentAsked = useConsentStore((s) => s.pending !== null);
  const [consentWanted, setConsentWanted] = useState(false);
  if (consentAsked && !consentWanted) setConsentWanted(true);
  // The update prompt (and the service worker's registration, whose install precaches every
  // screen for offline use) once the page's own fetches are done (pwa/network-quiet.ts, issue 41):
  // never in the prerendered markup, so hydration matches, and never competing with the first screen.
  const [mounted, setMounted] = useState(false);
  const [workerWanted, setWorkerWanted] = useState(serviceWorker);
  if (serviceWorker && !workerWanted) setWorkerWanted(true); // e.g. a viewer who goes on to sign up
  useEffect(() => {
    let live = true;
    void networkQuiet().then(() => live && setMounted(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      {toasterWanted && <Toaster />}
      {consentWanted && <AiConsentDialog />}
      {mounted && workerWanted && <UpdatePrompt />}
    </>
  );
}
