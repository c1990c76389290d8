// Imported by the service worker (vite.config.ts, workbox importScripts). clientsClaim claims the
// open pages when the worker activates, but Clients.claim() skips a page whose load is still in
// flight at that moment; that page would stay uncontrolled (its lazy screens and the binder's
// cache not served offline) until reloaded. Such a page asks once the worker is active
// (web/pwa/claim.ts), and the worker claims it.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
