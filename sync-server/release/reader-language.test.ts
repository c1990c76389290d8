/**
 * A recipient's language, chosen by the owner (issue 44): the message's plain `recipientLanguage`
 * (shared/schema/message.ts), else the account's. The real app over a real SQLite file, a real
 * release (the owner's trustee reports, the waiting period ends) and the real SMTP test server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, ownerWithSmtp, releaseOwnAccount } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe("a recipient's e-mails in the language the owner chose", () => {
  it('a release sends a German e-mail to a recipient whose language is German, and the account\'s language to one with none chosen', async () => {
    const o = await ownerWithSmtp(smtp);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'es' }, o.cookie)).status).toBe(200);
    await o.post('/api/messages', { recipientName: 'clara', recipientEmail: o.addr('clara'), recipientLanguage: 'de', messageType: 'text', messageContent: 'Für dich', deliveryDate: null });
    await o.addMessage('sam', 'Para ti');
    await releaseOwnAccount(o, smtp);

    const clara = await smtp.waitFor(o.addr('clara'), /Nachricht von/);
    expect(clara.subject).toBe('Eine Nachricht von Ada');
    expect(clara.text).toMatch(/^Guten Tag,\n\nAda hat eine Nachricht für Sie geschrieben/);
    expect(clara.text).toContain('kann Ihnen eine Vertrauensperson von Ada einen neuen senden');
    expect(clara.text).toMatch(/Mit herzlichen Grüßen\nAfterword\n?$/);
    expect(clara.html).toContain('<html lang="de" dir="ltr">');
    expect((await o.open(linkOf(clara))).status).toBeLessThan(400);

    const sam = await smtp.waitFor(o.addr('sam'), /mensaje de/);
    expect(sam.subject).toBe('Un mensaje de Ada');
    expect(sam.html).toContain('<html lang="es" dir="ltr">');
  });

  it('refuses a language Afterword does not speak with a 400 naming the field, and keeps the message as it was', async () => {
    const o = await ownerWithSmtp(smtp);
    const { id } = await o.addMessage('tom', 'Hi');
    const res = await o.t.call('PATCH', `/api/messages/${id}`, { recipientLanguage: 'pt' }, o.cookie);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; issues: { path: unknown }[] };
    expect(JSON.stringify(answer.issues)).toContain('recipientLanguage');
    const kept = (await o.get<{ id: string; recipientLanguage: string | null }[]>('/api/messages')).find((m) => m.id === id)!;
    expect(kept.recipientLanguage).toBeNull();
    expect((await o.t.call('PATCH', `/api/messages/${id}`, { recipientLanguage: 'ar' }, o.cookie)).status).toBe(200);
  });
});
