/**
 * The server's key-less check of a sealed account's pushed fields (shared/sync/README.md rules
 * 24–26; shared/crypto/README.md "Envelope v1"). An account is sealed once its `account_keys`
 * row has `sealed_at` (the migration sets it). Then every sealed field (shared/crypto/fields.ts)
 * of a pushed change must be an envelope that passes `checkEnvelope` against the account's stored
 * keyring: the right shape and size, a kid of the field's own scope and its current version. The
 * server never holds a key, so that is all it can check; content rules (required, lengths) ran on
 * the device before sealing. A plain `null` stays allowed only where the server must see it: a
 * removed list item and a dismissed kept version (sealed-record.ts).
 */
import { checkEnvelope, type CurrentVersions } from '../../shared/crypto/envelope';
import { CryptoError, StaleKeyError, UnknownKeyError, WrongPlaceError } from '../../shared/crypto/errors';
import { baseField, sealedScope } from '../../shared/crypto/fields';
import { isFreshnessField } from '../../shared/schema/collection-names';
import { currentVersions, type StoredKeyring } from '../../shared/crypto/keys';
import type { CollectionName } from '../../shared/schema/collection-names';
import { MAX_CHANGE_BYTES } from '../../shared/sync/change';
import { SEAL_REFUSALS } from '../../shared/sync/protocol';
import { ApiHttpError } from '../http/errors';

/** What the key store (`services.keys.get`, contract) gives for an account; null when it has no keys. */
export interface AccountKeysView {
  keyring: StoredKeyring;
  /** ms; null while the account's records are still plaintext. */
  sealedAt: number | null;
}

/** Reads an account's keys (services.keys.get). */
export type AccountKeysReader = (userId: string) => Promise<AccountKeysView | null>;

/** An account's sealing for one request: the current version of each of its scopes. */
export interface SealedAccount {
  versions: CurrentVersions;
  /**
   * True once `sealed_at` is set: every sealed field must be an envelope. False while the account
   * has keys but is being sealed (the migration): a sealed field may be an envelope (checked) or,
   * as before, a plain value (its schema decides), so a device that already seals loses nothing.
   */
  strict: boolean;
}

/** The account's sealing, or null when it has no keys (plain sync). */
export async function sealedAccountOf(read: AccountKeysReader | undefined, userId: string): Promise<SealedAccount | null> {
  const keys = read ? await read(userId) : null;
  if (!keys) return null;
  return { versions: currentVersions(keys.keyring), strict: keys.sealedAt !== null };
}

/**
 * The sealing a write must meet, given `sealedAt` (`account_keys.sealed_at`, ms, or null) as read
 * inside the write's own transaction, after `account` was read before it (shared/sync/README.md
 * rule 24): the migration's finish (keys/seal-routes.ts) may have set `sealed_at` in between, and
 * then the write is held to the sealed account's rule, never to the older reading. When the
 * account had no keys at the first reading, no key version is known: every envelope is answered
 * as sealed with a key the account does not have, which the device answers by fetching its
 * keyring and sealing again (web/sync/sealing.ts isStaleKeyRefusal).
 */
export function sealingAt(account: SealedAccount | null, sealedAt: number | null): SealedAccount | null {
  if (sealedAt === null || account?.strict) return account;
  return { versions: account?.versions ?? (() => undefined), strict: true };
}

/**
 * Checks one stored field of a change to a sealed account. Returns undefined for a plain field
 * (its zod schema decides), null for a valid envelope (or an allowed plain null), else the reason
 * naming the field. The reasons for a stale or unknown key and for plaintext are the ones the
 * device answers by sealing again (web/sync/sealing.ts isSealRefusal): never a dropped edit.
 */
export function checkSealedField(account: SealedAccount, collection: CollectionName, id: string, field: string, value: unknown): string | null | undefined {
  let scope: string | null;
  try {
    scope = sealedScope(collection, id, field);
  } catch {
    return undefined; // undeclared: the schema check names it as an unknown field
  }
  if (scope === null) return undefined;
  if (value === null && field !== baseField(field) && !isFreshnessField(field)) return null; // a removed list item or a dismissed kept version
  // The reasons' words are made only for a refusal: every field of every push passes here.
  if (typeof value !== 'string' || !/^v[0-9]+\./.test(value)) {
    return account.strict ? `${collection}.${field}: ${SEAL_REFUSALS.plaintext} (this account's words are end-to-end encrypted, so the server accepts only envelopes here)` : undefined;
  }
  try {
    checkEnvelope(value, account.versions, MAX_CHANGE_BYTES, scope);
    return null;
  } catch (err) {
    if (err instanceof StaleKeyError) return `${collection}.${field}: sealed with a replaced key; ${SEAL_REFUSALS.stale}`;
    if (err instanceof UnknownKeyError) return `${collection}.${field}: sealed with a ${SEAL_REFUSALS.unknownKey}`;
    if (err instanceof WrongPlaceError) return `${collection}.${field}: sealed under another scope's key`;
    if (err instanceof CryptoError) return `${collection}.${field}: not a valid sealed value (${err.message})`;
    throw err;
  }
}

/**
 * Server-clock writes to a sealed account (rule 24; RecordService.write): the server would have to
 * read a sealed field to write it, and an envelope must be sealed with the HLC of its write, which
 * the server mints here. So any sealed field of `fields` is refused with 422 naming it; plain
 * fields are written as before. The REST routes send a sealed field in the sealed form instead
 * (sealed-rest.ts, written at the client's HLC). An account still being sealed (not `strict`)
 * takes plain writes as before.
 */
export function refuseSealedRestWrite(collection: CollectionName, id: string, fields: Record<string, unknown>, account: SealedAccount | null): void {
  if (!account?.strict) return;
  for (const [field, value] of Object.entries(fields)) {
    if (sealedScope(collection, id, field) === null) continue;
    const where = `${collection}.${field}`;
    const reason =
      typeof value === 'string' && /^v[0-9]+\./.test(value)
        ? `${where}: this account's words are end-to-end encrypted; sealed values are sent with the HLC they were sealed at (as hlc, README.md "Sealed accounts over REST") or through sync (POST /api/sync)`
        : `${where}: ${SEAL_REFUSALS.plaintext} (this account's words are end-to-end encrypted, so the server accepts no plain text here)`;
    throw new ApiHttpError(422, reason, [{ path: field, message: reason }]);
  }
}
