/**
 * Release through trustees' key shares (README.md "Trustee kits", format `afterword-kit-v1`;
 * research e2ee-release.md §6 points 8–15). The owner's device makes a generation: a release
 * secret `Q` split k of n (shamir.ts), and per trustee a kit (share q_i + kit secret t_i, kit-code.ts),
 * a gate secret G_i the server keeps sealed until release, and a blob holding that trustee's
 * level keys under HKDF(Q ‖ G_i ‖ t_i). Before release the server lacks Q and every t_i; one
 * trustee lacks Q and G_i; k − 1 trustees with the server still lack Q (shamir.ts).
 */
import type { AccessLevel } from '../schema/trustee';
import { buf, fromB64url, fromUtf8, lengthPrefixed, sha256, toB64url, utf8, webRandom, type RandomSource } from './bytes';
import { MalformedError, UnknownVersionError, UnwrapError } from './errors';
import { EXECUTOR_KIT_ID, isExecutorKit } from './executor-kit';
import { LEVEL_SCOPES } from './fields';
import { parseKid } from './kid';
import { kitFingerprint, type Kit } from './kit-code';
import { commitShare, makeCheckValue, shareMatches, splitSecret, type Share } from './shamir';
import { importAesKey, unwrapKey, wrapKey, type WrapContext } from './wrap';

/** The Shamir share a kit holds (index and bytes), as shamir.ts combineShares takes it. */
export const kitShare = (kit: Kit): Share => ({ index: kit.index, bytes: kit.share });

/**
 * True when `kit` is the kit the server's `commitment` was made for (account, its generation,
 * index and share): the kit page's check before "Keep this kit" and before confirming. The kit
 * secret t is not part of the commitment, so this sends and needs nothing secret.
 */
export const kitMatchesCommitment = (kit: Kit, account: string, commitment: string): Promise<boolean> =>
  shareMatches({ account, generation: kit.generation }, kitShare(kit), commitment);

export { encodeKitCode, parseKitCode, kitFragment, parseKitFragment, parseKitInput, kitFingerprint, type Kit } from './kit-code';

/** The executor kit's id: executor-kit.ts. */
export { EXECUTOR_KIT_ID, isExecutorKit } from './executor-kit';

/**
 * The executor kit as an entry of makeGeneration's `trustees`. Its level is only the owner copy's
 * placeholder: its blob is always sealed empty, so it opens nothing of its own (a share only).
 */
export const EXECUTOR_KIT = { trusteeId: EXECUTOR_KIT_ID, level: 'messages-only' } as const satisfies { trusteeId: string; level: AccessLevel };

/** Who a kit/derivation belongs to. */
export interface KitContext {
  account: string;
  trusteeId: string;
  generation: number;
}

const Q_BYTES = 32;
const GATE_BYTES = 32;
const T_BYTES = 16;

/** HKDF-SHA256 (salt: 32 zero bytes) of `ikm` with `info` → a non-extractable AES-256-GCM key. */
async function hkdfAes(ikm: Uint8Array, info: readonly string[]): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', buf(ikm), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: buf(lengthPrefixed(info)) }, base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** `parts` concatenated after checking each one's length (fixed lengths: the concatenation is unambiguous). */
function fixedIkm(parts: ReadonlyArray<[Uint8Array, number, string]>): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, [, len]) => n + len, 0));
  let at = 0;
  for (const [bytes, len, what] of parts) {
    if (bytes.length !== len) throw new TypeError(`${what} is ${len} bytes`);
    out.set(bytes, at);
    at += len;
  }
  return out;
}

/**
 * The key of trustee `ctx.trusteeId`'s blob: HKDF-SHA256(ikm = Q ‖ G_i ‖ t_i (32 + 32 + 16 bytes),
 * info = lengthPrefixed(["afterword-trustee-access-v1", account, trusteeId, generation])) as
 * AES-256-GCM. Throws TypeError for wrong lengths.
 */
export function trusteeAccessKey(q: Uint8Array, gate: Uint8Array, t: Uint8Array, ctx: KitContext): Promise<CryptoKey> {
  const ikm = fixedIkm([
    [q, Q_BYTES, 'Q'],
    [gate, GATE_BYTES, 'A gate'],
    [t, T_BYTES, 'A kit secret'],
  ]);
  return hkdfAes(ikm, ['afterword-trustee-access-v1', ctx.account, ctx.trusteeId, String(ctx.generation)]);
}

