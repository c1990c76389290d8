/**
 * The server's per-account limits from configuration (issue #15 follow-up): shared/limits.ts
 * `ACCOUNT_LIMITS` (the documented defaults) overridden by AFTERWORD_LIMITS, a JSON object of some
 * of the same keys, each a positive integer, e.g. `{"writesPerMinute":600,"trustees":100}`.
 * SECURITY.md "Limits" explains each key.
 *
 * `changesPerPush` and `listItems` are not configurable: they are part of the sync protocol and the
 * schemas, which the client enforces with the same numbers (shared/sync/protocol.ts,
 * shared/schema/common.ts), so a server with other numbers would refuse what its clients send.
 */
import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../shared/limits';

/** Every limit the server enforces, in the units of shared/limits.ts (counts, bytes, per minute/day). */
export type Limits = { readonly [K in keyof typeof ACCOUNT_LIMITS]: number };

/** Keys fixed by the protocol and schemas shared with the client (see the module docstring). */
const FIXED = ['changesPerPush', 'listItems'] as const;

const positive = z.number().int('must be a whole number').positive('must be a positive integer').max(Number.MAX_SAFE_INTEGER);
const overridesSchema = z
  .object(
    Object.fromEntries(
      (Object.keys(ACCOUNT_LIMITS) as (keyof Limits)[])
        .filter((k) => !(FIXED as readonly string[]).includes(k))
        .map((k) => [k, positive.optional()]),
    ),
  )
  .strict();

/**
 * The limits for `raw` (the AFTERWORD_LIMITS text; unset or blank = the defaults). Throws an Error
 * naming AFTERWORD_LIMITS and the offending key for invalid JSON, an unknown or fixed key, or a
 * value that is not a positive integer — the server does not start with a limit it cannot honour.
 */
export function parseLimits(raw: string | undefined): Limits {
  if (raw === undefined || raw.trim() === '') return { ...ACCOUNT_LIMITS };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`AFTERWORD_LIMITS is not valid JSON: ${raw.slice(0, 200)}`);
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const fixed = FIXED.find((k) => k in json);
    if (fixed) throw new Error(`AFTERWORD_LIMITS.${fixed}: cannot be changed (the client uses the same number)`);
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const keys = i.code === 'unrecognized_keys' ? i.keys.join(', ') : i.path.join('.');
      const known = i.code === 'unrecognized_keys' ? ` (known keys: ${Object.keys(overridesSchema.shape).join(', ')})` : '';
      return `AFTERWORD_LIMITS${keys ? `.${keys}` : ''}: ${i.message}${known}`;
    });
    throw new Error(problems.join('; '));
  }
  const overrides = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...ACCOUNT_LIMITS, ...overrides };
}
