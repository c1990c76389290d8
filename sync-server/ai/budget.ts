/**
 * What the server's model calls may cost, all accounts together (SECURITY.md "Limits"; the keys
 * are shared/limits.ts `aiCallsAtOnce`, `aiCallsPerDay`, `aiCallsPerAccountPerDay`, `aiPromptChars`,
 * `aiMaxTokens`):
 * - `createAiBudget`: at most `aiCallsAtOnce` calls in flight on this instance and `aiCallsPerDay`
 *   calls a day on the server (a limiter of services.rateLimiters: shared by every instance on
 *   PostgreSQL); a call past either is a 429 `{ error, issues: [{ path: 'ai' }] }` with Retry-After,
 *   in words the UI shows as they are;
 * - `createAiAccountShare`: at most `aiCallsPerAccountPerDay` of them from one account;
 * - `fitPrompt`: the data of one call as JSON of at most `aiPromptChars` characters, the longest
 *   texts shortened (ending in "…") until it fits.
 * Only calls to a configured model are budgeted: the default provider costs nothing.
 */
import { ApiHttpError } from '../http/errors';
import type { AnyRateLimiter, RateLimiterFactory } from '../http/rate-limit';

/** The 429 when `aiCallsAtOnce` calls are in flight. */
export const AI_BUSY_MESSAGE = 'The AI helper is busy with other requests right now. Please try again in a minute.';
/** The 429 when the day's `aiCallsPerDay` calls are used. */
export const AI_DAY_MESSAGE = "The AI helper has used today's share of this server's requests. Please try again tomorrow.";
/** The 429 when one account has used its `aiCallsPerAccountPerDay`. */
export const AI_ACCOUNT_DAY_MESSAGE = "You have used today's AI requests for your account. Please try again tomorrow.";
/** Seconds a caller refused as busy is asked to wait (Retry-After). */
const BUSY_RETRY_AFTER_S = 30;
const DAY_MS = 24 * 3600_000;

export interface AiBudget {
  /** Runs `call` within the budget; rejects with the 429 ApiHttpError (path `ai`) when over it, before `call` starts. */
  run<T>(call: () => Promise<T>): Promise<T>;
}

/**
 * Each account's share of the day (`aiCallsPerAccountPerDay`, a limiter of `rateLimiters`):
 * `charge(userId)` counts one call of the account, rejecting with the 429 (path `ai`) past it.
 * ai/routes.ts charges it before a call that would reach a configured model.
 */
export function createAiAccountShare(limits: { aiCallsPerAccountPerDay: number }, rateLimiters: RateLimiterFactory): { charge(userId: string): Promise<void> } {
  const day = rateLimiters({ name: 'ai-account-day', limit: limits.aiCallsPerAccountPerDay, windowMs: DAY_MS, message: AI_ACCOUNT_DAY_MESSAGE });
  return {
    async charge(userId) {
      try {
        await day.hit(userId);
      } catch (err) {
        if (err instanceof ApiHttpError && err.status === 429) throw refusal(AI_ACCOUNT_DAY_MESSAGE, err.headers?.['Retry-After']);
        throw err;
      }
    },
  };
}

const refusal = (message: string, retryAfter: string | undefined) =>
  new ApiHttpError(429, message, [{ path: 'ai', message }], retryAfter ? { 'Retry-After': retryAfter } : undefined);

/**
 * The budget of `limits` (Config.limits), its day counted by a limiter made with `rateLimiters`
 * (services.ts: in memory on SQLite, shared on PostgreSQL).
 */
export function createAiBudget(limits: { aiCallsAtOnce: number; aiCallsPerDay: number }, rateLimiters: RateLimiterFactory): AiBudget {
  let inFlight = 0;
  const day: AnyRateLimiter = rateLimiters({ name: 'ai-day', limit: limits.aiCallsPerDay, windowMs: DAY_MS, message: AI_DAY_MESSAGE });
  return {
    async run(call) {
      if (inFlight >= limits.aiCallsAtOnce) throw refusal(AI_BUSY_MESSAGE, String(BUSY_RETRY_AFTER_S));
      inFlight += 1; // taken before the day is counted (an await), so calls arriving together never pass the cap together
      try {
        try {
          await day.hit('server');
        } catch (err) {
          if (err instanceof ApiHttpError && err.status === 429) throw refusal(AI_DAY_MESSAGE, err.headers?.['Retry-After']);
          throw err;
        }
        return await call();
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/**
 * `data` as JSON of at most `maxChars` characters: while longer, its longest string is shortened by
 * the excess and ends in "…" (a copy; `data` is not changed). Throws an Error when even then it
 * does not fit (e.g. a huge number of short items), which the provider answers with its fallback.
 */
export function fitPrompt(data: unknown, maxChars: number): string {
  const copy = structuredClone(data);
  let json = JSON.stringify(copy);
  for (let guard = 0; json.length > maxChars && guard < 1_000; guard++) {
    const longest = longestString(copy);
    if (!longest || longest.value.length <= 1) break;
    const keep = Math.max(0, longest.value.length - (json.length - maxChars) - 1);
    longest.holder[longest.key] = `${longest.value.slice(0, keep)}\u2026`;
    json = JSON.stringify(copy);
  }
  if (json.length > maxChars) throw new Error('prompt too long');
  return json;
}

/** The longest string inside `node` (objects and arrays, any depth) and where it is held. */
function longestString(node: unknown): { holder: Record<string | number, unknown>; key: string | number; value: string } | null {
  let best: { holder: Record<string | number, unknown>; key: string | number; value: string } | null = null;
  const visit = (holder: Record<string | number, unknown>) => {
    for (const [key, value] of Object.entries(holder)) {
      if (typeof value === 'string') {
        if (!best || value.length > best.value.length) best = { holder, key: Array.isArray(holder) ? Number(key) : key, value };
      } else if (value && typeof value === 'object') visit(value as Record<string, unknown>);
    }
  };
  if (node && typeof node === 'object') visit(node as Record<string, unknown>);
  return best;
}
