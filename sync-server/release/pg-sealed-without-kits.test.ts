/**
 * "With fewer than k accepted trustees holding kits nothing sealed is released" on PostgreSQL
 * (createPgServices through createPgTestApp; the rule lives above the stores, so both engines
 * answer the same): a sealed account whose kits 2 of 2 were made but only one was kept is released
 * by the escrow; each trustee's access e-mail and page data say nothing sealed opens, and the page
 * data carries no key and none of the sealed plan, tasks or documents. The SQLite twin, with the
 * canary scan, is sealed-without-kits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { TrusteePageData } from '../../shared/release/pages';
import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { kitCall, ownerWithTrustees, postKits } from '../test/kit-test-support';
import { NO_KITS_EMAIL_LINE } from '../test/sealed-email-lines';
import { outboxFiles, runFor, sealWithPlaceholderKeys } from '../test/release-test-support';
import { DAY_MS } from './state-machine';

const pgDb = usePgDatabase();

describe('a sealed account with fewer than k kits, on PostgreSQL', () => {
  it('is released by the escrow, and no trustee page gets a key or what it could not open', async () => {
    const t = await createPgTestApp(pgDb.url, { env: { PUBLIC_URL: 'http://afterword.test' } });
    try {
      const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy'], ['full', 'documents-only', 'messages-only'], t);
      const letter = 'msg:6f1c2d3e-0000-4000-8000-000000000001~1';
      await sealWithPlaceholderKeys(o, ['plan~1', 'docs~1', 'index~1', letter]);
      await expect(o.t.services.escrow.deposit(o.userId, new Map([['plan~1', new Uint8Array(32).fill(7)]]))).rejects.toBeInstanceOf(TypeError);
      expect(await o.t.services.escrow.deposit(o.userId, new Map([[letter, new Uint8Array(32).fill(9)]]))).toBe(true);
      const { made, tokens } = await postKits(o, trustees.slice(0, 2), 2);
      expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment })).status).toBe(204);
      expect(await o.t.services.release.store.kitEscrowEnded(o.userId)).toBe(false);

      expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30 }, o.cookie)).status).toBe(200);
      for (let day = 0; day < 60 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);
      expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
      await runFor(o, 1, 60_000);

      for (const tr of trustees) {
        const [mail] = outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to[0] === o.addr(tr.who) && /left for you$/.test(e.subject));
        expect(mail!.text).toContain(NO_KITS_EMAIL_LINE('Ada', true));
        const res = await o.t.call('GET', `${new URL(mail!.links[0]!).pathname}/data`);
        expect(res.status).toBe(200);
        const data = (await res.json()) as TrusteePageData;
        expect(data.sealed).toMatchObject({ noKits: true });
        expect('keys' in data.sealed!).toBe(false);
        expect([data.documents, data.sealed!.records, data.taskMarks]).toEqual([undefined, undefined, undefined]);
      }
    } finally {
      await t.services.scheduler.stop();
      await t.services.resign?.(); // the scheduler's leader lock holds a connection of the pool
      await t.pool.end();
    }
  }, 120_000);
});
