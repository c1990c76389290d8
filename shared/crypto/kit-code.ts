/**
 * A trustee kit as text (README.md "Trustee kits", format `afterword-kit-v1`): the printed code,
 * the link's fragment and the fingerprint printed on the kit for the yearly check.
 *
 * Payload, 53 bytes: `header ‖ generation (2 B, big-endian) ‖ index (1 B) ‖ t (16 B) ‖ share (33 B)`.
 * `header` = version (1) in the high 4 bits, the share's kind in the low 4: 0 = a Shamir share of
 * 33 bytes (shamir-secret-sharing: 32 bytes then the x coordinate), 1 = `Q` itself (k = 1,
 * shamir.ts), 32 bytes then one zero byte. One kit has exactly one text (the zero byte and
 * unused kinds are refused).
 * - Code: the payload and a 16-bit whole-code check (the first 2 bytes of
 *   SHA-256("afterword-kit-v1" ‖ payload)) as 22 groups of 5 Crockford characters (group-code.ts,
 *   as the recovery code): 110 characters.
 * - Fragment: base64url of the payload (71 characters), `…/kit/<token>#<fragment>`.
 * The functions are synchronous (the check is @noble/hashes' SHA-256), so a page can check a code
 * as it is typed.
 */
import { sha256 as sha256Sync } from '@noble/hashes/sha2.js';
import { concat, fromB64url, lengthPrefixed, sha256, toB64url, utf8 } from './bytes';
import { KitCodeError } from './errors';
import { CROCKFORD, formatGroupCode, parseGroupCode, type GroupCodeSpec } from './group-code';

/** What a trustee holds: their share of Q and their own kit secret t (16 random bytes). */
export interface Kit {
  /** The kit generation (1 … 65,535); re-keying makes a new one and the old kits stop working. */
  generation: number;
  /** The trustee's position 1 … n (the share's index). */
  index: number;
  /** The share: 33 bytes (k ≥ 2) or Q itself, 32 bytes (k = 1). */
  share: Uint8Array;
  /** The kit secret t_i: 16 bytes. */
  t: Uint8Array;
}

export const KIT_VERSION = 1;
const DOMAIN = 'afterword-kit-v1';
const PAYLOAD_BYTES = 53;
const SHARE_BYTES = 33;
const Q_BYTES = 32;
const T_BYTES = 16;
const SPEC: GroupCodeSpec = { payloadBytes: PAYLOAD_BYTES, checkBits: 16, noun: 'kit code' };

/** The 53-byte payload of `kit`. Throws TypeError for a kit no code can hold. */
function toPayload(kit: Kit): Uint8Array {
  const { generation, index, share, t } = kit;
  if (!Number.isInteger(generation) || generation < 1 || generation > 0xffff) throw new TypeError('A kit generation is 1 … 65,535');
  if (!Number.isInteger(index) || index < 1 || index > 255) throw new TypeError('A kit index is 1 … 255');
  if (t.length !== T_BYTES) throw new TypeError('A kit secret is 16 bytes');
  if (share.length !== SHARE_BYTES && share.length !== Q_BYTES) throw new TypeError('A kit share is 33 bytes, or 32 for k = 1');
  const out = new Uint8Array(PAYLOAD_BYTES);
  out[0] = (KIT_VERSION << 4) | (share.length === Q_BYTES ? 1 : 0);
  out[1] = generation >> 8;
  out[2] = generation & 0xff;
  out[3] = index;
  out.set(t, 4);
  out.set(share, 4 + T_BYTES);
  return out;
}

/** The kit in a 53-byte payload; throws KitCodeError (group null) for another version or a non-canonical payload. */
function fromPayload(p: Uint8Array): Kit {
  const version = p[0]! >> 4;
  const kind = p[0]! & 0x0f;
  if (version !== KIT_VERSION) throw new KitCodeError(`This kit was made by a newer version of Afterword (kit format ${version})`, null);
  const generation = (p[1]! << 8) | p[2]!;
  const index = p[3]!;
  const last = p[PAYLOAD_BYTES - 1]!;
  if (kind > 1 || generation === 0 || index === 0 || (kind === 1 && last !== 0)) throw new KitCodeError('This is not a kit', null);
  const share = p.slice(4 + T_BYTES, kind === 1 ? PAYLOAD_BYTES - 1 : PAYLOAD_BYTES);
  return { generation, index, share, t: p.slice(4, 4 + T_BYTES) };
}

/** The 16-bit whole-code check of a payload. */
function wholeCheck(payload: Uint8Array): number {
  const h = sha256Sync(concat(utf8(DOMAIN), payload));
  return (h[0]! << 8) | h[1]!;
}

/** The printed code of `kit`: 22 Crockford groups of 5 (4 data + 1 check character) joined by `-`. Throws TypeError for an impossible kit. */
export function encodeKitCode(kit: Kit): string {
  const payload = toPayload(kit);
  return formatGroupCode(SPEC, payload, wholeCheck(payload));
}

/**
 * The kit of a typed or scanned code. Ignores case, spaces and hyphens, reads I/L as 1 and O as 0.
 * Throws KitCodeError: `group` 1 … 22 for a wrong character or a failed group check; `group: null`
 * for a wrong length, a failed whole-code check (e.g. two groups swapped) or an unknown version.
 */
export function parseKitCode(text: string): Kit {
  const { payload, check } = parseGroupCode(SPEC, text, (message, group) => new KitCodeError(message, group));
  if (wholeCheck(payload) !== check) throw new KitCodeError('This code does not check: are two groups swapped or from another kit?', null);
  return fromPayload(payload);
}

/** The link's fragment of `kit`: base64url of its payload (71 characters). */
export function kitFragment(kit: Kit): string {
  return toB64url(toPayload(kit));
}

/** The kit in a link's fragment (a leading `#` is allowed). Throws KitCodeError (group null) when it is not one. */
export function parseKitFragment(fragment: string): Kit {
  const bytes = fromB64url(fragment.replace(/^#/, ''));
  if (!bytes || bytes.length !== PAYLOAD_BYTES) throw new KitCodeError('This link is not complete: copy the whole link, or type the code printed on the kit', null);
  return fromPayload(bytes);
}

/**
 * The kit in whatever a person pastes or types: the saved link (`…/kit/<token>#<fragment>`), its
 * fragment alone (71 base64url characters), or the printed code. Throws KitCodeError as
 * parseKitFragment or parseKitCode does.
 */
export function parseKitInput(text: string): Kit {
  const trimmed = text.trim();
  const hash = trimmed.lastIndexOf('#');
  if (hash >= 0) return parseKitFragment(trimmed.slice(hash + 1));
  if (/^[A-Za-z0-9_-]{71}$/.test(trimmed)) return parseKitFragment(trimmed);
  return parseKitCode(trimmed);
}

/**
 * The kit's fingerprint, "XXXX-XXXX": the first 40 bits of
 * SHA-256(lengthPrefixed(["afterword-kit-fp-v1", commitment])) in Crockford base32. Printed on the
 * kit and shown by the server's page for the yearly check, which never asks for the code
 * (issue constraint "Kits pass through the operator's code"). `commitment` is the share's
 * commitment (shamir.ts commitShare, lowercase hex).
 */
export async function kitFingerprint(commitment: string): Promise<string> {
  const h = await sha256(lengthPrefixed(['afterword-kit-fp-v1', commitment]));
  let bits = 0n;
  for (const b of h.subarray(0, 5)) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 7; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}
