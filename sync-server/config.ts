/**
 * Server configuration from the environment (DESIGN.md §7).
 * PORT (8787), HOST (0.0.0.0), DATA_DIR (./data), SESSION_SECRET (else generated once into
 * DATA_DIR/session-secret), OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL, SMTP_URL,
 * TRUST_PROXY=<proxy hops> (believe X-Forwarded-*; http/client-ip.ts), IPV6_LIMIT_PREFIX (64: per-address limits
 * key an IPv6 client by this prefix; http/client-ip.ts), PUBLIC_URL (base of links in emails; unset, links
 * use http://localhost:PORT and work on this machine only — never a request's Host, issue #16),
 * AFTERWORD_LIMITS (JSON overrides of shared/limits.ts; config-limits.ts), USER_QUOTA_BYTES and
 * MAX_FILE_BYTES (files, issue #17; defaults in shared/limits.ts FILE_LIMIT_DEFAULTS).
 * DATABASE_URL=postgres://… puts every store on PostgreSQL, so that several instances can serve
 * one database (issue #19; db/pg/README.md); S3_BUCKET puts file chunks in a bucket.
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT (else generated into DATA_DIR) and
 * WEB_PUSH_ORIGINS: Web Push for check-in reminders (push/vapid.ts, push/endpoints.ts).
 * AFTERWORD_TEST_SCRYPT_N (tests only, like AFTERWORD_TEST_CLOCK): a lower scrypt N for password
 * hashes, so that browser tests do not spend most of their CPU on the production cost; main.ts warns.
 * AFTERWORD_TEST_KEYLESS_REGISTRATION=1 (tests only): POST /api/auth/register takes a plain
 * password with no keys, making an account as it was made before keys, for the tests of those
 * accounts (their sign-in, their migration); without it such a registration is refused (422).
 * SUPPORT_EMAIL: the address people write to for help with this service, shown on the Contact page
 * (http/service-info.ts); unset, the page says to ask whoever runs the service.
 * RELEASE_KEY / RELEASE_KEY_FILE (else the file `<DATA_DIR>.release-key` beside DATA_DIR): the key
 * that seals release escrows, kept outside the database (escrow/release-key.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FILE_LIMIT_DEFAULTS } from '../shared/limits';
import { emailSchema } from '../shared/schema/common';
import { z } from '../shared/schema/z';
import type { AppConfig } from './app-env';
import { parseLimits } from './config-limits';
import { parseIpv6Prefix, parseTrustProxy } from './http/client-ip';
import { s3ConfigFromEnv, type S3BlobConfig } from './blobs/s3-config';
import { parsePushOrigins } from './push/endpoints';
import { loadVapidKeys, type VapidKeys } from './push/vapid';
import { PASSWORD_COST, type ScryptCost } from './accounts/password';
import { loadReleaseKey, type ReleaseKey } from './release/escrow/release-key';

/**
 * The whole configuration: what the domains read (AppConfig, app-env.ts) and what only the
 * composition root uses (services.ts, main.ts): the host, the loaded keys, S3 and PostgreSQL.
 */
export interface Config extends AppConfig {
  host: string;
  /** Seals release escrows; never stored in the database (escrow/release-key.ts). */
  releaseKey: ReleaseKey;
  /** Blobs in an S3 bucket (S3_BUCKET; issue #19), else on disk under DATA_DIR/blobs. */
  s3?: S3BlobConfig;
  /** PostgreSQL for every store (DATABASE_URL; issue #19), else SQLite in DATA_DIR. */
  databaseUrl?: string;
  /** Connections of each of the two sets of an instance's PostgreSQL pool (DATABASE_POOL_SIZE, default 10; db/pg/pool.ts). */
  databasePoolSize: number;
  /** Web Push's VAPID keys (VAPID_*, else DATA_DIR/vapid-keys.json; push/vapid.ts), or null: check-in reminders by e-mail only. */
  vapid: VapidKeys | null;
}

/** The environment variable that lowers scrypt's N for tests (never set it on a real deployment). */
export const TEST_SCRYPT_N_ENV = 'AFTERWORD_TEST_SCRYPT_N';
/** The environment variable (`1`) that lets tests register accounts without keys (Config.allowKeylessRegistration; never on a real deployment). */
export const KEYLESS_REGISTRATION_ENV = 'AFTERWORD_TEST_KEYLESS_REGISTRATION';

