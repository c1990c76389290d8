/**
 * Check-in reminders on this device by Web Push (DESIGN.md §8 "Check-ins"; sync-server/push/):
 * asked when the person turns check-ins on (Settings, ReleaseSettingsCard). Asks the browser's
 * notification permission, subscribes with the server's VAPID key through the service worker,
 * and uploads the subscription (`POST /api/push/subscriptions`). E-mail reminders go out
 * whatever happens here; the outcome only decides what the toast says.
 */
import type { PushKey } from '../../shared/schema/push';
import { apiFetch } from '../api/client';
import { endNetworkWait } from './network-quiet';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'unavailable' | 'failed';

/** How long to wait for the service worker (none in `npm run dev`): then push is unsupported here. */
const WORKER_WAIT_MS = 5_000;

const fromBase64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks permission, subscribes and uploads. Resolves 'subscribed', 'denied' (the person or the
 * browser said no), 'unsupported' (no Notification, Push API or service worker here),
 * 'unavailable' (the server has no push keys) or 'failed' (the browser's push service refused, or
 * the network); never rejects.
 */
export async function enableCheckInPush(win: Window = window): Promise<PushOutcome> {
  const nav = win.navigator;
  if (!('Notification' in win) || !('PushManager' in win) || !nav.serviceWorker) return 'unsupported';
  try {
    const permission = await (win as Window & typeof globalThis).Notification.requestPermission();
    if (permission !== 'granted') return 'denied';
    const { publicKey } = await apiFetch<PushKey>('/api/push/key');
    if (!publicKey) return 'unavailable';
    endNetworkWait(); // the worker registers once the page is quiet (network-quiet.ts): now, since it is needed now
    const registration = await Promise.race([nav.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS))]);
    if (!registration) return 'unsupported';
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) }));
    await apiFetch('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}

/**
 * What the "Release settings saved" toast adds about this device (one toast at a time, SPEC.md):
 * undefined when the server sends no pushes (e-mail only, as the settings hint says).
 */
export function pushOutcomeText(outcome: PushOutcome): string | undefined {
  switch (outcome) {
    case 'subscribed':
      return 'We will remind you on this device as well as by e-mail when a check-in is due.';
    case 'denied':
      return 'Reminders will come by e-mail: notifications are turned off for Afterword on this device.';
    case 'unavailable':
      return undefined;
    default:
      return 'Reminders will come by e-mail: this device could not be set up for notifications.';
  }
}

/**
 * Signing out on this device: this browser's push subscription is removed on the server (while
 * the session still stands) and in the browser, so the next person here is not shown the last
 * one's reminders. Gives up after `timeoutMs` (never holds sign-out up); never rejects.
 */
export async function disableCheckInPush(win: Window = window, timeoutMs = 2_000): Promise<void> {
  const sw = win.navigator.serviceWorker;
  if (!sw || !('PushManager' in win)) return;
  const work = (async () => {
    const registration = await sw.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await apiFetch('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
