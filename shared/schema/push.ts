/**
 * Web Push for check-in reminders (DESIGN.md §8 "Check-ins"; sync-server/push/): what the app
 * sends when the person allowed notifications (PushSubscription.toJSON()), and what the server
 * answers for its key. zod/mini (./z.ts).
 */
import { z } from './z';

const base64url = (min: number, max: number, what: string) =>
  z.string().check(z.minLength(min, `${what} is too short`), z.maxLength(max, `${what} is too long`), z.regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`));

/** `POST /api/push/subscriptions`: a browser's push subscription. The endpoint's host is checked by the server (push/endpoints.ts). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().check(z.minLength(1, 'Endpoint is required'), z.maxLength(2_048), z.regex(/^https?:\/\//, 'Endpoint must be an https URL')),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    p256dh: base64url(80, 100, 'p256dh'), // an uncompressed P-256 point: 65 bytes
    auth: base64url(16, 32, 'auth'), // 16 bytes
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: the endpoint this browser no longer wants reminders on. */
export const pushUnsubscribeSchema = z.strictObject({
  endpoint: z.string().check(z.minLength(1, 'Endpoint is required'), z.maxLength(2_048)),
});

/** `GET /api/push/key`: the server's VAPID public key (base64url), or null when push is off on this server. */
export interface PushKey {
  publicKey: string | null;
}

/**
 * What a check-in push carries, and nothing else (no name, no plan, no private word): the
 * service worker (web/pwa/push-sw.js) shows `title`/`body` with an "I'm here" action that
 * opens `url` (the app, which then checks in).
 */
export interface CheckInPushPayload {
  kind: 'check-in-reminder' | 'waiting-started' | 'emergency-requested';
  title: string;
  body: string;
  url: string;
}
