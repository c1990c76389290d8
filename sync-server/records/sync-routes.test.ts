import { describe, expect, it } from 'vitest';
import { formatHlc, type SyncResponse } from '../../shared/sync';
import { pullOneRecordPages, recordingDb } from '../test/statement-count';
import { createTestApp, signUp } from '../test/test-support';

const at = (t: { deps: { now: () => number } }, counter: number, node = 'dev1') => formatHlc({ ms: t.deps.now(), counter, node });
/** The fields of a whole new trustee (a create must carry every required field, issue #15). */
const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });

describe('POST /api/sync (shared/sync/README.md)', () => {
  it('rules 10–11: a bad change is rejected alone with its reason; the rest of the batch is merged', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/sync', {
      protocol: 2,
      cursor: 0,
      changes: [
        { collection: 'trustees', id: 't1', hlc: at(t, 1), fields: trustee('Sam') },
        { collection: 'trustees', id: 't2', hlc: at(t, 2), fields: { name: 42 } },
        { collection: 'spells', id: 's1', hlc: at(t, 3), fields: { x: 1 } },
        { collection: 'trustees', id: 't3', hlc: at(t, 4), fields: { favouriteColour: 'blue' } },
        { collection: 'messages', id: 'm1', hlc: at(t, 5), fields: { messageContent: 'x'.repeat(30_000) } },
        { collection: 'documents', id: 'd1', hlc: at(t, 6), fields: { documentName: 'Will', documentType: 'will', documentUrl: 'https://x.example/w', createdAt: '2026-11-21T12:00:00.000Z' } },
      ],
    }, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SyncResponse;
    expect(body.accepted).toEqual([at(t, 1), at(t, 6)]);
    expect(body.rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/trustees\.name/),
      expect.stringMatching(/collection/),
      expect.stringMatching(/trustees\.favouriteColour: unknown field/),
      expect.stringMatching(/messages\.messageContent/),
    ]);
    expect(body.records.map((r) => `${r.collection}/${r.id}`).sort()).toEqual(['documents/d1', 'profile/' + body.records.find((r) => r.collection === 'profile')!.id, 'trustees/t1'].sort());
  });

  it('rule 3: a change more than 5 minutes ahead is rejected with a reason', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const future = formatHlc({ ms: t.deps.now() + 6 * 60_000, counter: 0, node: 'dev1' });
    const body = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id: 't1', hlc: future, fields: { name: 'Sam' } }] }, cookie)).json()) as SyncResponse;
    expect(body.accepted).toEqual([]);
    expect(body.rejected[0]!.reason).toMatch(/ahead/);
  });

  it('rule 4: pushing the same batch twice changes nothing the second time', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const changes = [{ collection: 'trustees', id: 't1', hlc: at(t, 1), fields: trustee('Sam') }];
    const first = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes }, cookie)).json()) as SyncResponse;
    const second = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: first.cursor, changes }, cookie)).json()) as SyncResponse;
    expect(second.accepted).toEqual([at(t, 1)]);
    expect(second.records).toEqual([]);
  });

  it('rule 13: pull is paginated by cursor', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const changes = Array.from({ length: 7 }, (_, i) => ({ collection: 'trustees', id: `t${i}`, hlc: at(t, i + 1), fields: trustee(`T${i}`) }));
    await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes }, cookie);
    let cursor = 0;
    const seen: string[] = [];
    for (let page = 0; page < 10; page++) {
      const body = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor, changes: [], limit: 3 }, cookie)).json()) as SyncResponse;
      seen.push(...body.records.map((r) => r.id));
      cursor = body.cursor;
      if (!body.hasMore) break;
    }
    expect(seen.filter((id) => id.startsWith('t'))).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('rule 13: a page with more after it tells the account\'s records and how many come after it; the last page does not', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t); // the profile, and the 7 trustees: 8 records
    const changes = Array.from({ length: 7 }, (_, i) => ({ collection: 'trustees', id: `t${i}`, hlc: at(t, i + 1), fields: trustee(`T${i}`) }));
    await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes }, cookie);
    const pages: SyncResponse[] = [];
    for (let cursor = 0; pages.length < 10 && (pages.length === 0 || pages.at(-1)!.hasMore); cursor = pages.at(-1)!.cursor) {
      pages.push((await (await t.call('POST', '/api/sync', { protocol: 2, cursor, changes: [], limit: 3 }, cookie)).json()) as SyncResponse);
    }
    expect(pages.map((p) => [p.total, p.remaining])).toEqual([[8, 5], [8, 2], [undefined, undefined]]);
  });

  it("issue 40: one-record pages pass over the account's index once, not once a page; a write between pages is counted in", async () => {
    const ran: string[] = [];
    const t = createTestApp({}, undefined, { wrapDb: (db) => recordingDb(db, ran) });
    const seen = await pullOneRecordPages(t, ran);
    expect(seen.pages).toEqual([[8, 7], [8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [undefined, undefined]]);
    // Counting the whole account on each of the 7 pages (as before) let one account make the server read its every index entry per one-record request.
    expect(seen.passesOverPages).toBe(1);
    expect(seen.aroundWrite).toEqual([8, 7, 9, 7]);
    expect(seen.passesAfterWrite).toBe(1);
  });

  it('rule 14: another protocol version gets 426', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/sync', { protocol: 99, cursor: 0, changes: [] }, cookie);
    expect(res.status).toBe(426);
    expect((await res.json()).error).toMatch(/out of date/);
  });

  it('rule 16: a REST write and a sync pull see the same data', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const created = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, cookie)).json();
    const pull = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, cookie)).json()) as SyncResponse;
    const rec = pull.records.find((r) => r.id === created.id)!;
    expect(rec.values).toMatchObject({ name: 'Sam', email: 'sam@example.com', accessLevel: 'full' });
    const later = formatHlc({ ms: t.deps.now() + 1000, counter: 0, node: 'dev1' });
    await t.call('POST', '/api/sync', { protocol: 2, cursor: pull.cursor, changes: [{ collection: 'trustees', id: created.id, hlc: later, fields: { name: 'Samuel' } }] }, cookie);
    expect((await (await t.call('GET', '/api/trustees', undefined, cookie)).json())[0].name).toBe('Samuel');
  });

  it("rule 15: an outbox of another account is refused whole with 401, and nothing is merged", async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    const changes = [{ collection: 'trustees', id: 't1', hlc: at(t, 1), fields: trustee('FromA') }];
    const res = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes, account: a.user.id }, b.cookie);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/another account/);
    expect(await (await t.call('GET', '/api/trustees', undefined, b.cookie)).json()).toEqual([]);
    const own = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes, account: a.user.id }, a.cookie);
    expect(((await own.json()) as SyncResponse).accepted).toEqual([at(t, 1)]);
  });

  it('needs a session and a JSON envelope', async () => {
    const t = createTestApp();
    expect((await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] })).status).toBe(401);
    const { cookie } = await signUp(t);
    expect((await t.call('POST', '/api/sync', { protocol: 2, cursor: -1, changes: [] }, cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: new Array(501).fill({}) }, cookie)).status).toBe(400);
  });
});
