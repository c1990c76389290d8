/**
 * The errors of shared/crypto: every refusal is a named subclass of CryptoError, so a caller can
 * tell "fetch the keyring and retry" (UnknownKeyError, StaleKeyError) from "the server changed
 * this value" (WrongPlaceError, WrongHlcError, TamperedError, TruncatedError) and show it in words,
 * never as content (README.md "Errors").
 */

/** Base class: something sealed could not be opened or made. `name` is the subclass's name. */
export class CryptoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The text is not an envelope / wrapped key / keyring at all (bad segments, bad base64url). */
export class MalformedError extends CryptoError {}

/** The envelope or keyring names a format version this code does not know (a newer app wrote it). */
export class UnknownVersionError extends CryptoError {}

/** Sealed under a key id this keyring does not hold (a newer key: fetch the keyring and retry). */
export class UnknownKeyError extends CryptoError {}

/** Sealed under an older key version than the scope's current one (retryable: re-seal and re-push). */
export class StaleKeyError extends CryptoError {}

/** The ciphertext is shorter than any envelope, or is not a padded size (cut short or lengthened). */
export class TruncatedError extends CryptoError {}

/** The envelope was made for another user, collection, record or field (moved by the server). */
export class WrongPlaceError extends CryptoError {}

/** The envelope was made with another HLC than the one it arrived with (an older value replayed). */
export class WrongHlcError extends CryptoError {}

/** Authentication failed with the right key, place and HLC: a changed byte (or a wrong key). */
export class TamperedError extends CryptoError {}

/**
 * Older than the owner's authenticated version of its record says (freshness.ts): a replaced value
 * brought back, or a whole record older than one this device already saw.
 */
export class RolledBackError extends CryptoError {}

/** A plain value (a deletion mark, an address) the owner's key does not vouch for (freshness.ts). */
export class UnvouchedError extends CryptoError {}

/** KDF parameters below the floor, above the ceiling, or of an unknown algorithm (README.md "KDF"). */
export class KdfParamsError extends CryptoError {}

/** A recovery code that does not parse; `group` (1-based) names the group with the typo, if one does. */
export class RecoveryCodeError extends CryptoError {
  constructor(
    message: string,
    readonly group: number | null,
  ) {
    super(message);
  }
}

/**
 * A trustee kit code or link fragment that does not parse (README.md "Trustee kits"); `group`
 * (1-based) names the group with the typo, if one does, else null (length, whole-code check, version).
 */
export class KitCodeError extends CryptoError {
  constructor(
    message: string,
    readonly group: number | null,
  ) {
    super(message);
  }
}

/** A Shamir share that fails its commitment (named by `index`), or too few shares to combine. */
export class ShareError extends CryptoError {
  constructor(
    message: string,
    readonly index: number | null,
  ) {
    super(message);
  }
}

/** An envelope longer than the byte cap of its field (shared/limits.ts, counted on ciphertext). */
export class TooLargeError extends CryptoError {}

/** A wrapped key did not unwrap: wrong password or recovery code, wrong account, or changed bytes. */
export class UnwrapError extends CryptoError {}

/**
 * An older, weaker format served where the owner's device is known to have made the newer one: a
 * downgrade (e.g. a hand-over wrap not bound to its address, version 1, where version 2 was made:
 * shared/release/handover-links.ts). Refused, never opened as the older format.
 */
export class DowngradeError extends CryptoError {}
