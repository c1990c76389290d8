/**
 * Issue #16 "Delivered for decades": one test per finding, each failing on the code before the
 * fix. Real app, real SQLite file, a real SMTP server on loopback.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, linkOf, outboxFiles, ownerOn, ownerWithSmtp, runFor, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const MINUTE = 60_000;

describe('finding 1: links come from configuration only', () => {
  it('a sign-in and a sync with Host: evil.example change no e-mailed link (PUBLIC_URL unset)', async () => {
    const o = await ownerWithSmtp(smtp, {});
    const json = { 'Content-Type': 'application/json', Host: 'evil.example' };
    const login = await o.t.app.request('http://evil.example/api/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: o.username, password: o.password }),
    });
    expect(login.status).toBe(200);
    const sync = await o.t.app.request('http://evil.example/api/sync', {
      method: 'POST',
      headers: { ...json, Cookie: o.cookie },
      body: JSON.stringify({ protocol: 2, cursor: 0, changes: [] }),
    });
    expect(sync.status).toBe(200);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const invite = await smtp.waitFor(o.addr('grace'), /asked you to be a trustee/);
    expect(linkOf(invite)).toMatch(/^http:\/\/localhost:8787\/api\/trustee\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(invite.text).not.toContain('evil.example');
  });

  it('with PUBLIC_URL set, links use it whatever the request said', async () => {
    const o = await ownerWithSmtp(smtp, { PUBLIC_URL: 'https://afterword.example.org/' });
    await o.t.app.request('http://evil.example/api/sync', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: o.cookie },
      body: JSON.stringify({ protocol: 2, cursor: 0, changes: [] }),
    });
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const invite = await smtp.waitFor(o.addr('grace'), /asked you to be a trustee/);
    expect(linkOf(invite)).toMatch(/^https:\/\/afterword\.example\.org\/api\/trustee\/invite\//);
  });
});

describe('finding 2: links last', () => {
  it('a report link still works after 400 days; the invitation can be resent after it expired', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.addTrustee('mary');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    const firstInvite = linkOf(await smtp.waitFor(o.addr('mary'), /asked you to be a trustee/));
    o.t.advance(15 * DAY_MS);
    expect((await o.open(firstInvite)).status).toBe(404); // invitations still expire…
    await o.signIn();
    const mary = (await o.get<{ id: string; email: string }[]>('/api/release/trustees')).find((x) => x.email === o.addr('mary'))!;
    const res = await o.t.call('POST', `/api/release/trustees/${mary.id}/invite`, undefined, o.cookie);
    expect(res.status).toBe(200); // …and the owner can send a new one
    await o.t.services.scheduler.runOnce();
    const invites = smtp.to(o.addr('mary')).filter((e) => /asked you to be a trustee/.test(e.subject));
    expect(invites).toHaveLength(2);
    expect((await o.open(linkOf(invites[1]!))).status).toBe(200);

    o.t.advance(385 * DAY_MS);
    expect((await o.open(report)).status).toBe(200);
  });

  it('a trustee who never accepted still receives their access e-mail at release, by level', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.addTrustee('mary', 'documents-only');
    await o.post('/api/documents', { documentType: 'will', documentName: 'Last will 2026', documentUrl: 'https://files.example.com/will.pdf' });
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 8, DAY_MS);
    const access = linkOf(await smtp.waitFor(o.addr('mary'), /What Ada left for you/));
    const page = await o.open(`${access}/data`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Last will 2026');
  });
});

describe('finding 3: e-mail is never dropped', () => {
  it("an SMTP outage of 8 minutes no longer loses the owner's waiting-period e-mail", async () => {
    const own = await startTestSmtp();
    const o = await ownerWithSmtp(own);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, own, 'grace');
    await own.close(); // the outage begins
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 9, MINUTE); // a server left running, a pass a minute
    const back = await startTestSmtp({ port: own.port, received: own.received });
    try {
      await runFor(o, 48, 60 * MINUTE);
      const mail = await back.waitFor(o.email, /waiting period has started/, 1000);
      expect(mail.links).toHaveLength(1);
      expect(back.to(o.email).filter((e) => /waiting period has started/.test(e.subject))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it('without SMTP_URL a delivery is written to the outbox folder but is not marked delivered', async () => {
    const o = await ownerOn(createTestApp());
    await o.addTrustee('grace');
    const m = await o.addMessage('annabella', 'Folder test message');
    await o.t.services.scheduler.runOnce();
    const written = () => outboxFiles(o.t.deps.config.dataDir);
    const invite = written().find((e) => /asked you to be a trustee/.test(e.subject))!;
    expect((await o.open(linkOf(invite), 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    const welcome = written().find((e) => /Thank you for being/.test(e.subject))!;
    expect((await o.open(linkOf(welcome), 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 8, DAY_MS);
    expect(written().some((e) => /A message from Ada$/.test(e.subject))).toBe(true);
    expect((await o.t.services.records.get(o.userId, 'messages', m.id))!.delivered).toBe(false);
  });
});

describe('finding 4: a delivered message re-addressed', () => {
  it('revokes the old link and delivers to the new address', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    const m = await o.addMessage('annabella', 'The stars were always yours.');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 8, DAY_MS);
    const oldLink = linkOf(await smtp.waitFor(o.addr('annabella'), /A message from/));
    expect((await o.open(`${oldLink}/data`)).status).toBe(200);

    const patch = await o.t.call('PATCH', `/api/messages/${m.id}`, { recipientEmail: o.addr('bella') }, o.cookie);
    expect(patch.status).toBe(200);
    expect((await o.open(oldLink)).status).toBe(404); // at once, before any pass
    await o.t.services.scheduler.runOnce();
    const newLink = linkOf(await smtp.waitFor(o.addr('bella'), /A message from/));
    expect(await (await o.open(`${newLink}/data`)).text()).toContain('The stars were always yours.');
    expect((await o.open(oldLink)).status).toBe(404);
    expect(smtp.to(o.addr('annabella'))).toHaveLength(1);
  });
});

describe('finding 5: deletion deletes', () => {
  it('after Delete Account no file under DATA_DIR holds its message text, username or e-mail', async () => {
    const o = await ownerOn(createTestApp());
    const secret = `Unforgettable-${o.addr('x')}-words`;
    await o.addTrustee('grace');
    await o.addMessage('annabella', secret);
    for (let i = 0; i < 5; i++) {
      const res = await o.t.call('PATCH', '/api/user/profile', { occupation: `Writer ${i}` }, o.cookie);
      expect(res.status).toBeLessThan(500);
    }
    await o.t.services.scheduler.runOnce(); // writes .eml files with names and addresses
    expect(readdirSync(join(o.t.deps.config.dataDir, 'outbox')).length).toBeGreaterThan(0);
    const del = await o.t.call('POST', '/api/auth/delete-account', { password: o.password }, o.cookie);
    expect(del.status).toBe(200);

    const needles = [secret, o.username, o.email, o.addr('grace'), o.addr('annabella')].map((s) => Buffer.from(s));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else files.push(join(dir, e.name));
      }
    };
    walk(o.t.deps.config.dataDir);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((f) => {
      const bytes = readFileSync(f);
      return needles.filter((n) => bytes.includes(n)).map((n) => `${f}: ${n.toString()}`);
    });
    expect(found).toEqual([]);
  });
});
