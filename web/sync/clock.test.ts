/**
 * Finding 4 of issue 14 (shared/sync/README.md rules 2, 3, 17): a device whose clock is minutes
 * slow still writes timestamps that win over everything it has seen, and learns the server's time.
 */
import { describe, expect, it } from 'vitest';
import { openOnDevice, newDeviceIndexedDb } from '../db/test-device';
import { UserDatabase } from '../db/user-database';
import { createSyncEngine, type SyncSnapshot } from './engine';
import { nextRequest, receiveResponse } from './apply-response';
import { createTestApp, serverRecords, signedInTransport } from '../../sync-server/test/client-test-support';

const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });
const MIN = 60_000;

async function setup() {
  const t = createTestApp();
  const account = await signedInTransport(t);
  return { t, ...account };
}

const engineOf = (db: UserDatabase, transport: Parameters<typeof createSyncEngine>[0]['transport'], now?: () => number) => {
  const states: SyncSnapshot[] = [];
  const engine = createSyncEngine({ db, transport, env: { locks: null }, intervalMs: 3_600_000, now, onState: (s) => states.push({ ...s }), onClockErrors: () => {} });
  return { engine, states };
};

describe('clocks (issue 14 finding 4)', () => {
  it('rule 2: a local write beats a pulled timestamp far ahead of this device, so a slow device keeps its edit', async () => {
    const { t, userId, transport } = await setup();
    const fast = await openOnDevice(userId, () => t.deps.now());
    const slow = await openOnDevice(userId, () => t.deps.now() - 10 * MIN);
    await fast.write('trustees', 'tr1', trustee('Ada'));
    await engineOf(fast, transport).engine.syncNow();
    // The slow device's own clock never learnt the server's time (no offset yet): its write must still win.
    await engineOf(slow, transport, () => t.deps.now() - 10 * MIN).engine.syncNow();
    await slow.write('trustees', 'tr1', { name: 'Bea' });
    expect((await slow.dexie.entities('trustees').get('tr1'))?.name).toBe('Bea');
    await engineOf(slow, transport, () => t.deps.now() - 10 * MIN).engine.syncNow();
    await engineOf(fast, transport).engine.syncNow();
    expect((await fast.dexie.entities('trustees').get('tr1'))?.name).toBe('Bea');
    const server = (await serverRecords(transport)).find((r) => r.id === 'tr1')!;
    expect(server.values.name).toBe('Bea');
  });

  it('rule 17: the engine measures the offset to serverTime, the HLC reads corrected time, and a reload keeps it', async () => {
    const { t, userId, transport } = await setup();
    const device = newDeviceIndexedDb();
    const raw = () => t.deps.now() - 24 * 60 * MIN; // a day slow
    const db = await openOnDevice(userId, raw, device);
    const { engine, states } = engineOf(db, transport, raw);
    await engine.syncNow();
    expect(Math.abs(db.clockOffset() - 24 * 60 * MIN)).toBeLessThan(1000);
    expect(states.at(-1)?.clockOffMs).toBe(db.clockOffset());
    const change = await db.write('trustees', 'tr2', trustee('Cy'));
    expect(Number(change!.hlc.slice(0, 15))).toBeGreaterThanOrEqual(t.deps.now());
    db.close();
    const again = await openOnDevice(userId, raw, device);
    expect(again.clockOffset()).toBe(db.clockOffset());
    // The server accepts its writes (they are not days behind or ahead).
    const { engine: e2 } = engineOf(again, transport, raw);
    await again.write('trustees', 'tr2', { name: 'Di' });
    await e2.syncNow();
    expect((await serverRecords(transport)).find((r) => r.id === 'tr2')!.values.name).toBe('Di');
  });

  it('rule 17: a write a day fast, made before the first sync, is refused by the server, re-stamped from corrected time and kept', async () => {
    const { t, userId, transport } = await setup();
    const fast = await openOnDevice(userId, () => t.deps.now() + 24 * 60 * MIN);
    await fast.write('trustees', 'tr3', trustee('Eve'));
    await engineOf(fast, transport).engine.syncNow();
    expect(await fast.pendingCount()).toBe(0);
    expect((await fast.dexie.entities('trustees').get('tr3'))?.name).toBe('Eve');
    const server = (await serverRecords(transport)).find((r) => r.id === 'tr3')!;
    expect(server.values.name).toBe('Eve');
    expect(Number(server.clocks.name!.slice(0, 15))).toBeLessThan(t.deps.now() + 5 * MIN);
    // Its next write is also near server time (the clock was moved back), and accepted.
    await fast.write('trustees', 'tr3', { name: 'Eva' });
    expect(Number(fast.clock.last().slice(0, 15))).toBeLessThan(t.deps.now() + 5 * MIN);
    await engineOf(fast, transport).engine.syncNow();
    expect((await serverRecords(transport)).find((r) => r.id === 'tr3')!.values.name).toBe('Eva');
  });

  it('rule 17: the clock a re-stamp moved back is what the device stores, so a reload never mints below the re-stamped timestamps', async () => {
    const { t, userId, transport } = await setup();
    const fast = await openOnDevice(userId, () => t.deps.now() + 24 * 60 * MIN);
    await fast.write('trustees', 'tr4', trustee('Flo'));
    // One exchange only (as when the connection drops before the re-stamped change is pushed again).
    const res = await transport(await nextRequest(fast, undefined));
    await fast.setClockOffset(res.serverTime! - fast.deviceNow()); // as the engine measures it before merging (rule 17)
    const result = await receiveResponse(fast, undefined, res);
    expect(result.rejected).toHaveLength(1);
    const [restamped] = await fast.dexie.outbox.toArray();
    expect(Number(restamped!.hlc.slice(0, 15))).toBeLessThan(t.deps.now() + 5 * MIN);
    expect(await fast.getMeta('lastHlc')).toBe(fast.clock.last());
    expect(fast.clock.last() >= restamped!.hlc).toBe(true);
  });
});
