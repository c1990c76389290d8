/**
 * The owner's kit routes (contract §2, sync-server/kits/): what the device reads and sends to make
 * and follow trustee kits. The server never sees a kit's secret: it keeps the owner copy sealed
 * under AK, one commitment per share, the check value of Q and each trustee's sealed blob.
 * `api` is apiFetch (web/api/client.ts) or a test's caller over the real app, passed in explicitly.
 */
import type { Api } from '../../keys/sign-in';

/** One kit of a generation as the server lists it (ISO dates; null until it happened). */
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
}

/** One generation of kits: Q split k of n (re-keying makes the next one). */
export interface KitGeneration {
  generation: number;
  k: number;
  n: number;
  createdAt: string;
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
  kits: NewKitBody[];
}

/** `POST /api/kits`'s answer: each trustee's kit token (the capability in `/kit/<token>`). */
export interface NewGenerationAnswer {
  generation: number;
  kits: { trusteeId: string; token: string }[];
}

/** The account's kits. Throws what `api` throws (ApiError, or the fetch TypeError offline). */
export const getKits = (api: Api): Promise<KitsState> => api<KitsState>('/api/kits');

/** Stores a new generation (201). Throws what `api` throws: 4xx `{ error, issues }` names the field. */
export const postKits = (api: Api, body: NewGenerationBody): Promise<NewGenerationAnswer> =>
  api<NewGenerationAnswer>('/api/kits', { method: 'POST', body });

/** The generation whose kits the owner hands over now: the pending one while there is one, else the current one. */
export const shownGeneration = (state: KitsState): KitGeneration | null => state.pending ?? state.current;

/** The number a new generation must have: one more than the highest the server holds. */
export const nextGenerationNumber = (state: KitsState): number =>
  Math.max(0, state.current?.generation ?? 0, state.pending?.generation ?? 0) + 1;
