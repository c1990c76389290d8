import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-support';

const samples = {
  '/api/messages': { create: { recipientName: 'Mia', recipientEmail: 'mia@example.com', messageType: 'text', messageContent: 'I love you.', deliveryDate: null, userId: 'spoofed' }, patch: { messageContent: 'I love you always.' } },
  '/api/documents': { create: { documentType: 'will', documentName: 'Last Will', documentUrl: 'https://files.example.com/will.pdf' }, patch: { documentName: 'Last Will (2026)' } },
  '/api/trustees': { create: { name: 'Sam', email: 'sam@example.com', accessLevel: 'full', phone: '555-0100' }, patch: { relationship: 'Brother' } },
  '/api/survivor-tasks': { create: { title: 'Call the doctor', description: 'Ask for the medical certificate of death.', category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 1, resources: ['GP phone number'], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started' }, patch: { completionStatus: 'in-progress' } },
} as const;

async function create(t: TestApp, path: string, body: unknown, cookie: string) {
  const res = await t.call('POST', path, body, cookie);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; userId: string; createdAt: string } & Record<string, unknown>;
}

describe('REST endpoints of SPEC.md §7 (issue #3)', () => {
  for (const [path, sample] of Object.entries(samples)) {
    it(`${path}: create, list, patch, delete; userId comes from the session`, async () => {
      const t = createTestApp();
      const { cookie, user } = await signUp(t);
      const created = await create(t, path, sample.create, cookie);
      expect(created.userId).toBe(user.id);
      expect(created.createdAt).toBe(new Date(t.deps.now()).toISOString());
      const list = await (await t.call('GET', path, undefined, cookie)).json();
      expect(list.map((e: { id: string }) => e.id)).toEqual([created.id]);
      const patched = await t.call('PATCH', `${path}/${created.id}`, sample.patch, cookie);
      expect(patched.status).toBe(200);
      expect(await patched.json()).toMatchObject({ ...sample.patch, id: created.id });
      expect((await t.call('DELETE', `${path}/${created.id}`, undefined, cookie)).status).toBe(200);
      expect(await (await t.call('GET', path, undefined, cookie)).json()).toEqual([]);
      expect((await t.call('PATCH', `${path}/${created.id}`, sample.patch, cookie)).status).toBe(404);
      expect((await t.call('DELETE', `${path}/missing`, undefined, cookie)).status).toBe(404);
    });
  }

  it('PATCH keeps fields it does not name (no defaults applied)', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const trustee = await create(t, '/api/trustees', samples['/api/trustees'].create, cookie);
    const res = await (await t.call('PATCH', `/api/trustees/${trustee.id}`, { name: 'Samuel' }, cookie)).json();
    expect(res).toMatchObject({ name: 'Samuel', phone: '555-0100', email: 'sam@example.com' });
  });

  it('documents: only http and https URLs are accepted', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.example/a', 'not a url']) {
      const res = await t.call('POST', '/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: url }, cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).issues[0].path).toBe('documentUrl');
    }
  });

  it('messages: clients cannot mark a message delivered', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const m = await create(t, '/api/messages', samples['/api/messages'].create, cookie);
    expect(m.delivered).toBe(false);
    expect((await t.call('PATCH', `/api/messages/${m.id}`, { delivered: true }, cookie)).status).toBe(400);
  });

  it('death plan: GET is null before a plan exists; POST twice keeps one plan; PATCH by id', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const none = await t.call('GET', '/api/death-plan', undefined, cookie);
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
    const first = await t.call('POST', '/api/death-plan', { funeralType: 'memorial_service', musicSelections: ['Clair de Lune'], userId: user.id }, cookie);
    expect(first.status).toBe(201);
    const plan = await first.json();
    expect(plan).toMatchObject({ id: user.id, userId: user.id, funeralType: 'memorial_service', musicSelections: ['Clair de Lune'], readings: [], completed: false });
    const second = await t.call('POST', '/api/death-plan', { location: 'Oslo' }, cookie);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ id: user.id, funeralType: 'memorial_service', location: 'Oslo' });
    const patched = await (await t.call('PATCH', `/api/death-plan/${user.id}`, { musicSelections: ['Clair de Lune', 'Abide with Me'] }, cookie)).json();
    expect(patched.musicSelections).toEqual(['Clair de Lune', 'Abide with Me']);
    expect((await t.call('PATCH', '/api/death-plan/someone-else', { location: 'x' }, cookie)).status).toBe(404);
    expect((await t.call('POST', '/api/death-plan', { funeralType: 'viking_ship' }, cookie)).status).toBe(400);
  });
});

describe('authorization (issue #3 §5, rule 15): nobody reads or changes another user\'s records', () => {
  it('every collection, every verb, through REST and through sync', async () => {
    const t = createTestApp();
    const owner = await signUp(t);
    const intruder = await signUp(t);
    for (const [path, sample] of Object.entries(samples)) {
      const rec = await create(t, path, sample.create, owner.cookie);
      const list = await (await t.call('GET', path, undefined, intruder.cookie)).json();
      expect(list).toEqual([]);
      expect((await t.call('PATCH', `${path}/${rec.id}`, sample.patch, intruder.cookie)).status).toBe(404);
      expect((await t.call('DELETE', `${path}/${rec.id}`, undefined, intruder.cookie)).status).toBe(404);
      expect((await t.call('GET', path, undefined)).status).toBe(401);
      const still = await (await t.call('GET', path, undefined, owner.cookie)).json();
      expect(still).toHaveLength(1);
      expect(still[0].userId).toBe(owner.user.id);
    }
    await t.call('POST', '/api/death-plan', { location: 'Mine' }, owner.cookie);
    expect(await (await t.call('GET', '/api/death-plan', undefined, intruder.cookie)).json()).toBeNull();
    expect((await t.call('PATCH', `/api/death-plan/${owner.user.id}`, { location: 'Theirs' }, intruder.cookie)).status).toBe(404);

    // Sync: the intruder pulls nothing of the owner's, and pushing a change with the owner's ids
    // cannot touch the owner's records.
    const pull = await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, intruder.cookie)).json();
    expect(pull.records.every((r: { collection: string; id: string }) => r.id !== owner.user.id)).toBe(true);
    expect(pull.records.filter((r: { collection: string }) => r.collection !== 'profile')).toEqual([]);
    const ownersMessage = (await (await t.call('GET', '/api/messages', undefined, owner.cookie)).json())[0];
    const push = await (
      await t.call('POST', '/api/sync', {
        protocol: 2,
        cursor: 0,
        changes: [
          { collection: 'messages', id: ownersMessage.id, hlc: '001795000000000-0000-evil', fields: { messageContent: 'hijacked' } },
          { collection: 'deathPlan', id: owner.user.id, hlc: '001795000000000-0001-evil', fields: { location: 'hijacked' } },
        ],
      }, intruder.cookie)
    ).json();
    // Both refused: the plan's id is not the intruder's, and the message would be a new record
    // without its required fields in the intruder's own account (issue #15).
    expect(push.rejected.map((r: { collection: string }) => r.collection)).toEqual(['messages', 'deathPlan']);
    expect(await (await t.call('GET', '/api/messages', undefined, intruder.cookie)).json()).toEqual([]);
    const after = await (await t.call('GET', '/api/messages', undefined, owner.cookie)).json();
    expect(after[0].messageContent).toBe('I love you.');
    expect((await (await t.call('GET', '/api/death-plan', undefined, owner.cookie)).json()).location).toBe('Mine');
  });
});
