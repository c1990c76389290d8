/**
 * Web Push for check-in reminders (DESIGN.md §8 "Check-ins"): when the release scheduler reminds
 * the owner to check in (or tells them a waiting period started), every push subscription of the
 * account gets a notification besides the e-mail. The `web-push` package makes each request (VAPID
 * signature, push/vapid.ts, and the aes128gcm encryption of RFC 8291); it is sent with fetch, to
 * an endpoint push/endpoints.ts allowed when it was stored, without following redirects. The payload carries no private
 * words: a fixed title and text, and the app's address (CheckInPushPayload). A subscription the
 * push service answers 404 or 410 has ended and is dropped; other failures are logged and the
 * subscription kept (e-mail is the channel that is retried; a push is a courtesy on top of it).
 */
import webpush from 'web-push';
import type { CheckInPushPayload } from '../../shared/schema/push';
import type { AsyncPushStore } from './push-store';
import type { VapidKeys } from './vapid';

/** What each kind of notice says: the same words for everyone, nothing from the plan. */
export const PUSH_TEXTS: Record<CheckInPushPayload['kind'], Omit<CheckInPushPayload, 'kind' | 'url'>> = {
  'check-in-reminder': { title: 'Time to check in', body: 'Your Afterword check-in is due. Press “I\'m here” to let us know you are well.' },
  'waiting-started': { title: 'A waiting period has started', body: 'Nothing has been shared. If you are well, open Afterword and press “I\'m still here”.' },
  // Not a check-in: its tap opens the refusal screen (public/sw-push.js gives it no "I'm here").
  'emergency-requested': { title: 'A trustee asked for emergency access', body: 'Open Afterword to see who asked, and to refuse if you do not want it.' },
};

/** Where an emergency request's notification leads: the app's emergency screen (web), never a check-in. */
export const EMERGENCY_URL = '/emergency';

/** Where the notification's "I'm here" leads: the app, which counts the press as a check-in (web/features/release/check-in.ts). */
export const CHECK_IN_URL = '/dashboard?check-in=notification';

export interface PushSender {
  /** The VAPID public key the app subscribes with, or null when push is off. */
  publicKey: string | null;
  /** Notifies every subscription of `userId`; never throws. Resolves what happened, for logs and tests. */
  notify(userId: string, kind: CheckInPushPayload['kind']): Promise<{ sent: number; dropped: number; failed: number }>;
}

/** A sender over `store` with `vapid` (null: push off, `notify` does nothing). `timeoutMs` bounds each push request. */
export function createPushSender(vapid: VapidKeys | null, store: AsyncPushStore, opts: { timeoutMs?: number } = {}): PushSender {
  return {
    publicKey: vapid?.publicKey ?? null,
    async notify(userId, kind) {
      const result = { sent: 0, dropped: 0, failed: 0 };
      if (!vapid) return result;
      const payload: CheckInPushPayload = { kind, ...PUSH_TEXTS[kind], url: kind === 'emergency-requested' ? EMERGENCY_URL : CHECK_IN_URL };
      for (const s of await store.list(userId).catch(() => [])) {
        let status: number | string;
        try {
          const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
            vapidDetails: vapid,
            TTL: 24 * 60 * 60, // a phone that is off for a day still gets it
            urgency: 'high',
          });
          const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
          const res = await fetch(req.endpoint, {
            method: req.method,
            headers,
            body: req.body ? new Uint8Array(req.body) : undefined,
            redirect: 'manual',
            signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
          });
          await res.body?.cancel();
          status = res.status;
        } catch (err) {
          status = (err as Error).message;
        }
        if (typeof status === 'number' && status >= 200 && status < 300) {
          result.sent += 1;
        } else if (status === 404 || status === 410) {
          await store.remove(userId, s.endpoint).catch(() => undefined);
          result.dropped += 1;
        } else {
          console.error(`Push: a notification for account ${userId} failed:`, status);
          result.failed += 1;
        }
      }
      return result;
    },
  };
}
