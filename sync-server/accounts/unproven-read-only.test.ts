/**
 * A reset's session is read-only until its device proves it holds the account key (issue 40
 * item 3; SECURITY.md "Password reset"; accounts/unproven.ts `readOnlyUntilProof`): the real app over
 * a real SQLite file, the real SMTP test server, the real reset link and POST /api/keys/proof.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import type { SyncResponse } from '../../shared/sync';
import { PROTOCOL_VERSION } from '../../shared/sync';
import { formatHlc } from '../../shared/sync/hlc';
import { concretePath, endpointsOf, isPublicRoute, routeKey } from '../http/public-routes';
import { ownerOn, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { RESET_SECRET, resetKeyedAccount } from '../test/reset-test-support';
import { createTestApp } from '../test/test-support';
import { UNPROVEN_MAY_WRITE } from './unproven';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const owner = async (): Promise<Owner> => ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));

async function refused(res: Response): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(403);
  expect(await res.json()).toMatchObject({ error: PROOF_REQUIRED, issues: [{ path: 'session' }] });
}

describe("a reset's session is read-only until the proof (issue 40 item 3)", () => {
  it("refuses the reader's five actions (a letter's date, deleting a letter, the owner's address and its check, a check-in, deleting the account); after the proof they work", async () => {
    const o = await owner();
    const letter = await o.addMessage('lin', 'Hello', '2027-01-01T00:00:00.000Z');
    const other = await o.addMessage('kim', 'Hi');
    const { cookie, proof } = await resetKeyedAccount(o, smtp);
    const reader = o.addr('reader');
    const checkInBefore = (await o.t.services.release.state(o.userId)).lastCheckInAt;
    o.t.advance(60_000);

    const actions = {
      date: () => o.t.call('PATCH', `/api/messages/${letter.id}`, { deliveryDate: '2099-01-01T00:00:00.000Z' }, cookie),
      deleteLetter: () => o.t.call('DELETE', `/api/messages/${other.id}`, undefined, cookie),
      address: () => o.t.call('PATCH', '/api/user/profile', { email: reader }, cookie),
      verify: () => o.t.call('POST', '/api/release/owner-email/verify', undefined, cookie),
      checkIn: () => o.t.call('POST', '/api/release/check-in', undefined, cookie),
      deleteAccount: () => o.t.call('POST', '/api/auth/delete-account', { loginSecret: RESET_SECRET }, cookie),
    };
    for (const act of Object.values(actions)) await refused(await act());
    // A sync push writes nothing either: each change is rejected with the reason and the record (rule 11).
    const hlc = formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'reader' });
    const pushed = (await (await o.t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'messages', id: letter.id, hlc, fields: { deliveryDate: '2099-01-01T00:00:00.000Z' } }] }, cookie)).json()) as SyncResponse;
    expect(pushed.accepted).toEqual([]);
    expect(pushed.rejected.map((r) => r.reason)).toEqual([PROOF_REQUIRED]);
    expect(pushed.rejected[0]!.record).not.toBeNull();

    // Nothing changed: the letter's date, both letters, the address, the check-in, the account.
    const messages = (await (await o.t.call('GET', '/api/messages', undefined, cookie)).json()) as { id: string; deliveryDate: string | null }[];
    expect(messages.map((m) => [m.id, m.deliveryDate]).sort()).toEqual([[letter.id, '2027-01-01T00:00:00.000Z'], [other.id, null]].sort());
    expect(((await (await o.t.call('GET', '/api/user/profile', undefined, cookie)).json()) as { email: string }).email).toBe(o.email);
    expect(await o.t.services.release.ownerAddress(o.userId)).toBe(o.email);
    expect((await o.t.services.release.state(o.userId)).lastCheckInAt).toBe(checkInBefore);
    expect(smtp.to(reader)).toHaveLength(0);

    expect((await o.t.call('POST', '/api/keys/proof', { proof }, cookie)).status).toBe(200);
    expect((await actions.date()).status).toBe(200);
    expect((await actions.deleteLetter()).status).toBe(200);
    expect((await actions.address()).status).toBe(200);
    expect((await actions.verify()).status).toBe(200);
    expect((await actions.checkIn()).status).toBe(200);
    expect((await actions.deleteAccount()).status).toBe(200);
    expect(await o.t.services.accounts.findById(o.userId)).toBeFalsy();
  });

  it('signing in with the reset password is no check-in either, until the proof', async () => {
    const o = await owner();
    const { cookie, proof } = await resetKeyedAccount(o, smtp);
    const before = (await o.t.services.release.state(o.userId)).lastCheckInAt;
    o.t.advance(60_000);
    const login = () => o.t.call('POST', '/api/auth/login', { identifier: o.username, loginSecret: RESET_SECRET });
    expect((await login()).status).toBe(200);
    expect((await o.t.services.release.state(o.userId)).lastCheckInAt).toBe(before);
    expect((await o.t.call('POST', '/api/keys/proof', { proof }, cookie)).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect((await o.t.services.release.state(o.userId)).lastCheckInAt).toBe(o.t.deps.now());
  });

  it('every write route of a signed-in account answers 403 PROOF_REQUIRED to an unproven session, except the commented allow-list', async () => {
    const o = await owner();
    const { cookie } = await resetKeyedAccount(o, smtp);
    const writes = endpointsOf(o.t.app).filter((e) => e.method !== 'GET' && e.path.startsWith('/api/') && !isPublicRoute(e.method, e.path));
    expect(writes.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const e of writes) {
      const key = routeKey(e.method, e.path);
      if (UNPROVEN_MAY_WRITE.has(key)) continue;
      const res = await o.t.call(e.method, concretePath(e.path, 'x1'), {}, cookie);
      if (res.status !== 403 || ((await res.json()) as { error?: string }).error !== PROOF_REQUIRED) open.push(`${key}: ${res.status}`);
    }
    expect(open).toEqual([]);
    for (const key of UNPROVEN_MAY_WRITE.keys()) expect(writes.map((e) => routeKey(e.method, e.path))).toContain(key); // no stale entry
  });
});
