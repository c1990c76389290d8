/** Finish racing a plain write, over the real app on PostgreSQL (keys/seal-race.contract.ts; records/store/pg-record-store.ts). */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNothingPlain, expectRefusedAsPlaintext, plainPush, sealedButNotFinished, sealRaceContract } from '../../keys/seal-race.contract';
import { usePgApps, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();
const app = usePgApps(db);
/** One secret for the instances of this file: they accept each other's cookies. */
const sessionSecret = randomBytes(32).toString('base64url');

const instance = (clock?: { now: () => number; advance: (ms: number) => void }) => app({ sessionSecret, clock });

sealRaceContract('PostgreSQL', () => instance(), (t) => instance({ now: t.deps.now, advance: t.advance }));

/** Waits until a backend of this database waits on a lock while running a statement containing `text`. */
async function waitingOnLock(text: string) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND position($1 in query) > 0`,
      [text],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No statement with ${JSON.stringify(text)} came to wait on a lock`);
}

describe('finish racing a plain push on PostgreSQL, through the account lock', () => {
  it('a push queued on the account lock behind finish reads sealed_at after it: its plaintext is refused', async () => {
    const t = await instance();
    const { cookie, userId, post, finishOn, finished } = await sealedButNotFinished(t);
    // Another connection holds the account's lock; finish, then the push, queue behind it in that order.
    const holder = await db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const finishing = finishOn()();
      await waitingOnLock('SELECT sync_seq FROM users'); // pg-seal-store.ts finish's lock
      const { hlc, body } = plainPush(t, userId);
      const pushing = post('/api/sync', body); // read the keys before finish committed
      await waitingOnLock('usage_live FROM users'); // records/store/pg-record-store.ts merge's lock
      await holder.query('COMMIT');
      await finishing;
      expect(finished()?.status).toBe(200);
      await expectRefusedAsPlaintext(await pushing, hlc);
    } finally {
      holder.release();
    }
    await expectNothingPlain(t, cookie, userId);
  });
});