/**
 * "The server delivers it": the key that wraps message `messageId`'s key for the server to open
 * after release, HKDF-SHA256(Q ‖ G_m, info ["afterword-message-delivery-v1", account, messageId,
 * generation]); G_m is the message's gate. The operator can read such messages from release on.
 */
export function messageDeliveryKey(q: Uint8Array, gate: Uint8Array, ctx: { account: string; messageId: string; generation: number }): Promise<CryptoKey> {
  const ikm = fixedIkm([
    [q, Q_BYTES, 'Q'],
    [gate, GATE_BYTES, 'A gate'],
  ]);
  return hkdfAes(ikm, ['afterword-message-delivery-v1', ctx.account, ctx.messageId, String(ctx.generation)]);
}

/**
 * "A trustee hands it over": the key that wraps message `messageId`'s key for trustee
 * `trusteeId` only, HKDF-SHA256(Q ‖ G ‖ t_i, info ["afterword-message-handover-v1", account,
 * trusteeId, messageId, generation]). The server never has t_i, so it never opens these.
 */
export function handoverKey(q: Uint8Array, gate: Uint8Array, t: Uint8Array, ctx: KitContext & { messageId: string }): Promise<CryptoKey> {
  const ikm = fixedIkm([
    [q, Q_BYTES, 'Q'],
    [gate, GATE_BYTES, 'A gate'],
    [t, T_BYTES, 'A kit secret'],
  ]);
  return hkdfAes(ikm, ['afterword-message-handover-v1', ctx.account, ctx.trusteeId, ctx.messageId, String(ctx.generation)]);
}

/**
 * The key of what trustee `ctx.trusteeId` may open in an emergency while the owner lives
 * (docs/sharing.md "Emergency access"; issue 43): HKDF-SHA256(ikm = E ‖ t_i (32 + 16 bytes),
 * info ["afterword-emergency-v1", account, trusteeId, generation]). E is an emergency gate the
 * server keeps and hands over only after the owner's wait; t_i is the trustee's kit secret, which
 * the server never has: the server alone opens nothing, and the trustee opens nothing without E.
 * The server stores the gate sealed under its release key and serves it only to a granted trustee (sync-server/sharing/gate-seal.ts).
 */
export function emergencyKey(gate: Uint8Array, t: Uint8Array, ctx: KitContext): Promise<CryptoKey> {
  const ikm = fixedIkm([
    [gate, GATE_BYTES, 'An emergency gate'],
    [t, T_BYTES, 'A kit secret'],
  ]);
  return hkdfAes(ikm, ['afterword-emergency-v1', ctx.account, ctx.trusteeId, String(ctx.generation)]);
}

/** Where a key wrapped under emergencyKey is bound (wrap.ts): purpose `emergency:<trusteeId>:<generation>`, id the wrapped key's id. */
export const emergencyWrapContext = (account: string, trusteeId: string, id: string, generation: number): WrapContext => ({ userId: account, purpose: `emergency:${trusteeId}:${generation}`, id });

/**
 * Where a message key wrapped under messageDeliveryKey or handoverKey is bound (wrap.ts, key id =
 * the message key's kid `msg:<id>~<v>`), so a wrap cannot be moved to another message, trustee,
 * generation or account: purpose `message-delivery:<generation>` or
 * `message-handover:<trusteeId>:<generation>`.
 */
export const deliveryWrapContext = (account: string, kid: string, generation: number): WrapContext => ({ userId: account, purpose: `message-delivery:${generation}`, id: kid });
/** See deliveryWrapContext. Hand-over version 1: kept so wraps made before version 2 still open (handover-links.ts says their address cannot be checked). */
export const handoverWrapContext = (account: string, trusteeId: string, kid: string, generation: number): WrapContext => ({ userId: account, purpose: `message-handover:${trusteeId}:${generation}`, id: kid });

/** The form of a recipient address a version 2 hand-over wrap is bound to: trimmed, lower case (as fields.ts sameAddress compares). */
export const boundAddress = (address: string): string => address.trim().toLowerCase();

