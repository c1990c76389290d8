// Imported by the service worker (vite.config.ts, workbox importScripts): check-in reminders by
// Web Push (DESIGN.md §8 "Check-ins"; sync-server/push/sender.ts). A push carries only fixed
// words and the app's address, never anything from the plan. The notification's "I'm here" (or a
// tap on it) is the person's own act: it opens the app at that address, and the app counts it as
// a check-in (web/features/release/check-in.ts, `?check-in=notification`), or, when the app is
// already open, is focused and told so by a `CHECK_IN` message.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Time to check in';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard?check-in=notification';
  // An emergency request (sync-server/sharing/emergency-service.ts) is not a check-in: no "I'm here", its tap opens the refusal screen.
  const emergency = data.kind === 'emergency-requested';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : 'Open Afterword to check in.',
      tag: emergency ? 'afterword-emergency' : 'afterword-check-in',
      renotify: true,
      icon: '/pwa-192x192.png',
      data: { url, emergency },
      actions: emergency ? [] : [{ action: 'here', title: "I'm here" }],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/dashboard?check-in=notification', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open && event.notification.data && event.notification.data.emergency) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      if (open) {
        // The app is open: it checks in where it is (no navigation, so no typing is lost).
        open.postMessage({ type: 'CHECK_IN' });
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
