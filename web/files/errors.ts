/**
 * Errors of the files API (issue #17). Each `message` is written for the person and can be shown
 * as it is (a toast or an inline message).
 */

/** A file refused before anything was stored or queued: too large, the vault full, or a refused type. */
export class FileRefusedError extends Error {
  override name = 'FileRefusedError';
}

/** A file that is not on this device and cannot be fetched now (offline, not uploaded yet, gone). */
export class FileUnavailableError extends Error {
  override name = 'FileUnavailableError';
}

/** A downloaded file that did not decrypt, or whose size or SHA-256 differ from its record: never returned. */
export class FileDamagedError extends Error {
  override name = 'FileDamagedError';
  constructor(message = 'This file is damaged or was changed on the server, so it cannot be opened.') {
    super(message);
  }
}

/** The upload cannot go on: the file is no longer on this device (its record was deleted). */
export class LocalFileMissingError extends Error {
  override name = 'LocalFileMissingError';
}
