/**
 * Values for a Lingui message, put in as written (issue 44; security review s23-i18n M1). Lingui
 * turns `\uXXXX` and `\xXX` escapes in a formatted message back into characters, values included,
 * so a name holding the six characters `\u000a` came out as a line break: a forged paragraph in an
 * e-mail to a trustee. Each backslash of a string value is written as `\u005c`, which that one pass
 * turns back into the backslash, so the value reads exactly as the person wrote it. Numbers, dates
 * and other values pass unchanged. Takes and returns a values object (or undefined).
 */
export function literalValues<V extends Record<string, unknown>>(values: V | undefined): V | undefined {
  if (!values) return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' ? v.replace(/\\/g, '\\u005c') : v;
  return out as V;
}
