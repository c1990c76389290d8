/** planningSnapshot over the real record store, with records written through the REST endpoints. */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test-support';
import { snapshotOf } from './default/test-snapshot';
import { planningSnapshot } from './snapshot';

describe('planningSnapshot', () => {
  it('is an empty plan for a new user, with their first name', async () => {
    const t = createTestApp();
    const { user } = await signUp(t, { firstName: 'Grace' });
    expect(await planningSnapshot(t.services.records, user.id)).toEqual(snapshotOf({ firstName: 'Grace' }));
  });

  it('counts what the user planned, and only their own records', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const other = await signUp(t);
    const post = async (path: string, body: unknown, as = cookie) => {
      const res = await t.call('POST', path, body, as);
      expect(res.status).toBe(201);
    };
    await t.call('PATCH', '/api/user/profile', { values: ['nature', 'family'], beliefs: 'Quaker', profileCompletion: 50 }, cookie);
    await post('/api/death-plan', { funeralType: 'celebration_of_life', burialPreference: 'green_burial', location: 'The orchard' });
    const message = { recipientName: 'Mia', recipientEmail: 'mia@example.com', messageType: 'text', messageContent: 'Hello', deliveryDate: null };
    await post('/api/messages', message);
    await post('/api/messages', { ...message, deliveryDate: '2030-01-01T00:00:00.000Z' });
    await post('/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: 'https://example.com/w' });
    await post('/api/documents', { documentType: 'financial', documentName: 'Bank', documentUrl: 'https://example.com/b' });
    await post('/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' });
    await post('/api/trustees', { name: 'Lee', email: 'lee@example.com', accessLevel: 'messages-only' });
    await post('/api/trustees', { name: 'Not mine', email: 'x@example.com', accessLevel: 'full' }, other.cookie);
    const task = { title: 'Call the doctor', description: 'Ask for the certificate.', category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 1, resources: [], automationSteps: [], notifyTrustees: false };
    await post('/api/survivor-tasks', { ...task, completionStatus: 'completed' });
    await post('/api/survivor-tasks', { ...task, completionStatus: 'not-started' });

    expect(await planningSnapshot(t.services.records, user.id)).toMatchObject({
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
    });
  });
});
