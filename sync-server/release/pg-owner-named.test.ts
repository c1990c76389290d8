/**
 * The owner's name for e-mails (issue 38 item 8 d) on PostgreSQL (createPgServices through
 * createPgTestApp): the profile's plain `emailName` the device saves is stored and read back by the
 * PostgreSQL record store, and the trustee's invitation (written to the outbox: no SMTP here) names
 * the owner by it. The SQLite twin, over a real SMTP server, is owner-named.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { emailNameOf } from '../../shared/profile-email-name';
import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { outboxFiles, ownerOn } from '../test/release-test-support';

const pgDb = usePgDatabase();
const FULL = 'Margaret Eleanor Whitfield-Hughes';

describe('the owner named in e-mails by the name for e-mails, on PostgreSQL', () => {
  it('stores emailName and the invitation carries the full name', async () => {
    const t = await createPgTestApp(pgDb.url, { env: { PUBLIC_URL: 'http://afterword.test' } });
    try {
      const o = await ownerOn(t, 'Margaret', 'Eleanor Whitfield-Hughes');
      const res = await o.t.call('PATCH', '/api/user/profile', { emailName: emailNameOf('Margaret', 'Eleanor Whitfield-Hughes', 'full') }, o.cookie);
      expect(res.status).toBe(200);
      expect((await o.get<{ emailName: string }>('/api/user/profile')).emailName).toBe(FULL);
      await o.addTrustee('sol', 'documents-only');
      await o.t.services.scheduler.runOnce();
      const [invite] = outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to[0] === o.addr('sol'));
      expect(invite!.subject).toBe(`${FULL} has asked you to be a trustee`);
      expect(invite!.text).toContain(`${FULL} has named you as a trustee on Afterword, where Margaret keeps`);
    } finally {
      await t.services.scheduler.stop();
      await t.services.resign?.(); // the scheduler's leader lock holds a connection of the pool
      await t.pool.end();
    }
  }, 60_000);
});
