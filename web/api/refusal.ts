/**
 * The server's own words for a request it refused for a limit (429), e.g. the AI budget of
 * SECURITY.md "Limits": "The AI helper is busy…", "…Please try again tomorrow." Screens show
 * them as they are, beside the SPEC.md message of the failed action.
 */
import { ApiError } from './client';

/** The `{ error }` text of a 429 ApiError; undefined for any other failure. */
export function limitReason(err: unknown): string | undefined {
  return err instanceof ApiError && err.status === 429 ? err.serverMessage : undefined;
}
