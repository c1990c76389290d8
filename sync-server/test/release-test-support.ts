/**
 * Test support for release tests (imported only by *.test.ts): an owner signed up on a real
 * app over a real SQLite file, helpers to add trustees and messages over REST, and to accept
 * an invitation by following the e-mailed link, as a trustee would.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { newKdfParams } from '../../shared/crypto/kdf';
import { createApp } from '../app';
import { openDatabase } from '../db/sqlite';
import { createServices } from '../services';
import { cookieOf, createTestApp, signUp, type TestApp } from './test-support';
import { parseEmail, type ReceivedEmail, type TestSmtp } from './smtp-test-server';
import { DAY_MS } from '../release/state-machine';

/** The one link of an e-mail (fails the test when there is not exactly one). */
export const linkOf = (e: ReceivedEmail): string => {
  expect(e.links).toHaveLength(1);
  return e.links[0]!;
};

/** The confirmation form of a death report (report-form.ts), as a trustee who ticked the box sends it. */
export const REPORTED: Record<string, string> = { confirmed: 'yes' };

/** A request init posting `form` (application/x-www-form-urlencoded) with `method`, or a bare one. */
export const formRequest = (method: string, form?: Record<string, string>): RequestInit =>
  form ? { method, body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { method };

/** A unique tag for addresses, so tests sharing one SMTP server never read each other's mail. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 10);

export interface Owner {
  /** The app the owner talks to; replace it with `reopen(t)` to simulate a restart. */
  t: TestApp;
  cookie: string;
  userId: string;
  username: string;
  password: string;
  email: string;
  /** `who-<tag>@example.com`. */
  addr(who: string): string;
  /** Signs in again (a session idles out over long test spans); updates `cookie`. */
  signIn(): Promise<void>;
  /** POSTs a JSON body as the owner; expects 201 and returns the created row. */
  post(path: string, body: unknown): Promise<{ id: string }>;
  /** GETs as the owner (200 expected) and returns the JSON. */
  get<T>(path: string): Promise<T>;
  /** GET or POST a public (token) link the way a mail reader would; `form` is posted as a browser posts a form. */
  open(link: string, method?: string, form?: Record<string, string>): Promise<Response>;
  addTrustee(who: string, accessLevel?: 'full' | 'documents-only' | 'messages-only'): Promise<{ id: string }>;
  addMessage(who: string, text: string, deliveryDate?: string | null): Promise<{ id: string }>;
}

/** Signs up an owner on `t` (default: a fresh app on `smtp` with PUBLIC_URL http://afterword.test), their e-mail address confirmed. */
export async function ownerOn(t: TestApp, firstName = 'Ada', lastName = 'Lovelace'): Promise<Owner> {
  const tag = uniqueTag();
  const addr = (who: string) => `${who}-${tag}@example.com`;
  const email = addr('owner');
  const { cookie: first, user, body } = await signUp(t, { firstName, lastName, email, username: `${firstName.toLowerCase()}_${tag}` });
  let cookie = first;
  // The owner's address counts as confirmed (owner-email.ts), as for a real owner who followed the
  // link: release tests are about what comes after. owner-email.test.ts follows the link itself.
  await t.services.release.store.setVerifiedOwnerEmail(user.id, email, t.deps.now());
  const post = async (path: string, json: unknown) => {
    const res = await o.t.call('POST', path, json, cookie);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const o: Owner = {
    t,
    get cookie() {
      return cookie;
    },
    async signIn() {
      const res = await o.t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
      expect(res.status).toBe(200);
      cookie = cookieOf(res);
    },
    userId: user.id,
    username: body.username,
    password: body.password,
    email,
    addr,
    post,
    async get<T>(path: string) {
      const res = await o.t.call('GET', path, undefined, cookie);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as T;
    },
    open: async (link, method = 'GET', form) => o.t.app.request(link, formRequest(method, form)),
    addTrustee: (who, accessLevel = 'full') => post('/api/trustees', { name: `${who[0]!.toUpperCase()}${who.slice(1)} Trustee`, email: addr(who), accessLevel }),
    addMessage: (who, text, deliveryDate = null) =>
      post('/api/messages', { recipientName: who, recipientEmail: addr(who), messageType: 'text', messageContent: text, deliveryDate }),
  };
  return o;
}

/** A fresh app sending over `smtp`, with `env` added, and its owner. */
export async function ownerWithSmtp(smtp: TestSmtp, env: Record<string, string> = { PUBLIC_URL: 'http://afterword.test' }) {
  return ownerOn(createTestApp({ SMTP_URL: smtp.url, ...env }));
}

/** Follows `who`'s invitation (waiting for it on `smtp`), accepts it, and returns their report link. */
export async function acceptInvitation(o: Owner, smtp: TestSmtp, who: string): Promise<string> {
  const invite = linkOf(await smtp.waitFor(o.addr(who), /asked you to be a trustee/));
  expect((await o.open(invite, 'POST')).status).toBe(200);
  await o.t.services.scheduler.runOnce();
  return linkOf(await smtp.waitFor(o.addr(who), /Thank you for being/));
}

/**
 * Releases `o`'s account the way issue #28's attacker did: names `self` their own trustee,
 * accepts (on `smtp`), reports their own passing, and runs the scheduler a day at a time until
 * the waiting period ends (the release pass also queues the first deliveries).
 */
export async function releaseOwnAccount(o: Owner, smtp: TestSmtp): Promise<void> {
  await o.addTrustee('self');
  await o.t.services.scheduler.runOnce();
  const report = await acceptInvitation(o, smtp, 'self');
  expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
  for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);
  expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
}

