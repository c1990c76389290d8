/**
 * Share now's routes (sharing/routes.ts) on the real app over a real SQLite file: owner scoping,
 * zod refusals naming the field, the compare-and-set copy, stop, and the viewer's public route
 * (bounded per IP). The copies here are sealed with the real share-copy code; the server never
 * gets the key.
 */
import { describe, expect, it } from 'vitest';
import { sealShared } from '../../shared/crypto/share-copy';
import { boundTo, newShareBody, ownerWithDocument } from '../test/share-test-support';
import { createTestApp } from '../test/test-support';
import { SHARE_REQUESTS_PER_10_MIN } from './routes';
import { STOPPED_TEXT } from './service';

const owner = ownerWithDocument;
const bound = boundTo;

describe('share now: the routes', () => {
  it('the owner shares a document, sends a copy, the viewer reads it with no session, a newer copy follows, stop answers 410', async () => {
    const t = createTestApp();
    const o = await owner(t);
    const { key, body } = await newShareBody(o.userId, o.docId);
    const created = await t.call('POST', '/api/shares', body, o.cookie);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: body.shareId, phase: 'created', revision: 0, itemId: o.docId });
    expect((await t.call('GET', `/api/shared/${body.shareId}`)).status).toBe(409); // nothing sent yet
    const copy1 = await sealShared(key, bound(body), 'copy', 1, { documentName: 'Will' });
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy: copy1 }, o.cookie)).status).toBe(204);
    const seen = await t.call('GET', `/api/shared/${body.shareId}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ itemKind: 'document', revision: 1, copy: copy1, label: body.label });
    const copy2 = await sealShared(key, bound(body), 'copy', 2, { documentName: 'Will (2026)' });
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 1, copy: copy2 }, o.cookie)).status).toBe(204);
    const stale = await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 1, copy: copy1 }, o.cookie);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ revision: 2, issues: [{ path: 'after' }] });
    expect(((await (await t.call('GET', `/api/shared/${body.shareId}`)).json()) as { copy: string }).copy).toBe(copy2);
    const list = (await (await t.call('GET', `/api/shares?itemId=${o.docId}`, undefined, o.cookie)).json()) as { shares: Array<{ openedAt: string | null; phase: string }> };
    expect(list.shares).toHaveLength(1);
    expect(list.shares[0]!.openedAt).not.toBeNull();
    expect((await t.call('POST', `/api/shares/${body.shareId}/stop`, {}, o.cookie)).status).toBe(204);
    const gone = await t.call('GET', `/api/shared/${body.shareId}`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: string }).error).toBe(STOPPED_TEXT);
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 2, copy: copy2 }, o.cookie)).status).toBe(410);
    const after = (await (await t.call('GET', '/api/shares', undefined, o.cookie)).json()) as { shares: Array<Record<string, unknown>> };
    expect(after.shares[0]).toMatchObject({ phase: 'stopped', ownerWrap: null, label: null });
  });

  it('deleting the shared document stops its shares: the link answers 410 and the copy is deleted', async () => {
    const t = createTestApp();
    const o = await owner(t);
    const { key, body } = await newShareBody(o.userId, o.docId);
    expect((await t.call('POST', '/api/shares', body, o.cookie)).status).toBe(201);
    const copy = await sealShared(key, bound(body), 'copy', 1, { documentName: 'Will' });
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy }, o.cookie)).status).toBe(204);
    expect((await t.call('DELETE', `/api/documents/${o.docId}`, undefined, o.cookie)).status).toBeLessThan(300);
    expect((await t.call('GET', `/api/shared/${body.shareId}`)).status).toBe(410);
    const list = (await (await t.call('GET', '/api/shares', undefined, o.cookie)).json()) as { shares: Array<Record<string, unknown>> };
    expect(list.shares[0]).toMatchObject({ phase: 'stopped', ownerWrap: null, label: null });
    expect((await t.services.sharing.list(o.userId))[0]!.stoppedAt).not.toBeNull();
  });

  it('every owner route is scoped to the owner: another account\'s document, share, list and stop are 404 or empty', async () => {
    const t = createTestApp();
    const a = await owner(t);
    const b = await owner(t);
    const { body } = await newShareBody(b.userId, a.docId);
    const refused = await t.call('POST', '/api/shares', body, b.cookie); // b shares a's document
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ issues: [{ path: 'itemId' }] });
    const mine = await newShareBody(a.userId, a.docId);
    expect((await t.call('POST', '/api/shares', mine.body, a.cookie)).status).toBe(201);
    const copy = await sealShared(mine.key, bound(mine.body), 'copy', 1, 'x');
    expect((await t.call('PUT', `/api/shares/${mine.body.shareId}/copy`, { after: 0, copy }, b.cookie)).status).toBe(404);
    expect((await t.call('POST', `/api/shares/${mine.body.shareId}/stop`, {}, b.cookie)).status).toBe(404);
    expect(await (await t.call('GET', '/api/shares', undefined, b.cookie)).json()).toEqual({ shares: [] });
    expect((await t.call('GET', '/api/shares')).status).toBe(401);
    expect((await t.call('POST', '/api/shares', mine.body)).status).toBe(401);
  });

  it('bad input gets a 400 naming the field, and a plain-text copy or name is refused', async () => {
    const t = createTestApp();
    const o = await owner(t);
    const { key, body } = await newShareBody(o.userId, o.docId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body, shareId: 'short' }, 'shareId'],
      [{ ...body, itemKind: 'diary' }, 'itemKind'],
      [{ ...body, ownerKid: 'plan~1' }, 'ownerKid'],
      [{ ...body, ownerWrap: 'plain key' }, 'ownerWrap'],
      [{ ...body, label: 'Maria' }, 'label'],
      [{ ...body, email: 'maria@example.com' }, ''],
    ];
    for (const [bad, field] of cases) {
      const res = await t.call('POST', '/api/shares', bad, o.cookie);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; issues: Array<{ path: string }> };
      expect(json.error).toBeTruthy();
      expect(json.issues.map((i) => i.path)).toContain(field);
    }
    expect((await t.call('POST', '/api/shares', body, o.cookie)).status).toBe(201);
    const plain = await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy: 'The will is in the oak desk' }, o.cookie);
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ issues: [{ path: 'copy' }] });
    const huge = await sealShared(key, bound(body), 'copy', 1, 'x'.repeat(70_000));
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy: huge }, o.cookie)).status).toBe(400);
  });

  it('the viewer\'s route is bounded per address like the release links (then 429), and an unknown share is 404', async () => {
    const t = createTestApp();
    const headers = { 'X-Forwarded-For': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i <= SHARE_REQUESTS_PER_10_MIN; i++) last = (await t.call('GET', '/api/shared/AAAAAAAAAAAAAAAAAAAAAA', undefined, undefined, headers)).status;
    expect(last).toBe(429);
    expect((await createTestApp().call('GET', '/api/shared/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
