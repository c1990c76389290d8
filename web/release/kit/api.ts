/**
 * The kit page's calls to the server (contract "Public kit routes", sync-server/kits/): the token
 * in the path is the capability, no session and no cookie. The page sends nothing but what a step
 * needs (issue "Release through trustees' key shares", "The kit page"): the commitment it verified
 * to hand a kit over, nothing for the yearly check, the share alone to confirm, never the kit
 * secret `t`. `fetchFn` is passed in (the browser's fetch on the page; the real Hono app in tests).
 */

import type { KitAccess, KitConfirmed, KitEmergency, KitEmergencyRequest, KitInfo } from '../../../shared/schema/kits';
import type { HandoverJson } from '../../../shared/release/handover-links';
import { kt } from './words';

export type { KitAccess, KitEmergency, KitEmergencyRequest, KitInfo };
/** The answer to a confirmation (`POST /api/kit/:token/confirm`). */
export type Confirmed = KitConfirmed;

/** A refused or failed call: `status` 0 when the server could not be reached; `message` is for the person. */
export class KitApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The calls for kit `token`. Each throws KitApiError (its message the server's `error`, else a plain one). */
export function kitApi(token: string, fetchFn: Fetch) {
  const base = `/api/kit/${encodeURIComponent(token)}`;
  const call = async (path: string, body?: unknown): Promise<Response> => {
    let res: Response;
    try {
      res = await fetchFn(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        credentials: 'omit',
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new KitApiError(0, kt('kit.error.offline'));
    }
    if (res.ok) return res;
    const answer = (await res.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof answer?.error === 'string' && res.status < 500 ? answer.error : res.status === 429 ? kt('kit.error.tooMany') : kt('kit.error.server');
    throw new KitApiError(res.status, message);
  };
  return {
    /** The kit's state, or null when the token is unknown (404). */
    async info(): Promise<KitInfo | null> {
      try {
        return (await (await call('')).json()) as KitInfo;
      } catch (err) {
        if (err instanceof KitApiError && err.status === 404) return null;
        throw err;
      }
    },
    /** Records that the kit, verified in this browser against `commitment`, was handed over. */
    handover: async (commitment: string): Promise<void> => void (await call('/handover', { commitment })),
    /** Records the yearly check: the person compared the fingerprint (no code is sent). */
    check: async (): Promise<void> => void (await call('/check', {})),
    /** Confirms the death with the kit's share (base64url), and only the share. */
    confirm: async (share: string): Promise<Confirmed> => (await (await call('/confirm', { share })).json()) as Confirmed,
    /** What the released kit opens (403 before the release). */
    access: async (): Promise<KitAccess> => (await (await call('/access')).json()) as KitAccess,
    /** The letters this trustee hands over (after the release; sync-server/kits/message-key-routes.ts), keys still wrapped. */
    handovers: async (): Promise<HandoverJson[]> => ((await (await call('/handovers')).json()) as { messages: HandoverJson[] }).messages,
    /** Emergency access (docs/sharing.md): may this trustee ask, their latest request, and the gate only once granted. */
    emergency: async (): Promise<KitEmergency> => (await (await call('/emergency')).json()) as KitEmergency,
    /** Asks for emergency access (the owner is told at once); the new request. */
    askEmergency: async (): Promise<KitEmergencyRequest> => (await (await call('/emergency', {})).json()) as KitEmergencyRequest,
    /** Tells the owner's timeline that this page opened the bundle of granted request `requestId` (kept once per grant); when it was first told. */
    emergencyOpened: async (requestId: string): Promise<{ openedAt: string }> => (await (await call('/emergency/opened', { requestId })).json()) as { openedAt: string },
  };
}

/** The calls of kitApi. */
export type KitApi = ReturnType<typeof kitApi>;
