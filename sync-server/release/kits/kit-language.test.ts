/**
 * The kit page's language (issue 44, docs/i18n.md "The release pages"): `GET /api/kit/:token` names
 * the language its page speaks, by the e-mails' one rule (ReleaseService.readerLanguage): the
 * trustee's as the owner chose it, else the account's, else English. The real Hono app over a real
 * SQLite file.
 */
import { describe, expect, it } from 'vitest';
import type { KitInfo } from '../../../shared/schema/kits';
import { ownerWithTrustees, postKits } from '../../test/kit-test-support';

describe("the kit API names the trustee's language", () => {
  it("answers the trustee's language, else the account's as it is now, else English", async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob']);
    const { tokens } = await postKits(o, trustees, 2);
    const langOf = async (token: string) => ((await (await o.t.call('GET', `/api/kit/${token}`)).json()) as KitInfo).lang;
    expect(await langOf(tokens[0]!)).toBe('en');
    expect((await o.t.call('PATCH', `/api/trustees/${trustees[0]!.id}`, { language: 'fr' }, o.cookie)).status).toBe(200);
    expect((await o.t.call('PATCH', `/api/trustees/${trustees[1]!.id}`, { language: 'ar' }, o.cookie)).status).toBe(200);
    expect([await langOf(tokens[0]!), await langOf(tokens[1]!)]).toEqual(['fr', 'ar']);
    // "Same as yours": the account's language, read on each request.
    expect((await o.t.call('PATCH', `/api/trustees/${trustees[1]!.id}`, { language: null }, o.cookie)).status).toBe(200);
    expect(await langOf(tokens[1]!)).toBe('en');
    expect((await o.t.call('PUT', '/api/user/language', { language: 'de' }, o.cookie)).status).toBe(200);
    expect(await langOf(tokens[1]!)).toBe('de');
  });
});