/**
 * Marks `o`'s account sealed (account_keys.sealed_at) with keys whose keyring names `kids` (their
 * wraps are placeholders: the server cannot open them anyway), as a device's sealing would leave it.
 */
export async function sealWithPlaceholderKeys(o: Pick<Owner, 't' | 'userId'>, kids: readonly string[] = ['plan~1']): Promise<void> {
  const keyring = { v: 1 as const, ak: 1, keys: Object.fromEntries(kids.map((k) => [k, `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`])) };
  const made = { kdf: newKdfParams('argon2id'), akVersion: 1, akPassword: `w1.${'C'.repeat(16)}.${'D'.repeat(64)}`, akRecovery: null, keyring, proofHash: 'ab'.repeat(32) };
  expect(await o.t.services.keys.create(o.userId, made, o.t.deps.now())).toBe(true);
  await o.t.services.keys.setSealedAt(o.userId, o.t.deps.now());
}

/** Runs the scheduler after each of `steps` advances of `stepMs` (a server left running). */
export async function runFor(o: Pick<Owner, 't'>, steps: number, stepMs: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    o.t.advance(stepMs);
    await o.t.services.scheduler.runOnce();
  }
}

/**
 * Sets check-ins of 30 days and a waiting period of 7, then lets the days pass (the scheduler run
 * after each) until the trustees are asked to confirm: at most 60 days; fails the test otherwise.
 */
export async function lapseUntilTrusteesAsked(o: Pick<Owner, 't' | 'userId' | 'cookie'>): Promise<void> {
  expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, o.cookie)).status).toBe(200);
  const phase = async () => (await o.t.services.release.state(o.userId)).phase;
  for (let day = 0; day < 60 && (await phase()) !== 'awaiting-confirmations'; day++) await runFor(o, 1, DAY_MS);
  expect(await phase()).toBe('awaiting-confirmations');
}

/** Every `.eml` file written to DATA_DIR/outbox (no SMTP_URL), parsed, oldest first. */
export function outboxFiles(dataDir: string): ReceivedEmail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => a.at - b.at || a.f.localeCompare(b.f))
    .map(({ f }) => {
      const raw = readFileSync(join(dir, f), 'utf8');
      return parseEmail(raw, [/^To: (.*)$/m.exec(raw)?.[1]?.trim().toLowerCase() ?? '']);
    });
}

/**
 * A restart: a new database handle, new services and a new app over the same DATA_DIR and
 * the same clock. The old handle is closed first, as when a process dies.
 */
export function reopen(t: TestApp): TestApp {
  t.deps.db.close();
  const deps = { config: t.deps.config, db: openDatabase(join(t.deps.config.dataDir, 'afterword.db')), now: t.deps.now };
  const services = createServices(deps);
  const app = createApp(deps, services);
  return {
    app,
    deps,
    services,
    advance: t.advance,
    call: async (method, path, body, cookie, headers = {}) =>
      app.request(`http://localhost${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
