/**
 * Nothing is lost silently on the server (issue 14 finding 5; shared/sync/README.md rules 20–23),
 * through the real POST /api/sync over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { conflictKey, formatHlc, RESTORABLE_FIELD, type SyncResponse } from '../../shared/sync';
import { createTestApp, signUp, sqliteStoreOf } from '../test/test-support';

const msg = { recipientName: 'Jo', recipientEmail: 'jo@example.com', messageType: 'text', messageContent: 'first draft', deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' };

async function setup() {
  const t = createTestApp();
  const { cookie, user } = await signUp(t);
  const at = (offsetMs: number, node: string) => formatHlc({ ms: t.deps.now() + offsetMs, counter: 0, node });
  const push = async (...changes: unknown[]) =>
    (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes }, cookie)).json()) as SyncResponse;
  const record = (id: string) => sqliteStoreOf(t).get(user.id, 'messages', id)!;
  return { t, user, cookie, at, push, record };
}

describe('kept versions (rules 20–23)', () => {
  it('rule 20: a write that wins over a text its writer had not seen keeps the loser as a conflict field', async () => {
    const { at, push, record } = await setup();
    const h0 = at(-3000, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: h0, fields: msg });
    const h1 = at(-2000, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: h1, fields: { messageContent: 'A wrote this' }, bases: { messageContent: h0 } });
    // Device B edited from h0 too (it never saw A's text), and its write is newer.
    const h2 = at(-1000, 'devB');
    const res = await push({ collection: 'messages', id: 'm1', hlc: h2, fields: { messageContent: 'B wrote this' }, bases: { messageContent: h0 } });
    expect(res.accepted).toEqual([h2]);
    const r = record('m1');
    expect(r.values.messageContent).toBe('B wrote this');
    expect(r.values[conflictKey('messageContent', h1)]).toEqual({ text: 'A wrote this', at: h1 });
    // A sequential edit (its base is the current value) keeps nothing.
    const h3 = at(0, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: h3, fields: { messageContent: 'A again' }, bases: { messageContent: h2 } });
    expect(Object.keys(record('m1').values).filter((k) => k.includes('~conflict/'))).toEqual([conflictKey('messageContent', h1)]);
  });

  it('rule 20: a write that loses, seen for the first time, is kept; sending it again adds nothing', async () => {
    const { at, push, record } = await setup();
    const h0 = at(-3000, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: h0, fields: msg });
    const late = at(-2000, 'devB');
    await push({ collection: 'messages', id: 'm1', hlc: at(-1000, 'devA'), fields: { messageContent: 'newer' }, bases: { messageContent: h0 } });
    const before = record('m1').seq;
    await push({ collection: 'messages', id: 'm1', hlc: late, fields: { messageContent: 'older but offline' }, bases: { messageContent: h0 } });
    const r = record('m1');
    expect(r.values.messageContent).toBe('newer');
    expect(r.values[conflictKey('messageContent', late)]).toEqual({ text: 'older but offline', at: late });
    const seq = r.seq;
    expect(seq).toBeGreaterThan(before);
    await push({ collection: 'messages', id: 'm1', hlc: late, fields: { messageContent: 'older but offline' }, bases: { messageContent: h0 } });
    expect(record('m1').seq).toBe(seq);
  });

  it('rule 21: the server keeps a bounded history of replaced long texts', async () => {
    const { t, user, cookie, at, push } = await setup();
    let prev = at(-100_000, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: prev, fields: msg });
    for (let i = 0; i < 25; i++) {
      const h = at(-90_000 + i * 1000, 'devA');
      await push({ collection: 'messages', id: 'm1', hlc: h, fields: { messageContent: `v${i}` }, bases: { messageContent: prev } });
      prev = h;
    }
    const history = sqliteStoreOf(t).history(user.id, 'messages', 'm1', 'messageContent');
    expect(history).toHaveLength(20);
    expect(history[0]!.text).toBe('v23');
    expect(history.at(-1)!.text).toBe('v4');
    // The same through GET /api/sync/history, for the session's account only.
    const res = await t.call('GET', '/api/sync/history/messages/m1/messageContent', undefined, cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { versions: unknown[] }).versions).toEqual(history);
    const other = await signUp(t);
    expect(((await (await t.call('GET', '/api/sync/history/messages/m1/messageContent', undefined, other.cookie)).json()) as { versions: unknown[] }).versions).toEqual([]);
    for (const bad of ['/api/sync/history/spells/m1/messageContent', '/api/sync/history/messages/m1/recipientName', '/api/sync/history/messages/a.b/messageContent']) {
      const r = await t.call('GET', bad, undefined, cookie);
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(/Invalid request/);
    }
    expect((await t.call('GET', '/api/sync/history/messages/m1/messageContent')).status).toBe(401);
  });

  it('rule 22: an edit that lands on a record another device deleted marks it restorable', async () => {
    const { at, push, record } = await setup();
    const h0 = at(-3000, 'devA');
    await push({ collection: 'messages', id: 'm1', hlc: h0, fields: msg });
    await push({ collection: 'messages', id: 'm1', hlc: at(-2000, 'devB'), fields: { _deleted: true } });
    const edit = at(-1000, 'devA');
    await push({ collection: "messages", id: "m1", hlc: edit, fields: { recipientName: "Edited offline" }, bases: { recipientName: h0 } });
    const r = record('m1');
    expect(r.values._deleted).toBe(true);
    expect(r.values.recipientName).toBe('Edited offline');
    expect(r.values[RESTORABLE_FIELD]).toEqual({ at: edit });
  });

  it('rule 23: a device may only dismiss kept versions (null), never write them; bases must name written fields', async () => {
    const { at, push } = await setup();
    const h0 = at(-3000, 'devA');
    const key = conflictKey('messageContent', h0);
    const res = await push(
      { collection: 'messages', id: 'm1', hlc: at(-2000, 'devA'), fields: { ...msg, [key]: { text: 'forged', at: h0 } } },
      { collection: 'messages', id: 'm2', hlc: at(-1900, 'devA'), fields: { ...msg, [RESTORABLE_FIELD]: { at: h0 } } },
      { collection: 'messages', id: 'm3', hlc: at(-1800, 'devA'), fields: { recipientName: 'x' }, bases: { messageContent: h0 } },
      { collection: 'trustees', id: 't1', hlc: at(-1700, 'devA'), fields: { [conflictKey('name', h0)]: null } },
      { collection: 'messages', id: 'm4', hlc: at(-1600, 'devA'), fields: { ...msg, [key]: null, [RESTORABLE_FIELD]: null } },
    );
    expect(res.rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/only the server/),
      expect.stringMatching(/only the server/),
      expect.stringMatching(/bases\.messageContent/),
      expect.stringMatching(/unknown field/),
    ]);
    expect(res.accepted).toHaveLength(1);
  });
});
