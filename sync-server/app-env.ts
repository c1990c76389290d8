/**
 * Types shared by the app and its route modules, below every domain: the Hono context's
 * variables, the configuration the request path reads (AppConfig: plain values; config.ts builds
 * it from the environment, with the loaded keys and adapters only the composition root uses) and
 * what `createApp` is built from (AppDeps).
 */
import type { Limits } from './config-limits';
import type { Db } from './db/sqlite';

/** The owner's budget a token route's answer is charged to (shared/limits.ts names; http/token-budgets.ts). */
export type TokenRouteBudget = 'readBytesPerMinute' | 'fileBytesPerMinute';

/** Variables set on the Hono context by middleware. `userId`/`sessionId` exist after `requireSession`. */
export interface AppEnv {
  Variables: {
    userId: string;
    sessionId: string;
    /**
     * On a public token route, the account whose token it is, once the route has found it
     * (account-frame.ts `admitTokenOwner`): the answer's bytes are charged to that owner.
     */
    tokenOwner: { ownerId: string; budget: TokenRouteBudget };
  };
}

/**
 * The server's configuration as the domains and the request path read it (DESIGN.md §7; config.ts
 * `loadConfig` reads the environment and names each variable). Its `Config` adds what only the
 * composition root uses: the listening host, the release key, S3, VAPID keys and PostgreSQL.
 */
export interface AppConfig {
  port: number;
  dataDir: string;
  /** HMAC key for session tokens, at least 32 bytes. */
  sessionSecret: Uint8Array;
  openai: { apiKey?: string; baseURL?: string; model: string; timeoutMs: number };
  smtpUrl?: string;
  /** Reverse proxies in front of the server (TRUST_PROXY); 0 = none, X-Forwarded-* ignored. */
  trustProxy: number;
  /** The prefix length by which per-address limits key an IPv6 client (IPV6_LIMIT_PREFIX, default 64; http/client-ip.ts). */
  ipv6LimitPrefix: number;
  publicUrl?: string;
  /** The operator's address for help with this service (SUPPORT_EMAIL), shown on the Contact page; unset, none is named. */
  supportEmail?: string;
  /** Per-account limits: shared/limits.ts ACCOUNT_LIMITS overridden by AFTERWORD_LIMITS (config-limits.ts). */
  limits: Limits;
  /** Files (issue #17): bytes one account may keep (USER_QUOTA_BYTES) and the largest file (MAX_FILE_BYTES). */
  files: { userQuotaBytes: number; maxFileBytes: number };
  /** Origins a push subscription may point to besides the browsers' push services (WEB_PUSH_ORIGINS; push/endpoints.ts). */
  pushOrigins: string[];
  /** scrypt cost of new password hashes (accounts/password.ts `ScryptCost`): PASSWORD_COST, lower only in tests. */
  passwordCost: { N: number; r: number; p: number };
  /**
   * Whether POST /api/auth/register takes a plain password with no keys (an unsealed account, as
   * made before keys): only test servers that make such accounts set it (KEYLESS_REGISTRATION_ENV;
   * SECURITY.md "Accounts made before keys"). Off: such a registration answers 422 naming `keys`.
   */
  allowKeylessRegistration: boolean;
}

/**
 * The base of every link in an e-mail: PUBLIC_URL without a trailing slash, else
 * `http://localhost:PORT`. Configuration only: nothing a request carries decides it (issue #16).
 */
export function linkBase(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/**
 * What `createApp` and the modules it builds are made from; tests pass their own (a temp SQLite
 * file, a fake clock). `C` is the configuration: AppConfig below the composition root, config.ts's
 * whole `Config` where the services are built (services.ts, main.ts).
 */
export interface AppDeps<C extends AppConfig = AppConfig> {
  config: C;
  db: Db;
  /** Wall clock in ms since the epoch; injectable so tests control time. */
  now: () => number;
}
