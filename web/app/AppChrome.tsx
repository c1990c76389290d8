/**
 * What every page carries besides the screen: the toaster, the AI consent dialog (when asked,
 * web/ai/consent-store.ts) and the service-worker update prompt.
 * They load on their own, after the page (issue #20: the landing page does not download Radix
 * Toast or workbox-window up front); the toaster mounts with the first toast and stays.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useConsentStore } from '../ai/consent-store';
import { networkQuiet } from '../pwa/network-quiet';
import { useToastStore } from '../ui/toast-store';

const Toaster = lazy(() => import('../ui/Toaster').then((m) => ({ default: m.Toaster })));
const AiConsentDialog = lazy(() => import('../ai/AiConsentDialog').then((m) => ({ default: m.AiConsentDialog })));
const UpdatePrompt = lazy(() => import('../pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

export function AppChrome() {
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
  useEffect(() => {
    let live = true;
    void networkQuiet().then(() => live && setMounted(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Suspense fallback={null}>
      {toasterWanted && <Toaster />}
      {consentWanted && <AiConsentDialog />}
      {mounted && <UpdatePrompt />}
    </Suspense>
  );
}
