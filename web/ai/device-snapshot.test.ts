/**
 * deviceSnapshot over the device's own records (real Dexie over fake-indexeddb, written through
 * the one local write): the counts and choices recommendations use (moved from the server's
 * planningSnapshot test, which read the server's database).
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_SNAPSHOT } from '../../shared/ai/snapshot';
import { snapshotOf } from '../../shared/ai/test-snapshot';
import { openOnDevice } from '../db/test-device';
import { deviceSnapshot } from './device-snapshot';

const now = () => Date.UTC(2026, 10, 26, 12);

describe('deviceSnapshot', () => {
  it('is the empty snapshot before anything is written', async () => {
    const db = await openOnDevice('u-empty', now);
    expect(await deviceSnapshot(db)).toEqual(EMPTY_SNAPSHOT);
    db.close();
  });

  it('counts what the person planned on this device', async () => {
    const db = await openOnDevice('u-plan', now);
    const task = { title: 'Call the doctor', description: 'Ask for the certificate.', category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 1 };
    await db.writeMany([
      { collection: 'profile', id: 'u-plan', patch: { firstName: 'Grace', values: ['nature', 'family'], beliefs: 'Quaker' } },
      { collection: 'deathPlan', id: 'u-plan', patch: { funeralType: 'celebration_of_life', burialPreference: 'green_burial', location: 'The orchard' } },
      { collection: 'messages', id: 'm1', patch: { recipientName: 'Mia', messageContent: 'Hello', deliveryDate: null } },
      { collection: 'messages', id: 'm2', patch: { recipientName: 'Mia', messageContent: 'Later', deliveryDate: '2030-01-01T00:00:00.000Z' } },
      { collection: 'documents', id: 'd1', patch: { documentType: 'will', documentName: 'Will' } },
      { collection: 'documents', id: 'd2', patch: { documentType: 'financial', documentName: 'Bank' } },
      { collection: 'trustees', id: 't1', patch: { name: 'Sam', accessLevel: 'full' } },
      { collection: 'trustees', id: 't2', patch: { name: 'Lee', accessLevel: 'messages-only' } },
      { collection: 'survivorTasks', id: 's1', patch: { ...task, completionStatus: 'completed' } },
      { collection: 'survivorTasks', id: 's2', patch: { ...task, completionStatus: 'not-started' } },
    ]);
    expect(await deviceSnapshot(db)).toEqual(
      snapshotOf({
        firstName: 'Grace',
        values: ['nature', 'family'],
        beliefs: 'Quaker',
        hasPlan: true,
        planCompletion: 43,
        funeralType: 'celebration_of_life',
        burialPreference: 'green_burial',
        messages: 2,
        undeliveredScheduled: 1,
        documents: { will: 1, insurance: 0, financial: 1 },
        trustees: 2,
        fullAccessTrustees: 1,
        survivorTasks: 2,
        completedTasks: 1,
      }),
    );
    db.close();
  });
});