/**
 * The password cost: PASSWORD_COST, or with AFTERWORD_TEST_SCRYPT_N a power of two from 2^10 to
 * 2^17 as N (r and p unchanged). Throws an Error naming the variable for anything else.
 */
function passwordCostFromEnv(raw: string | undefined): ScryptCost {
  if (raw === undefined || raw.trim() === '') return PASSWORD_COST;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 2 ** 10 || n > PASSWORD_COST.N || (n & (n - 1)) !== 0) {
    throw new Error(`${TEST_SCRYPT_N_ENV} must be a power of two from 1024 to ${PASSWORD_COST.N}, not "${raw.slice(0, 50)}"`);
  }
  return { ...PASSWORD_COST, N: n };
}

/** DATABASE_POOL_SIZE: a whole number from 1 to 500, default 10. Throws an Error naming the variable. */
function poolSizeFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 10;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500, not "${raw.slice(0, 50)}"`);
  return n;
}

/** A positive whole number of bytes from env var `name`, else `fallback`. Throws an Error naming the variable. */
function bytesFromEnv(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw.trim());
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of bytes, not "${raw.slice(0, 50)}"`);
  return n;
}

/**
 * SUPPORT_EMAIL: one e-mail address (trimmed), or undefined when unset or blank. Throws an Error
 * naming the variable for anything else, so a typo never puts a wrong address on the Contact page.
 */
export function supportEmailFromEnv(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const parsed = z.safeParse(emailSchema, value);
  if (!parsed.success) throw new Error(`SUPPORT_EMAIL must be one e-mail address, not "${value.slice(0, 50)}"`);
  return parsed.data;
}

/** Reads the secret from SESSION_SECRET, or from DATA_DIR/session-secret, creating it once (mode 0600). */
export function loadSessionSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * Builds the config from `env` (defaults to process.env). Creates DATA_DIR if missing. Throws an
 * Error naming the variable for a bad SESSION_SECRET or AFTERWORD_LIMITS, or DATABASE_URL without
 * SESSION_SECRET (issue #19: every instance must sign with one secret); the server does not start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const limits = parseLimits(env.AFTERWORD_LIMITS); // first: a bad value stops before anything is created
  supportEmailFromEnv(env.SUPPORT_EMAIL); // likewise
  const files = {
    userQuotaBytes: bytesFromEnv('USER_QUOTA_BYTES', env.USER_QUOTA_BYTES, FILE_LIMIT_DEFAULTS.userQuotaBytes),
    maxFileBytes: bytesFromEnv('MAX_FILE_BYTES', env.MAX_FILE_BYTES, FILE_LIMIT_DEFAULTS.maxFileBytes),
  };
  if (env.DATABASE_URL && !env.SESSION_SECRET) {
    // A secret generated into DATA_DIR would differ per instance: a load balancer switching a person between them would sign them out.
    throw new Error('DATABASE_URL is set: set SESSION_SECRET too (at least 32 characters), the same on every instance');
  }
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8787),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    sessionSecret: loadSessionSecret(dataDir, env.SESSION_SECRET),
    releaseKey: loadReleaseKey(env, dataDir),
    openai: {
      apiKey: env.OPENAI_API_KEY || undefined,
      baseURL: env.OPENAI_BASE_URL || undefined,
      model: env.OPENAI_MODEL || 'gpt-4o-mini',
      timeoutMs: Number(env.OPENAI_TIMEOUT_MS ?? 20_000),
    },
    smtpUrl: env.SMTP_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ipv6LimitPrefix: parseIpv6Prefix(env.IPV6_LIMIT_PREFIX),
    publicUrl: env.PUBLIC_URL || undefined,
    supportEmail: supportEmailFromEnv(env.SUPPORT_EMAIL),
    limits,
    files,
    s3: s3ConfigFromEnv(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeFromEnv(env.DATABASE_POOL_SIZE),
    vapid: loadVapidKeys(dataDir, env),
    pushOrigins: parsePushOrigins(env.WEB_PUSH_ORIGINS),
    passwordCost: passwordCostFromEnv(env[TEST_SCRYPT_N_ENV]),
    allowKeylessRegistration: env[KEYLESS_REGISTRATION_ENV] === '1',
  };
}