/**
 * Hand-over version 2 (issue 39): as handoverWrapContext, and bound to the letter's recipient address
 * too: purpose `message-handover-v2:` + JSON `[trusteeId, generation, boundAddress(address)]`. The
 * trustee's page opens the key only with the address the owner's device wrapped it for, so opening it
 * proves the address, and a server that names another one gets a wrap that does not open.
 */
export const handoverWrapContextV2 = (account: string, trusteeId: string, kid: string, generation: number, address: string): WrapContext => ({
  userId: account,
  purpose: `message-handover-v2:${JSON.stringify([trusteeId, generation, boundAddress(address)])}`,
  id: kid,
});

const BLOB_VERSION = 1;
/** A w1 wrapped 32-byte key (wrap.ts): nonce 16 characters, ciphertext and tag 64. */
const WRAPPED_RE = /^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/;
const blobPurpose = (ctx: KitContext) => `trustee-blob:${ctx.trusteeId}:${ctx.generation}`;
const setPurpose = (ctx: KitContext) => `trustee-blob-set:${ctx.trusteeId}:${ctx.generation}`;
/** SHA-256 of the blob's sorted key ids: wrapped as `set`, it proves the key and that no entry was dropped. */
const kidSetHash = (kids: readonly string[]) => sha256(lengthPrefixed(['afterword-trustee-blob-set-v1', ...[...kids].sort()]));

/**
 * A trustee's blob: `{"v":1,"keys":{<kid>: w1…},"set":w1…}`. Each level key is wrapped (wrap.ts)
 * under `key` with userId = account, purpose `trustee-blob:<trusteeId>:<generation>`, id = kid;
 * `set` wraps SHA-256 of the sorted kids (purpose `trustee-blob-set:…`, id `kids`), so the blob
 * opens only with the right key even when empty, and an entry the server drops is noticed.
 */
export async function sealTrusteeBlob(key: CryptoKey, ctx: KitContext, keys: ReadonlyMap<string, Uint8Array>, random: RandomSource = webRandom): Promise<string> {
  const kids = [...keys.keys()].sort();
  const out: Record<string, string> = {};
  for (const kid of kids) {
    if (!parseKid(kid)) throw new TypeError(`Not a key id: ${kid}`);
    out[kid] = await wrapKey(key, keys.get(kid)!, { userId: ctx.account, purpose: blobPurpose(ctx), id: kid }, random);
  }
  const set = await wrapKey(key, await kidSetHash(kids), { userId: ctx.account, purpose: setPurpose(ctx), id: 'kids' }, random);
  return JSON.stringify({ v: BLOB_VERSION, keys: out, set });
}

/** The blob's JSON, its shape checked (no key needed). */
function parseBlob(blob: string): { keys: Record<string, string>; set: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(blob);
  } catch {
    throw new MalformedError('A trustee blob is JSON');
  }
  const b = parsed as { v?: unknown; keys?: unknown; set?: unknown } | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new MalformedError('A trustee blob is an object');
  if (b.v !== BLOB_VERSION) throw new UnknownVersionError(`Trustee blob version ${String(b.v)} is unknown`);
  if (!b.keys || typeof b.keys !== 'object' || Array.isArray(b.keys) || !WRAPPED_RE.test(String(b.set))) throw new MalformedError('A trustee blob holds keys and their set');
  for (const [kid, w] of Object.entries(b.keys)) if (!parseKid(kid) || !WRAPPED_RE.test(String(w))) throw new MalformedError(`Trustee blob entry ${kid} is not a wrapped key`);
  return b as { keys: Record<string, string>; set: string };
}

/**
 * The server's check of a trustee blob, with no key (as checkEnvelope for envelopes): returns its
 * key ids; throws UnknownVersionError or MalformedError when it is not a blob of this format.
 */
export function checkTrusteeBlob(blob: string): string[] {
  return Object.keys(parseBlob(blob).keys);
}

/**
 * The level keys (kid → 32 raw bytes) of a blob made by sealTrusteeBlob for `ctx`. Throws
 * UnknownVersionError, MalformedError or UnwrapError (wrong key, trustee, generation or account,
 * changed bytes, an entry dropped or added); never returns a partial map.
 */
