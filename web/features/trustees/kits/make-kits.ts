/**
 * The owner's device makes and re-opens trustee kits (contract §1, §3; SECURITY.md "Trustee
 * kits"): it reads each trustee level's raw scope keys from the opened keyring (every version of
 * the scopes in shared/crypto/fields.ts LEVEL_SCOPES), splits a new Q k of n (makeGeneration),
 * seals its own copy of everything under AK (sealOwnerCopy) and sends the server only what it may
 * hold: commitments, gates, blobs, the check value and the sealed copy (POST /api/kits). Later, on
 * any of the owner's devices, the copy is opened again with AK to show or print a kit.
 * Nothing here is logged; kits' secrets live in memory only while shown.
 */
import { toB64url } from '../../../../shared/crypto/bytes';
import { LEVEL_SCOPES } from '../../../../shared/crypto/fields';
import type { Keyring } from '../../../../shared/crypto/keys';
import { parseKid } from '../../../../shared/crypto/kid';
import { EXECUTOR_KIT, encodeKitCode, isExecutorKit, kitFragment, makeGeneration, openOwnerCopy, sealOwnerCopy, type Kit } from '../../../../shared/crypto/trustee-kit';
import type { AccessLevel } from '../../../../shared/schema/trustee';
import type { Api } from '../../keys';
import { nextGenerationNumber, postKits, type KitGeneration, type KitsState, type NewGenerationAnswer } from './kits-api';

/** Runs `use` with AK's raw bytes and version (key-session.ts `withAccountKey`); throws KeysLockedError while the keys are locked. */
export type WithAccountKey = <T>(use: (ak: Uint8Array, akVersion?: number) => Promise<T>) => Promise<T>;

/** What making and opening kits needs: the server, the account id (the kits' context) and AK. */
export interface KitDeps {
  api: Api;
  account: string;
  withAccountKey: WithAccountKey;
}

/** A trustee a kit is made for, with the access level their blob opens. */
export interface KitFor {
  trusteeId: string;
  level: AccessLevel;
}

/** Refused before anything is made or sent, in words for the owner. */
export class KitSetupError extends Error {
  override name = 'KitSetupError';
}

/**
 * The raw keys trustee access `level` receives at release: every version held of each scope in
 * LEVEL_SCOPES[level] (an older version still opens what was sealed before a rotation), by kid.
 */
export function levelKeys(keyring: Keyring, level: AccessLevel): Map<string, Uint8Array> {
  const scopes: readonly string[] = LEVEL_SCOPES[level];
  const out = new Map<string, Uint8Array>();
  for (const kid of keyring.kids().sort()) {
    const p = parseKid(kid);
    const raw = keyring.raw(kid);
    if (p && raw && scopes.includes(p.scope)) out.set(kid, raw);
  }
  return out;
}

/**
 * Makes a new generation of kits for `trustees` (in this order: a trustee's kit index is their
 * position, 1 … n), with `executor` one more kit after them (the executor kit, printed and kept
 * with the will: a share tied to no trustee; issue "Fewer than k kits"), of which any `k` open the
 * release, and stores it on the server. `state` is the server's current GET /api/kits (the new
 * generation is one above its highest). Throws KitSetupError for an invalid choice (no trustee, a
 * trustee twice, k outside 1 … n, a level with no key), KeysLockedError while locked, and what
 * `api` throws.
 */
