/**
 * Whether a text is a web address that may become a link: http and https only (never
 * `javascript:` or `data:`). No zod, so the release pages' small bundle can use it
 * (schema/common.ts httpUrlSchema checks the same rule in forms).
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
