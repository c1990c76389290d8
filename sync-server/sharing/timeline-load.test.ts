/**
 * Settings' sharing timeline when the emergency part cannot be read (web/features/sharing/
 * timeline-load.ts; security review s23 L1): the shares are still listed, named on the device, and
 * the timeline says the emergency requests could not load, instead of failing whole. The real Hono
 * app over SQLite, whose emergency table is renamed away under it; the device's own code.
 */
import { describe, expect, it } from 'vitest';
import { loadTimeline } from '../../web/features/sharing/timeline-load';
import { startSharing } from '../../web/features/sharing/share-client';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';

const source = { documents: [], deathPlan: null, survivorTasks: [], trustees: [], messages: [] };

describe('the sharing timeline with the emergency part failing', () => {
  it('lists the shares and says the emergency requests could not load; once they can, it lists them with no such words', async () => {
    const h = await world();
    await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    h.w.t.deps.db.exec('ALTER TABLE emergency_requests RENAME TO emergency_requests_away');
    const failed = await loadTimeline(h.deps, source, ORIGIN);
    expect(failed.emergencyFailed).toEqual(expect.any(String));
    expect(failed.events.map((e) => e.text)).toEqual([expect.stringContaining(WORDS.person)]);
    h.w.t.deps.db.exec('ALTER TABLE emergency_requests_away RENAME TO emergency_requests');
    const whole = await loadTimeline(h.deps, source, ORIGIN);
    expect(whole.emergencyFailed).toBeNull();
    expect(whole.events).toEqual(failed.events);
  });
});
