/**
 * Scopes and key ids (README.md "Keys"). A scope is a set of values a release can hand out as one
 * key; a key id (`kid`) is `<scope>~<version>`, version 1, 2, … as the scope's key is rotated.
 *
 * - `owner`: the profile and the trustees list (only a full-access trustee receives it).
 * - `plan`: the death plan and survivor tasks.
 * - `docs`: documents, their names, URLs and files' keys.
 * - `index`: what a trustee may see of each message (recipient's name), never its content.
 * - `msg:<messageId>`: one message's type, text and file (only its recipient ever receives it).
 */

/** The fixed scopes; message scopes are `msg:<messageId>`. */
export const FIXED_SCOPES = ['owner', 'plan', 'docs', 'index'] as const;
export type FixedScope = (typeof FIXED_SCOPES)[number];

const SCOPE_PATTERN = '(?:owner|plan|docs|index|msg:[A-Za-z0-9_-]{1,64})';
/** A key id as a regular expression's source, unanchored: group 1 the scope, group 2 the version (envelope.ts matches it inside an envelope). */
export const KID_PATTERN = `(${SCOPE_PATTERN})~([1-9][0-9]{0,5})`;
const SCOPE_RE = new RegExp(`^${SCOPE_PATTERN}$`);
const KID_RE = new RegExp(`^${KID_PATTERN}$`);

/** True when `scope` is a scope name. */
export const isScope = (scope: string): boolean => SCOPE_RE.test(scope);

/** The scope of message `messageId` (a record id: shared/schema/common.ts idSchema). */
export const messageScope = (messageId: string): string => `msg:${messageId}`;

/** The key id of `scope` at `version` (1 … 999,999). Throws TypeError for an invalid scope or version. */
export function kidOf(scope: string, version: number): string {
  const kid = `${scope}~${version}`;
  if (!parseKid(kid)) throw new TypeError(`Invalid scope or version: ${kid}`);
  return kid;
}

/** The scope and version of a key id, or null when it is not one. */
export function parseKid(kid: string): { scope: string; version: number } | null {
  const m = KID_RE.exec(kid);
  return m ? { scope: m[1]!, version: Number(m[2]) } : null;
}
