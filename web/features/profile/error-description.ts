/**
 * The description of a failure toast (SPEC.md §8: "the server message or the fallback"): a local
 * write refused by the schema names the field in plain words (web/forms/field-limits.ts), a server
 * error its `{ error }` text, anything else 'Please try again later.'.
 */
import { ApiError, FALLBACK_MESSAGE, serverMessage } from '../../api/client';
import { LocalWriteError } from '../../db';
import { describeWriteError } from '../../forms/field-limits';

/** The toast description of `err`: the field in plain words, the server's text or the fallback. */
export function errorDescription(err: unknown): string {
  const plain = describeWriteError(err);
  if (plain) return plain;
  if (err instanceof LocalWriteError) return err.message.replace(/^[A-Za-z]+\.[^:]+:\s*/, '') || FALLBACK_MESSAGE;
  if (err instanceof ApiError) return serverMessage(err);
  return FALLBACK_MESSAGE;
}
