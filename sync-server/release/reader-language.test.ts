/**
 * A recipient's and a trustee's language, chosen by the owner (issue 44): the message's plain
 * `recipientLanguage` (shared/schema/message.ts), the trustee's plain `language`, else the account's. The real app over a real SQLite file, a real
 * release (the owner's trustee reports, the waiting period ends) and the real SMTP test server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, linkOf, ownerWithSmtp, REPORTED, runFor } from '../test/release-test-support';
import { DAY_MS } from './state-machine';
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
    // The owner's own trustee reads English (their chosen language), reports, and the waiting period ends.
    await o.post('/api/trustees', { name: 'Self', email: o.addr('self'), accessLevel: 'full', language: 'en' });
    await o.t.services.scheduler.runOnce();
    expect((await o.open(await acceptInvitation(o, smtp, 'self'), 'POST', REPORTED)).status).toBe(200);
    for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);

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

  it("a trustee's invitation and thank-you come in the trustee's language, else the account's", async () => {
    const o = await ownerWithSmtp(smtp);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'de' }, o.cookie)).status).toBe(200);
    await o.post('/api/trustees', { name: 'Claire', email: o.addr('claire'), accessLevel: 'documents-only', language: 'fr' });
    await o.addTrustee('max');
    await o.t.services.scheduler.runOnce();

    const claire = await smtp.waitFor(o.addr('claire'), /personne de confiance/);
    expect(claire.subject).toBe("Ada vous a demandé d'être sa personne de confiance");
    expect(claire.text).toContain('vous pourrez voir les documents de la liste.');
    expect(claire.html).toContain('<html lang="fr" dir="ltr">');
    expect((await o.open(linkOf(claire), 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    expect((await smtp.waitFor(o.addr('claire'), /^Merci/)).subject).toBe("Merci d'être la personne de confiance de Ada");

    const max = await smtp.waitFor(o.addr('max'), /Vertrauensperson/);
    expect(max.subject).toBe('Ada hat Sie gebeten, Vertrauensperson zu sein');
    expect(max.text).toMatch(/^Guten Tag,\n\nAda hat Sie auf Afterword als Vertrauensperson benannt/);
  });
});
