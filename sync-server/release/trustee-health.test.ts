/**
 * The health information reaches the full-access trustee, and only them (issue "Promises kept",
 * finding 8, Deliver "Documents": "The health information goes into the binder and the
 * full-access trustee's page"). The owner's "Important Health Information" (wizard step 1,
 * SPEC.md §4) is in a full-access trustee's page data, as the page's own section and in the
 * binder's records the page prints; a documents-only or messages-only trustee's data carries none
 * of it (DESIGN.md §8, by access level). Real app over a real SQLite file, a real SMTP server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binderInputOf, buildBinder } from '../../shared/binder';
import type { TrusteePageData } from '../../shared/release/pages';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, linkOf, ownerOn, REPORTED, runFor } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

const HEALTH = 'Allergic to penicillin. Pacemaker fitted in 2019; tell the crematorium.';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

describe("the health information on a trustee's page", () => {
  it('is in a full-access trustee’s page data and binder, and in no lower level’s data', async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }));
    const saved = await o.t.call('PATCH', '/api/user/profile', { healthInfo: HEALTH, emergencyContact: { name: 'Mary Somerville', phone: '+44 1865 000000' } }, o.cookie);
    expect(saved.status, await saved.clone().text()).toBe(200);
    await o.addMessage('annabella', 'Be brave.');
    await o.addTrustee('grace', 'full');
    await o.addTrustee('mary', 'documents-only');
    await o.addTrustee('milo', 'messages-only');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 2, 8 * DAY_MS);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
    const data = async (who: string) => {
      const access = new URL(linkOf(await smtp.waitFor(o.addr(who), /What Ada left for you/)));
      const res = await o.open(`http://localhost${access.pathname.replace('/r/t/', '/api/trustee/access/')}/data`);
      expect(res.status).toBe(200);
      return (await res.json()) as TrusteePageData;
    };

    const full = await data('grace');
    expect(full.profile).toEqual({ healthInfo: HEALTH });
    expect(full.binder!.profile[0]).toMatchObject({ firstName: 'Ada', healthInfo: HEALTH });
    const path = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
    const fonts = { regular: new Uint8Array(readFileSync(path('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(path('DejaVuSans-Bold.ttf'))) };
    const pdf = await buildBinder({ ...binderInputOf(full.binder!, new Date(full.now)), afterRelease: true }, fonts);
    const printed = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ');
    expect(printed).toContain(`Health information ${HEALTH}`);

    for (const who of ['mary', 'milo']) {
      const lower = await data(who);
      expect(lower.level).not.toBe('full');
      expect(lower).not.toHaveProperty('profile');
      expect(JSON.stringify(lower)).not.toContain('penicillin');
    }
  });
});
