/**
 * A trustee whose emergency setting the owner's device sealed EMPTY (every item chosen was deleted:
 * web/features/emergency/every-item-deleted.test.ts) has nothing to ask for (issue 43): their page
 * is told they cannot ask, an ask is refused, and the owner's order skips them, so the next trustee
 * in the order can ask. The real app over SQLite (sync-server/test/emergency-test-support.ts).
 */
import { describe, expect, it } from 'vitest';
import { emergencySetup } from '../test/emergency-test-support';

describe('an emergency setting sealed empty', () => {
  it('cannot be asked for, and the order goes on to the next trustee', async () => {
    const s = await emergencySetup();
    await s.put(0);
    await s.put(1);
    expect((await s.view(0)).canAsk).toBe(true);
    expect((await s.ask(1)).status).toBe(403); // maria comes first in the order
    // Every item chosen for maria is deleted: her device seals an empty bundle over the last one (a refresh),
    // which the server takes only once no document chosen exists.
    const empty = await s.settingFor(0);
    const early = await s.o.t.call('PUT', `/api/emergency/trustees/${s.made.kits[0]!.trusteeId}`, { ...empty.body, items: [], refresh: true }, s.o.cookie);
    expect(early.status).toBe(409);
    expect((await s.o.t.call('DELETE', `/api/documents/${s.doc.id}`, undefined, s.o.cookie)).status).toBeLessThan(300);
    const res = await s.o.t.call('PUT', `/api/emergency/trustees/${s.made.kits[0]!.trusteeId}`, { ...empty.body, items: [], refresh: true }, s.o.cookie);
    expect(res.status, await res.clone().text()).toBe(204);
    expect((await s.view(0)).canAsk).toBe(false);
    const refused = await s.ask(0);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('Nothing is chosen for you to open in an emergency now');
    // Bert is next in the order now.
    expect((await s.ask(1)).status).toBe(201);
  });
});
