/**
 * The wire shapes of trustee kits (SECURITY.md "Trustee kits on the server"; sync-server/kits/),
 * shared by the server that answers and the screens that read them (web/features/trustees/kits/,
 * web/features/message-vault/delivery-choice.ts, the kit page web/release/kit/). Types only: the
 * release pages import nothing at run time from here. Dates are ISO strings, bytes base64url.
 */
import type { AccessLevel } from './trustee';
import type { Language } from '../languages';

/** One kit of a generation as the owner's screens see it (`GET /api/kits`); null dates: not yet. */
export interface KitStatus {
  trusteeId: string;
  index: number;
  token: string;
  madeAt: string;
  /** The trustee opened the link and their browser verified the kit against its commitment. */
  handedOverAt: string | null;
  /** The latest check: the handover, or a yearly "It matches my kit". */
  checkedAt: string | null;
  fingerprint: string;
  /**
   * The executor kit (trusteeId `~executor`, shared/crypto/trustee-kit.ts EXECUTOR_KIT_ID): printed
   * and kept with the will, a share tied to no trustee. `handedOverAt` is when the owner put it away
   * (typed its code back on their device).
   */
  executor: boolean;
}

/** One generation of kits: Q split k of n (re-keying makes the next one). */
export interface KitGeneration {
  generation: number;
  k: number;
  n: number;
  createdAt: string;
  /** When k of its kits were handed over and it came into force; null while pending. */
  liveAt: string | null;
  /** sealOwnerCopy's output: Q, every share, t and gate, sealed under AK (opaque to the server). */
  ownerCopy: string;
  kits: KitStatus[];
}

/**
 * `GET /api/kits`: `current` opens the release once k of its kits confirm; `pending` is a newer
 * generation waiting until k of its kits are handed over (then it becomes current and the
 * previous one stops working); `escrowEnded`: the escrow's scope keys are deleted from the server.
 */
export interface KitsState {
  current: KitGeneration | null;
  pending: KitGeneration | null;
  escrowEnded: boolean;
}

/** One kit as the device sends it: the commitment to its share, its gate G_i and its sealed blob. */
export interface NewKitBody {
  trusteeId: string;
  index: number;
  commitment: string;
  /** G_i, 32 bytes base64url. */
  gate: string;
  blob: string;
}

/** `POST /api/kits`. */
export interface NewGenerationBody {
  generation: number;
  k: number;
  checkValue: string;
  ownerCopy: string;
  kits: readonly NewKitBody[];
  /** The AK version the owner copy is sealed under: 409 when the account's was replaced meanwhile (SECURITY.md "Replacing the account key"). */
  akVersion?: number;
}

/** `POST /api/kits`'s answer: each trustee's kit token (the capability in `/kit/<token>`). */
export interface NewGenerationAnswer {
  generation: number;
  kits: { trusteeId: string; token: string }[];
}

/** What the server says about one kit to its page (`GET /api/kit/:token`). */
export interface KitInfo {
  ownerFirstName: string;
  /** The owner's account id (the kits' derivations name it: shared/crypto/trustee-kit.ts KitContext). */
  account: string;
  /** The trustee this kit is for (KitContext.trusteeId). */
  trusteeId: string;
  generation: number;
  index: number;
  k: number;
  /** The share's commitment (shamir.ts commitShare, lowercase hex). */
  commitment: string;
  /** "XXXX-XXXX", printed on the kit (trustee-kit.ts kitFingerprint). */
  fingerprint: string;
  status: 'pending' | 'current' | 'retired';
  /** The owner's release phase: active, waiting, awaiting-confirmations, released. */
  phase: string;
  /** This kit's trustee has confirmed (in the current awaiting-confirmations). */
  confirmed: boolean;
  confirmations: number;
  handedOverAt: string | null;
  checkedAt: string | null;
  /** The executor kit (kept with the will): a share only, it opens no access of its own. */
  executor: boolean;
  /**
   * For the executor kit after the release, the addresses of the trustees who hold access (its
   * page tells its holder whom to turn to); [] otherwise.
   */
  trusteesWithAccess: string[];
  /**
   * The language the kit page speaks (issue 44): the trustee's as the owner chose it, else the
   * account's, else English (ReleaseService.readerLanguage, the e-mails' rule).
   */
  lang: Language;
}

/** What a released kit opens (`GET /api/kit/:token/access`); pageToken opens /api/trustee/access/<pageToken>/data. */
export interface KitAccess {
  q: string;
  gate: string;
  blob: string;
  level: AccessLevel | '';
  pageToken: string;
  /** The trustee this kit is for (the access key's derivation names it). */
  trusteeId: string;
}

/** An emergency request as the trustee's kit page reads it (sync-server/sharing/emergency-service.ts; times ISO 8601). */
export interface KitEmergencyRequest {
  id: string;
  trusteeId: string;
  phase: 'requested' | 'waiting' | 'refused' | 'granted' | 'ended' | 'withdrawn';
  waitHours: number;
  requestedAt: string;
  waitEndsAt: string | null;
  decidedAt: string | null;
  grantedAt: string | null;
  endedAt: string | null;
}

/** A request as the owner's devices read it (`GET /api/emergency`): each time the trustee's page was handed the gate after the wait, newest first (ISO 8601; a reload within a minute is one opening, the newest 50 kept). */
export interface OwnerEmergencyRequest extends KitEmergencyRequest {
  openings: string[];
  /** When the trustee's page said it opened the bundle (the first time; ISO 8601), or null. */
  openedAt?: string | null;
}

/**
 * What `GET /api/kit/:token/emergency` answers (docs/sharing.md "Emergency access"): whether this
 * trustee may ask, the owner's wait, how many items, their latest request, and `access` (gate,
 * wrap, sealed bundle) only while a request is granted.
 */
export interface KitEmergency {
  canAsk: boolean;
  waitHours: number | null;
  itemCount: number;
  request: KitEmergencyRequest | null;
  access: { gate: string; wrap: string; bundle: string; generation: number; items: string[] } | null;
}

/** The answer to a confirmation (`POST /api/kit/:token/confirm`). */
export interface KitConfirmed {
  confirmations: number;
  needed: number;
  released: boolean;
}

/** How a message's key reaches its recipient: the server delivers it, or a trustee hands it over. */
export type DeliveryMode = 'server' | 'trustee';

/** One message as `GET /api/kits/messages` lists it for the owner's screens. */
export interface MessageChoiceJson {
  messageId: string;
  mode: DeliveryMode;
  kid: string;
  /** The live generations the message has a wrap for (the device re-wraps after re-keying). */
  generations: number[];
  /** `trustee`: who hands it over (the first), and the backup. */
  trustees: string[];
  /** `trustee`: the address its wraps are bound to (hand-over version 2), null for wraps from before; absent for `server`. */
  to?: string | null;
}
