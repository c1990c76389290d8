/**
 * The canary scan's searcher (test support; issue "Sealed from the server", tests): does a secret
 * appear anywhere in what the server holds or sent? Each secret is looked for in every form it may
 * take in stored or transmitted bytes: UTF-8, UTF-16LE, hex (lower and upper case), base64 and
 * base64url at each of the three byte alignments (so a secret inside a longer encoded value is
 * found too), JSON-escaped and URL-encoded. Byte secrets (keys) are looked for raw, in hex and in
 * base64/base64url at each alignment.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';

/** One form of a secret: a label for the report and the bytes looked for. */
export interface NeedleForm {
  secret: string;
  form: string;
  bytes: Buffer;
}

/** One place a secret was found. */
export interface Hit {
  secret: string;
  form: string;
  where: string;
}

/**
 * The base64 text of `bytes` as it appears inside any longer base64 value, at each of the three
 * alignments: only the characters that depend on `bytes` alone. Empty for secrets under 3 bytes.
 */
export function base64Forms(bytes: Buffer, url = false): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const enc = Buffer.concat([Buffer.alloc(k), bytes]).toString(url ? 'base64url' : 'base64');
    const from = Math.ceil((8 * k) / 6);
    const to = Math.floor((8 * (k + bytes.length)) / 6);
    if (to - from >= 4) out.push(enc.slice(from, to));
  }
  return out;
}

/** A secret to look for: text, bytes, or bytes with a name for the report (e.g. `AK`, `plan~1`). */
export type Secret = string | Uint8Array | { name: string; bytes: Uint8Array };

const label = (secret: string | Uint8Array) => (typeof secret === 'string' ? secret : `<${secret.length} bytes>`);

/** Every form of each secret (text or bytes) as above. Throws for a text secret under 4 characters (it would match by chance). */
export function needlesOf(secrets: readonly Secret[]): NeedleForm[] {
  const out: NeedleForm[] = [];
  for (const given of secrets) {
    const secret = typeof given === 'string' || given instanceof Uint8Array ? given : given.bytes;
    const name = typeof given === 'string' || given instanceof Uint8Array ? label(given) : given.name;
    const add = (form: string, bytes: Buffer) => {
      if (!out.some((n) => n.secret === name && n.bytes.equals(bytes))) out.push({ secret: name, form, bytes });
    };
    if (typeof secret === 'string') {
      if (secret.length < 4) throw new Error(`A canary must be at least 4 characters: ${secret}`);
      add('utf-8', Buffer.from(secret, 'utf8'));
      add('utf-16le', Buffer.from(secret, 'utf16le'));
      add('json', Buffer.from(JSON.stringify(secret).slice(1, -1), 'utf8'));
      const ascii = JSON.stringify(secret).slice(1, -1).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
      add('json-ascii', Buffer.from(ascii, 'latin1'));
      add('JSON-ASCII', Buffer.from(ascii.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => `\\u${h.toUpperCase()}`), 'latin1'));
      add('url', Buffer.from(encodeURIComponent(secret), 'utf8'));
    }
    const raw = Buffer.from(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret);
    if (typeof secret !== 'string') add('raw', raw);
    add('hex', Buffer.from(raw.toString('hex'), 'latin1'));
    add('HEX', Buffer.from(raw.toString('hex').toUpperCase(), 'latin1'));
    for (const b of base64Forms(raw)) add('base64', Buffer.from(b, 'latin1'));
    for (const b of base64Forms(raw, true)) add('base64url', Buffer.from(b, 'latin1'));
  }
  return out;
}

/**
 * `bytes` with every occurrence of every `allowed` form blanked (zero bytes), for a value the server
 * holds in plain by design whose text contains a secret (the profile's `emailName` holds the sealed
 * last name: issue 38 item 8 d). The secret found anywhere else is still found. Returns a copy.
 */
export function withoutAllowed(bytes: Uint8Array, allowed: readonly NeedleForm[]): Buffer {
  const out = Buffer.from(bytes);
  for (const a of allowed) {
    for (let at = out.indexOf(a.bytes); at >= 0; at = out.indexOf(a.bytes, at + a.bytes.length)) out.fill(0, at, at + a.bytes.length);
  }
  return out;
}

/** The needles found in `bytes`, each reported at `where`. */
export function scanBytes(bytes: Uint8Array, needles: readonly NeedleForm[], where: string): Hit[] {
  const hay = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return needles.filter((n) => hay.includes(n.bytes)).map((n) => ({ secret: n.secret, form: n.form, where }));
}

/** Every file under `dir` (recursively) scanned, `allowed` blanked first (withoutAllowed); `where` is the path relative to `dir`. Symlinks are not followed. */
export function scanDirectory(dir: string, needles: readonly NeedleForm[], allowed: readonly NeedleForm[] = []): Hit[] {
  const hits: Hit[] = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (st?.isFile()) hits.push(...scanBytes(allowed.length ? withoutAllowed(readFileSync(path), allowed) : readFileSync(path), needles, relative(dir, path)));
  }
  return hits;
}

/**
 * What the server logs (console.log/info/warn/error, as http/errors.ts and the scheduler do)
 * during each test of the calling file, for a scan: registers vitest hooks, so call it at the top
 * level of a test file. Returns the list, emptied before each test.
 */
export function captureLogs(): string[] {
  const logged: string[] = [];
  beforeEach(() => {
    logged.length = 0;
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
    }
  });
  afterEach(() => vi.restoreAllMocks());
  return logged;
}