export async function openTrusteeBlob(key: CryptoKey, ctx: KitContext, blob: string): Promise<Map<string, Uint8Array>> {
  const b = parseBlob(blob);
  const entries = Object.entries(b.keys);
  const set = await unwrapKey(key, b.set, { userId: ctx.account, purpose: setPurpose(ctx), id: 'kids' });
  const expected = await kidSetHash(entries.map(([kid]) => kid));
  if (toB64url(set) !== toB64url(expected)) throw new UnwrapError('This trustee blob was changed: a key was added or removed');
  const out = new Map<string, Uint8Array>();
  for (const [kid, w] of entries) out.set(kid, await unwrapKey(key, w, { userId: ctx.account, purpose: blobPurpose(ctx), id: kid }));
  return out;
}

/** One trustee's part of a generation. */
export interface MadeKit {
  trusteeId: string;
  level: AccessLevel;
  kit: Kit;
  /** G_i: 32 random bytes; the server keeps it sealed under its release key until release. */
  gate: Uint8Array;
  /** commitShare({account, generation}, {index, bytes: share}): the server's check of the share. */
  commitment: string;
  /** kitFingerprint(commitment): printed on the kit for the yearly check. */
  fingerprint: string;
  /** sealTrusteeBlob under trusteeAccessKey(Q, G_i, t_i). */
  blob: string;
}

/** Everything the owner's device makes for a new generation. */
export interface MadeGeneration {
  generation: number;
  k: number;
  q: Uint8Array;
  checkValue: string;
  kits: MadeKit[];
}

/**
 * Makes generation `generation`: a random Q split k of n among `trustees` (index = position 1 … n),
 * each trustee's kit secret, gate, commitment, fingerprint and blob of `levelKeys(level)`, and the
 * check value of Q. `random` draws Q, t_i, G_i and nonces; the Shamir coefficients come from the
 * library's own CSPRNG. `levelKeys` also gets the trustee's id. The executor kit (EXECUTOR_KIT, at
 * most one entry, kept with the will, counting as one share) gets an empty blob whatever
 * `levelKeys` says, so it opens nothing alone. Throws RangeError for k outside 1 … n, n > 255, or a
 * generation outside 1 … 65,535; TypeError for a repeated trustee, or an executor kit with no
 * trustee's kit beside it. k = 1 gives every trustee Q itself (the UI warns).
 */
export async function makeGeneration(
  input: { account: string; generation: number; k: number; trustees: ReadonlyArray<{ trusteeId: string; level: AccessLevel }>; levelKeys: (level: AccessLevel, trusteeId: string) => ReadonlyMap<string, Uint8Array> },
  random: RandomSource = webRandom,
): Promise<MadeGeneration> {
  const { account, generation, k, trustees } = input;
  if (!Number.isInteger(generation) || generation < 1 || generation > 0xffff) throw new RangeError('A kit generation is 1 … 65,535');
  if (new Set(trustees.map((t) => t.trusteeId)).size !== trustees.length) throw new TypeError('Each trustee holds one kit');
  if (trustees.every((t) => isExecutorKit(t.trusteeId))) throw new TypeError('An executor kit goes with trustees\' kits');
  const q = random(Q_BYTES);
  const shares = await splitSecret(q, trustees.length, k);
  const sctx = { account, generation };
  const kits: MadeKit[] = [];
  for (const [i, { trusteeId, level }] of trustees.entries()) {
    const share = shares[i]!;
    const t = random(T_BYTES);
    const gate = random(GATE_BYTES);
    const ctx = { account, trusteeId, generation };
    const commitment = await commitShare(sctx, share);
    const keys = isExecutorKit(trusteeId) ? new Map<string, Uint8Array>() : input.levelKeys(level, trusteeId);
    const blob = await sealTrusteeBlob(await trusteeAccessKey(q, gate, t, ctx), ctx, keys, random);
    kits.push({ trusteeId, level, kit: { generation, index: share.index, share: share.bytes, t }, gate, commitment, fingerprint: await kitFingerprint(commitment), blob });
  }
  return { generation, k, q, checkValue: await makeCheckValue(q, sctx, random), kits };
}

const OWNER_VERSION = 'o1';
const ownerAad = (account: string, generation: number) => lengthPrefixed(['afterword-kit-owner-v1', account, String(generation)]);
const asKey = (ak: CryptoKey | Uint8Array) => (ak instanceof Uint8Array ? importAesKey(ak) : Promise.resolve(ak));

