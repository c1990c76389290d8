/**
 * The e-mails' catalogs where the server really runs (issue 44, release/mail-i18n.ts): the server
 * bundled as the test child servers run it (sync-server/test/server-bundle.ts), started as its own
 * process with no SMTP, writes an Arabic owner's address-confirmation e-mail in Arabic to its outbox
 * (read from web/i18n/catalogs/ at run time: no generated file that could be stale or missing).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startChildLiveServer } from '../test/hostile-tenant-support';
import { outboxFiles } from '../test/release-test-support';
import { serverBundleOfThisProcess } from '../test/server-bundle';

let close: (() => Promise<void>) | undefined;
afterAll(async () => {
  await close?.();
});

describe('the mail catalogs in the bundled server', () => {
  it("writes an Arabic owner's confirmation e-mail in Arabic, right to left", async () => {
    const server = await startChildLiveServer({}, await serverBundleOfThisProcess());
    close = () => server.close();
    const owner = await server.register();
    expect((await server.call('PUT', '/api/user/language', { language: 'ar' }, owner.cookie)).status).toBe(200);
    const asked = await server.call('POST', '/api/release/owner-email/verify', {}, owner.cookie);
    expect(asked.status, await asked.clone().text()).toBe(200);
    await expect.poll(() => outboxFiles(server.dataDir).length, { timeout: 30_000 }).toBe(1);
    const [mail] = outboxFiles(server.dataDir);
    expect(mail!.subject).toBe('أكّد عنوان بريدك الإلكتروني لدى Afterword');
    expect(mail!.text).toMatch(/^مرحبًا Ada،\n\nطلب أحدهم، ونرجو أن تكون أنت/);
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
  });
});
