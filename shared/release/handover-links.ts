/**
 * "A trustee hands it over" on the trustee's side (README.md "How each message reaches its
 * recipient"; server: sync-server/kits/message-keys.ts): after the release, the kit page fetches
 * `GET /api/kit/:token/handovers` and, in the browser, opens each message's key with the kit's own
 * secret t (handoverKey(Q, G, t) with the Q and gate of `GET /api/kit/:token/access`), making the
 * link the trustee sends from their own e-mail: `<origin>/r/d/<token>#<kid>.<key>`. The key never
 * goes back to the server.
 */
import { fromB64url, toB64url } from '../crypto/bytes';
import { handoverKey, handoverWrapContext } from '../crypto/trustee-kit';
import { unwrapKey } from '../crypto/wrap';

/** One hand-delivered message as `GET /api/kit/:token/handovers` lists it. */
export interface HandoverJson {
  messageId: string;
  /** The message key's id, `msg:<messageId>~<version>`. */
  kid: string;
  generation: number;
  /** The message key under handoverKey(Q, G, t, { account, trusteeId, messageId, generation }). */
  wrap: string;
  /** True when this trustee is the backup of another. */
  backup: boolean;
  recipientEmail: string;
  deliveryDate: string | null;
  /** The delivery link's path without its key (`/r/d/<token>`). */
  path: string;
}

/** A message ready to hand over: whom to send it to, and the whole link. */
export interface HandoverLink {
  messageId: string;
  recipientEmail: string;
  deliveryDate: string | null;
  backup: boolean;
  /** `<origin><path>#<kid>.<key>`: the only place the key is ever written. */
  link: string;
}

/**
 * Opens each of `messages` with this trustee's kit secret `t` (16 bytes) and the released `q` and
 * `gate` (base64url, as the access route gives them). Throws UnwrapError when a wrap does not open
 * with this kit (another trustee's or generation's kit, changed bytes), TypeError for wrong lengths.
 */
export async function openHandovers(input: { account: string; trusteeId: string; q: string; gate: string; t: Uint8Array; origin: string; messages: readonly HandoverJson[] }): Promise<HandoverLink[]> {
  const q = fromB64url(input.q);
  const gate = fromB64url(input.gate);
  if (!q || !gate) throw new TypeError('Q and the gate are base64url');
  const out: HandoverLink[] = [];
  for (const m of input.messages) {
    const ctx = { account: input.account, trusteeId: input.trusteeId, messageId: m.messageId, generation: m.generation };
    const key = await unwrapKey(await handoverKey(q, gate, input.t, ctx), m.wrap, handoverWrapContext(input.account, input.trusteeId, m.kid, m.generation));
    out.push({ messageId: m.messageId, recipientEmail: m.recipientEmail, deliveryDate: m.deliveryDate, backup: m.backup, link: `${input.origin.replace(/\/+$/, '')}${m.path}#${m.kid}.${toB64url(key)}` });
  }
  return out;
}
