/**
 * QA: while e-mail is not set up (no SMTP_URL) the owner's activity must not say an invitation
 * was "sent": it is queued and goes out once e-mail is set up (outbox.ts keeps it pending).
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';

async function activityAfterInviteAndResend(env: Record<string, string>) {
  const t = createTestApp(env);
  const { cookie } = await signUp(t, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  const added = await t.call('POST', '/api/trustees', { name: 'Grace Hopper', email: 'grace@example.com', accessLevel: 'full' }, cookie);
  expect(added.status).toBe(201);
  const { id } = (await added.json()) as { id: string };
  await t.services.scheduler.runOnce();
  expect((await t.call('POST', `/api/release/trustees/${id}/invite`, {}, cookie)).status).toBe(200);
  const activity = (await (await t.call('GET', '/api/release/activity', undefined, cookie)).json()) as { text: string }[];
  return activity.map((a) => a.text);
}

describe('invitation activity says truthfully whether e-mail went out', () => {
  it('without SMTP_URL: queued, going out when e-mail is set up', async () => {
    const texts = await activityAfterInviteAndResend({});
    expect(texts.join('\n')).not.toMatch(/Invitation sent/);
    expect(texts).toContain('Invitation to grace@example.com is queued: it will go out when e-mail is set up on this server.');
    expect(texts).toContain('Invitation to grace@example.com queued again: it will go out when e-mail is set up on this server.');
  });

  it('with SMTP_URL: sent', async () => {
    const texts = await activityAfterInviteAndResend({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(texts).toContain('Invitation sent to grace@example.com.');
    expect(texts).toContain('Invitation sent again to grace@example.com.');
  });
});
