/**
 * What this device last SEALED for each followed item (docs/sharing.md "Always current"): a
 * SHA-256 digest of the plain copy it sealed, per `<kind>:<id>` (a shared item's, or
 * `emergency-bundle:<trusteeId>` for a trustee's emergency bundle), kept in the device's database
 * (`meta` `sealedCopies`, never synced) or in memory (tests). The followers (share-follow.ts)
 * compare an item's copy with it, not with what they happened to see first, so an edit made while
 * the keys were locked, while no one was signed in, or synced in from another device is sealed
 * again once the keys open. Only a digest is kept: the device's records hold the words already.
 */
import type { AfterwordDexie } from '../../db/schema';
import { metaMap } from '../../db/meta-map';

/** The store of sealed digests. */
export interface SealedCopies {
  /** The digest of the copy last sealed for `key`, or undefined when this device has sealed none. */
  get(key: string): Promise<string | undefined>;
  /** Notes that the copy whose digest is `digest` was sealed for `key`. */
  set(key: string, digest: string): Promise<void>;
}

/** The key of an item in the followers' stores: `<kind>:<id>` (a shared item's ShareItemRef, or `emergency-bundle` and a trustee's id). */
export const followKey = (ref: { kind: string; id: string }): string => `${ref.kind}:${ref.id}`;

/** JSON with every object's keys in order, so equal copies give one digest whatever their keys' order. */
/** `value` as canonical JSON (keys sorted): what copyDigest hashes. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** The hex SHA-256 (WebCrypto) of `copy` as canonical JSON. */
export const copyDigest = (copy: unknown): Promise<string> => textDigest(canonical(copy));

/** The hex SHA-256 of `text` (a copy's canonical JSON). */
export async function textDigest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sealed digests kept in memory only (lost with the page): tests, and a follower given no store. */
export function sealedCopiesInMemory(): SealedCopies {
  const rows = new Map<string, string>();
  return {
    get: async (key) => rows.get(key),
    set: async (key, digest) => void rows.set(key, digest),
  };
}

/** Sealed digests kept in `dexie`'s `meta` (`sealedCopies`), one entry per item, each written in its own transaction. */
export function sealedCopiesIn(dexie: AfterwordDexie): SealedCopies {
  const map = metaMap(dexie, 'sealedCopies');
  return {
    get: (key) => map.get(key),
    set: (key, digest) => map.set(key, digest),
  };
}
