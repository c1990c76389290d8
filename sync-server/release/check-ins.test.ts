/**
 * Check-ins that mean a person is alive (DESIGN.md §8): only a deliberate act counts (signing
 * in, the app's explicit check-in after the person used a visible page, "I'm here" from a
 * reminder); a sync, a poll or the live-event stream of a device left open never does, so such
 * a device cannot postpone the release for ever. Real app over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { DAY_MS } from './state-machine';

const sync = { protocol: 2, cursor: 0, changes: [] };

describe('check-ins', () => {
  it('a sync, a poll and the live-event stream do not check in; the app\'s check-in and a sign-in do', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const release = t.services.release;
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30 }, cookie)).status).toBe(200);
    const start = (await release.state(user.id)).lastCheckInAt;

    t.advance(10 * DAY_MS);
    expect((await t.call('POST', '/api/sync', sync, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/release/status', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/release/readiness', undefined, cookie)).status).toBe(200);
    const events = await t.call('GET', '/api/sync/events', undefined, cookie);
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready');
    await reader.cancel();
    expect((await release.state(user.id)).lastCheckInAt).toBe(start);

    // The app says so when the person used a visible page (web/features/release/check-in.ts).
    const res = await t.call('POST', '/api/release/check-in', undefined, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lastCheckInAt: new Date(start + 10 * DAY_MS).toISOString() });
    expect((await release.state(user.id)).lastCheckInAt).toBe(start + 10 * DAY_MS);

    t.advance(10 * DAY_MS);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(200);
    expect((await release.state(user.id)).lastCheckInAt).toBe(start + 20 * DAY_MS);
    const status = (await (await t.call('GET', '/api/release/status', undefined, cookie)).json()) as { checkInDueAt: string };
    expect(Date.parse(status.checkInDueAt)).toBe(start + 50 * DAY_MS);
  });

  it('the check-in route needs a session', async () => {
    const t = createTestApp();
    expect((await t.call('POST', '/api/release/check-in')).status).toBe(401);
  });

  it('a device left open, syncing every day, does not postpone the release; it stays signed in', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 2 }, cookie)).status).toBe(200);
    let releasedOn: number | null = null;
    for (let day = 1; day <= 100; day++) {
      t.advance(DAY_MS);
      const res = await t.call('POST', '/api/sync', sync, cookie);
      expect(res.status, `day ${day}`).toBe(200);
      await t.services.scheduler.runOnce();
      if (releasedOn === null && (await t.services.release.state(user.id)).phase === 'released') releasedOn = day;
    }
    // Due on day 30, reminded on days 30, 33 and 36, waiting from day 37, released on day 39.
    expect(releasedOn).toBe(39);
    // Settings' "Would your plan work today?" says it was released, not "Not ready yet".
    const readiness = await (await t.call('GET', '/api/release/readiness', undefined, cookie)).json();
    expect(readiness).toMatchObject({ phase: 'released', ready: false, missing: [], nextReminderAt: null });
    expect(Date.parse(readiness.releasedAt)).toBe(Date.parse((await (await t.call('GET', '/api/release/status', undefined, cookie)).json()).releasedAt));
  });
});
