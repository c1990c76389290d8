/**
 * Limits on ciphertext (issue 29): a sealed account's device, the real sync engine and the REAL
 * server (Hono app over a SQLite file). What the device accepts must fit the server's limits once
 * sealed (envelopes are padded and base64url'd), so nothing it takes is refused later with 413 or
 * "Change is too large"; what would not fit is refused on the device, naming the field, with
 * nothing written.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { serverRecords } from '../../sync-server/test/client-test-support';
import { LocalWriteError, type UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import type { SyncKeys } from './sealing';
import { createSealedWorld, openRecords } from './test-sealed';
import type { Transport } from './transport';

async function sync(db: UserDatabase, keys: SyncKeys, transport: Transport) {
  const rejected: unknown[] = [];
  const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000, onRejected: (r) => rejected.push(...r), onClockErrors: () => {} });
  await engine.syncNow();
  await engine.stop();
  return rejected;
}

const item = (list: string, i: number) => `${list} ${String(i).padStart(3, '0')} `.padEnd(500, 'x'); // SPEC.md's longest list item

describe('limits on ciphertext, on the device (issue 29)', () => {
  it('a task grown item by item is refused on the device at the write that would not fit sealed, naming the list; everything before syncs without a refusal', { timeout: 60_000 }, async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    const keys = await w.keysFor();
    await db.write('survivorTasks', 'big', { title: 'Sort out the house', description: 'Everything in the house.', category: 'other', timeframe: '1m', automationLevel: 'manual-with-guidance', priority: 3, createdAt: '2026-11-21T12:00:00.000Z' });
    const lists = { resources: [] as string[], automationSteps: [] as string[] };
    let refused: LocalWriteError | null = null;
    outer: for (const list of ['resources', 'automationSteps'] as const) {
      for (let n = 0; n < ACCOUNT_LIMITS.listItems; n += 40) {
        const next = [...lists[list], ...Array.from({ length: 40 }, (_, i) => item(list, n + i))];
        const outboxBefore = await db.dexie.outbox.count();
        try {
          await db.write('survivorTasks', 'big', { [list]: next });
        } catch (err) {
          if (!(err instanceof LocalWriteError)) throw err;
          refused = err;
          expect(await db.dexie.outbox.count()).toBe(outboxBefore); // nothing half-written
          break outer;
        }
        lists[list] = next;
      }
    }
    expect(refused?.message).toMatch(/^survivorTasks\.(resources|automationSteps)\/[^:]+: too long to keep end-to-end encrypted \(this task may hold at most 256 KB once sealed; shorten it by about [\d,]+ characters\)$/);
    expect(refused!.field).toMatch(/^(resources|automationSteps)\//);
    const held = await db.dexie.entities('survivorTasks').get('big');
    expect(held!.resources.length + held!.automationSteps.length).toBe(lists.resources.length + lists.automationSteps.length);
    expect(JSON.stringify(held).length).toBeLessThan(ACCOUNT_LIMITS.recordBytes); // the plain record alone was within the limit

    expect(await sync(db, keys, w.transport)).toEqual([]); // before: 413 "a record may hold at most 256 KB" on push
    const [stored] = await openRecords(w, w.userId, (await serverRecords(w.transport)).filter((r) => r.id === 'big'));
    expect(Object.keys(stored!.values).filter((f) => f.startsWith('resources/') || f.startsWith('automationSteps/')).length).toBe(held!.resources.length + held!.automationSteps.length);
    db.close();
  });

  it('a letter of SPEC.md\'s full 20,000 characters fits one change once sealed in any script (3-byte CJK, 4-byte emoji) and syncs word for word', { timeout: 60_000 }, async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    const keys = await w.keysFor();
    const letters = { m1: '親愛なる家族へ、'.repeat(2_500), m2: '🌷'.repeat(20_000) }; // 60,000 and 80,000 bytes of UTF-8
    const message = { recipientName: 'Kim', recipientEmail: 'kim@example.com', messageType: 'text', deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' };
    for (const [id, text] of Object.entries(letters)) await db.write('messages', id, { ...message, messageContent: text });
    expect(await sync(db, keys, w.transport)).toEqual([]);
    const stored = await openRecords(w, w.userId, (await serverRecords(w.transport)).filter((r) => r.collection === 'messages'));
    expect(Object.fromEntries(stored.map((r) => [r.id, r.values.messageContent]))).toEqual(letters);
    db.close();
  });
});