/**
 * The owner's copy of a generation, sealed under AK (AES-256-GCM, additional data
 * lengthPrefixed(["afterword-kit-owner-v1", account, generation])): `o1.<generation>.<nonce>.<ct>`.
 * The server stores it opaque; the owner's devices use it to print kits again and re-seal blobs.
 */
export async function sealOwnerCopy(ak: CryptoKey | Uint8Array, account: string, made: MadeGeneration, random: RandomSource = webRandom): Promise<string> {
  const plain = {
    v: 1,
    generation: made.generation,
    k: made.k,
    q: toB64url(made.q),
    checkValue: made.checkValue,
    kits: made.kits.map((m) => ({ trusteeId: m.trusteeId, level: m.level, index: m.kit.index, share: toB64url(m.kit.share), t: toB64url(m.kit.t), gate: toB64url(m.gate), commitment: m.commitment, fingerprint: m.fingerprint, blob: m.blob })),
  };
  const nonce = random(12);
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(ownerAad(account, made.generation)) }, await asKey(ak), buf(utf8(JSON.stringify(plain))));
  return `${OWNER_VERSION}.${made.generation}.${toB64url(nonce)}.${toB64url(new Uint8Array(ct))}`;
}

const LEVELS = Object.keys(LEVEL_SCOPES) as AccessLevel[];

/** Bytes of a base64url field of the owner copy, exactly `len` long, else MalformedError. */
function b64Field(value: unknown, len: number | readonly number[]): Uint8Array {
  const bytes = typeof value === 'string' ? fromB64url(value) : null;
  const lens = typeof len === 'number' ? [len] : len;
  if (!bytes || !lens.includes(bytes.length)) throw new MalformedError('The owner copy of the kits is damaged');
  return bytes;
}

/**
 * Opens an owner copy made by sealOwnerCopy for `account`. Throws UnknownVersionError,
 * MalformedError, or UnwrapError (wrong AK or account, or changed bytes).
 */
export async function openOwnerCopy(ak: CryptoKey | Uint8Array, account: string, sealed: string): Promise<MadeGeneration> {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts[0] !== OWNER_VERSION) throw /^o[0-9]+$/.test(parts[0] ?? '') ? new UnknownVersionError(`Owner copy version ${parts[0]} is unknown`) : new MalformedError('Not an owner copy of kits');
  const generation = Number(parts[1]);
  const nonce = parts.length === 4 ? fromB64url(parts[2]!) : null;
  const ct = parts.length === 4 ? fromB64url(parts[3]!) : null;
  if (!/^[1-9][0-9]{0,4}$/.test(parts[1] ?? '') || generation > 0xffff || !nonce || nonce.length !== 12 || !ct) throw new MalformedError('Not an owner copy of kits');
  let plain: Uint8Array;
  try {
    plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(ownerAad(account, generation)) }, await asKey(ak), buf(ct)));
  } catch {
    throw new UnwrapError('The owner copy of the kits does not open with this account key');
  }
  const o = JSON.parse(fromUtf8(plain)) as Record<string, unknown>;
  if (o.v !== 1 || o.generation !== generation || !Number.isInteger(o.k) || typeof o.checkValue !== 'string' || !Array.isArray(o.kits) || (o.k as number) < 1 || (o.k as number) > o.kits.length) throw new MalformedError('The owner copy of the kits is damaged');
  const kits = (o.kits as Record<string, unknown>[]).map((m): MadeKit => {
    if (typeof m.trusteeId !== 'string' || !LEVELS.includes(m.level as AccessLevel) || !Number.isInteger(m.index) || typeof m.commitment !== 'string' || typeof m.fingerprint !== 'string' || typeof m.blob !== 'string') {
      throw new MalformedError('The owner copy of the kits is damaged');
    }
    const kit = { generation, index: m.index as number, share: b64Field(m.share, [32, 33]), t: b64Field(m.t, T_BYTES) };
    return { trusteeId: m.trusteeId, level: m.level as AccessLevel, kit, gate: b64Field(m.gate, GATE_BYTES), commitment: m.commitment, fingerprint: m.fingerprint, blob: m.blob };
  });
  return { generation, k: o.k as number, q: b64Field(o.q, Q_BYTES), checkValue: o.checkValue, kits };
}
