/**
 * Makes sure this page is controlled by the service worker once it is active (public/sw-claim.js):
 * clientsClaim alone misses a page whose load was in flight when the worker activated
 * (Clients.claim() skips clients that are not yet execution-ready), and that page would go
 * uncontrolled until reloaded: offline, its lazy chunks and the binder's cache would not be
 * served. Harmless when already controlled (nothing is sent) or when the claim is on its way.
 */

/** The message the worker answers with clients.claim() (public/sw-claim.js). */
export const CLAIM_MESSAGE = { type: 'CLAIM_CLIENTS' } as const;

/** Waits for an active worker; if it does not control this page, asks it to claim it. Never throws. */
export async function claimIfUncontrolled(sw: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<void> {
  if (!sw) return;
  try {
    const registration = await sw.ready;
    if (!sw.controller) registration.active?.postMessage(CLAIM_MESSAGE);
  } catch (err) {
    console.info('Could not ask the service worker to control this page:', err);
  }
}
