/**
 * Emergency gates sealed at rest and the yearly sharing reminder on PostgreSQL (createPgServices
 * through createPgTestApp; docs/sharing.md): the gate is stored sealed (e1), a gate stored plain
 * before (PG migration 024) is sealed by the next pass and still opens for the granted trustee, and
 * two instances on one database running the reminder's pass at once queue one e-mail. The SQLite
 * twins are emergency-gate-sealed.test.ts and yearly-reminder.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { DAY_MS } from '../release/state-machine';
import { emergencySetup } from '../test/emergency-test-support';
import { usePgApps, usePgDatabase } from '../test/pg-test-support';
import { HOUR_MS } from './model/emergency';
import { createPgEmergencyStore } from './store/pg-emergency-store';
import { createPgReminderStore } from './store/pg-reminder-store';
import { createPgShareStore } from './store/pg-share-store';
import { createSharingReminders } from './yearly-reminder';
import type pg from 'pg';
import type { TestApp } from '../test/test-support';

const pgDb = usePgDatabase();
const apps = usePgApps(pgDb);

/** One instance's reminder pass over its own pool. */
const passOn = (t: TestApp & { pool: pg.Pool }) =>
  createSharingReminders({ store: createPgReminderStore(t.pool), shares: createPgShareStore(t.pool), emergency: createPgEmergencyStore(t.pool), release: t.services.release, now: t.deps.now }).pass();

describe('emergency gates and the yearly reminder on PostgreSQL', () => {
  it('stores the gate sealed, seals one stored plain before, opens it for the granted trustee; two instances queue one yearly reminder', async () => {
    let now = Date.UTC(2026, 10, 21, 12);
    const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
    const a = await apps({ clock, env: { PUBLIC_URL: 'http://afterword.test' } });
    const b = await apps({ clock, env: { PUBLIC_URL: 'http://afterword.test' } });
    try {
      const s = await emergencySetup(['maria', 'bert'], a);
      const { gate } = await s.put(0, 1);
      const gateOf = async () => (await a.pool.query<{ gate: string }>('SELECT gate FROM emergency_settings WHERE user_id = $1', [s.o.userId])).rows[0]!.gate;
      expect(await gateOf()).toMatch(/^e1\./);
      await a.pool.query('UPDATE emergency_settings SET gate = $1 WHERE user_id = $2', [toB64url(gate), s.o.userId]); // as PG 024 stored it
      await a.services.emergency.tick();
      expect(await gateOf()).toMatch(/^e1\./);
      expect((await s.ask(0)).status).toBe(201);
      clock.advance(HOUR_MS);
      await a.services.emergency.tick();
      const v = await s.view(0);
      expect(v.access!.gate).toBe(toB64url(gate));
      expect(await s.openAs(0, v.access!)).toEqual({ documents: [{ id: s.doc.id, documentName: 'Will' }] });

      clock.advance(366 * DAY_MS);
      const [x, y] = await Promise.all([passOn(a), passOn(b)]);
      expect(x + y).toBe(1);
      expect(await Promise.all([passOn(a), passOn(b)])).toEqual([0, 0]);
      const queued = await a.pool.query("SELECT to_addr FROM release_emails WHERE user_id = $1 AND kind = 'owner-sharing-yearly'", [s.o.userId]);
      expect(queued.rows.map((r) => (r as { to_addr: string }).to_addr)).toEqual([s.o.email.toLowerCase()]);
    } finally {
      for (const t of [a, b]) {
        await t.services.scheduler.stop();
        await t.services.resign?.();
      }
    }
  }, 120_000);
});