export async function makeKits(
  deps: KitDeps & { keyring: Keyring },
  input: { k: number; trustees: readonly KitFor[]; state: KitsState; executor?: boolean },
): Promise<NewGenerationAnswer> {
  const { k } = input;
  const trustees = input.trustees.filter((t) => !isExecutorKit(t.trusteeId));
  if (trustees.length === 0) throw new KitSetupError('Choose at least one trustee who has accepted.');
  if (new Set(trustees.map((t) => t.trusteeId)).size !== trustees.length) throw new KitSetupError('Each trustee can hold only one kit.');
  const n = trustees.length + (input.executor ? 1 : 0);
  if (!Number.isInteger(k) || k < 1 || k > n) throw new KitSetupError(`Choose how many kits are needed: from 1 to ${n}.`);
  const keysOf = new Map<AccessLevel, Map<string, Uint8Array>>();
  for (const { level } of trustees) {
    const keys = keysOf.get(level) ?? levelKeys(deps.keyring, level);
    if (keys.size === 0) throw new KitSetupError('Your keys are not complete on this device yet. Please wait a moment and try again.');
    keysOf.set(level, keys);
  }
  const generation = nextGenerationNumber(input.state);
  const all = input.executor ? [...trustees, EXECUTOR_KIT] : trustees;
  const made = await makeGeneration({ account: deps.account, generation, k, trustees: all, levelKeys: (level) => keysOf.get(level) ?? new Map() });
  let akVersion: number | undefined;
  const ownerCopy = await deps.withAccountKey((ak, version) => {
    akVersion = version;
    return sealOwnerCopy(ak, deps.account, made);
  });
  return postKits(deps.api, {
    akVersion, // 409 when AK was replaced on another device meanwhile: this copy would open nowhere
    generation,
    k,
    checkValue: made.checkValue,
    ownerCopy,
    kits: made.kits.map((m) => ({ trusteeId: m.trusteeId, index: m.kit.index, commitment: m.commitment, gate: toB64url(m.gate), blob: m.blob })),
  });
}

/** One trustee's kit (or the executor kit), ready to hand over: the link (its fragment is the kit) and the printed code. */
export interface KitHandout {
  trusteeId: string;
  /** The executor kit (printed and kept with the will; put away with putAwayExecutorKit). */
  executor: boolean;
  level: AccessLevel;
  index: number;
  generation: number;
  k: number;
  n: number;
  token: string;
  /** `<origin>/kit/<token>#<fragment>`: the fragment never reaches the server. */
  link: string;
  /** The kit page's address without the kit (printed, for typing the code). */
  page: string;
  code: string;
  fingerprint: string;
  /** The share's commitment as the owner copy holds it (its fingerprint matched the server's listing). */
  commitment: string;
}

/** The kit page of `token` under `origin` (contract §4: `/kit/<token>`). */
export const kitPageAddress = (origin: string, token: string): string => `${origin.replace(/\/+$/, '')}/kit/${encodeURIComponent(token)}`;

/** The kit link: the page's address with the kit as its fragment. */
export const kitLink = (origin: string, token: string, kit: Kit): string => `${kitPageAddress(origin, token)}#${kitFragment(kit)}`;

/**
 * Opens `gen`'s owner copy with AK and gives each of its kits as a handout, by trustee id, with
 * links under `origin` (the app's own address). Throws KitSetupError when the server's list does
 * not match the copy (a kit the copy lacks, or another fingerprint: a server that mixed up or
 * replaced kits is caught here, never handed over), UnwrapError when AK does not open it.
 */
export async function openHandouts(deps: Pick<KitDeps, 'account' | 'withAccountKey'>, gen: KitGeneration, origin: string): Promise<Map<string, KitHandout>> {
  const made = await deps.withAccountKey((ak) => openOwnerCopy(ak, deps.account, gen.ownerCopy));
  if (made.generation !== gen.generation) throw new KitSetupError('Your copy of these kits belongs to another set of kits. Please make new kits.');
  const mine = new Map(made.kits.map((m) => [m.trusteeId, m]));
  const out = new Map<string, KitHandout>();
  for (const listed of gen.kits) {
    const m = mine.get(listed.trusteeId);
    if (!m || m.kit.index !== listed.index || m.fingerprint !== listed.fingerprint) {
      throw new KitSetupError('The server’s list of kits does not match your own copy. Do not hand these kits over; please make new kits.');
    }
    out.set(listed.trusteeId, {
      trusteeId: m.trusteeId,
      executor: isExecutorKit(m.trusteeId),
      level: m.level,
      index: m.kit.index,
      generation: made.generation,
      k: made.k,
      n: made.kits.length,
      token: listed.token,
      link: kitLink(origin, listed.token, m.kit),
      page: kitPageAddress(origin, listed.token),
      code: encodeKitCode(m.kit),
      fingerprint: m.fingerprint,
      commitment: m.commitment,
    });
  }
  return out;
}
