/**
 * The trustee's page tells the owner's timeline when it opened the emergency bundle (issue 43 "every
 * opening"; docs/sharing.md "Emergency access"): POST /api/kit/:token/emergency/opened, through the
 * real Hono app over a real SQLite file and the test clock. Kept once per grant (the first time),
 * only for the trustee's own latest request while it is granted; a wrong token, another request, a
 * request not granted or ended, bad input and too many calls are refused.
 */
import { describe, expect, it } from 'vitest';
import { emergencySetup } from '../test/emergency-test-support';
import { kitCall } from '../test/kit-test-support';
import { HOUR_MS } from './model/emergency';
import { KIT_REQUESTS_PER_10_MIN } from '../release/kits/public-routes';
import { kitApi } from '../../web/release/kit/api';
import { tellOpened } from '../../web/release/kit/emergency-state';

type Owner = { requests: Array<{ id: string; openedAt: string | null }> };

/** Maria's request, granted after a one-hour wait, and how her page tells it opened the bundle. */
async function granted() {
  const s = await emergencySetup();
  await s.put(0, 1);
  const req = (await (await s.ask(0)).json()) as { id: string };
  await s.pass();
  const tell = (body: unknown, i = 0) => kitCall(s.o, 'POST', `/api/kit/${s.tokens[i]}/emergency/opened`, body);
  return { s, req, tell };
}

describe("the trustee's page tells the owner's timeline when it opened the emergency bundle", () => {
  it('is kept once per grant, the first time, and shown to the owner; telling again answers the same', async () => {
    const { s, req, tell } = await granted();
    expect((await tell({ requestId: req.id })).status).toBe(409); // during the wait: nothing can have opened
    s.o.t.advance(HOUR_MS);
    await s.pass();
    expect(await s.openAs(0, (await s.view(0)).access!)).toBeTruthy();
    const first = new Date(s.o.t.deps.now()).toISOString();
    const res = await tell({ requestId: req.id });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ openedAt: first });
    s.o.t.advance(10 * 60_000);
    expect(await (await tell({ requestId: req.id })).json()).toEqual({ openedAt: first }); // a reload: the same
    expect((await s.o.get<Owner>('/api/emergency')).requests).toEqual([expect.objectContaining({ id: req.id, openedAt: first })]);
  });

  it("refuses another trustee's token, another request, an ended emergency, bad input and an unknown token", async () => {
    const { s, req, tell } = await granted();
    s.o.t.advance(HOUR_MS);
    await s.pass();
    expect((await tell({ requestId: req.id }, 1)).status).toBe(404); // Bert's kit: not his request
    expect((await tell({ requestId: 'another-request' })).status).toBe(404);
    const bad = await tell({ requestId: 'no spaces!' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: 'requestId' })] });
    expect((await tell({ requestId: req.id, extra: 1 })).status).toBe(400);
    expect((await kitCall(s.o, 'POST', '/api/kit/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/emergency/opened', { requestId: req.id })).status).toBe(404);
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/end`, {}, s.o.cookie)).status).toBe(204);
    expect((await tell({ requestId: req.id })).status).toBe(409); // ended: the page can no longer have been handed the key
    expect((await s.o.get<Owner>('/api/emergency')).requests[0]!.openedAt).toBeNull();
  });

  it("the page's own call (kitApi, tellOpened) tells it once the bundle opened, and never stands in the trustee's way", async () => {
    const { s, req } = await granted();
    const page = kitApi(s.tokens[0]!, async (url, init) => s.o.t.app.request(url, init));
    expect(await tellOpened(page, await page.emergency())).toBe(false); // waiting: refused (409), said nowhere but the log
    s.o.t.advance(HOUR_MS);
    await s.pass();
    const e = await page.emergency();
    expect(await s.openAs(0, e.access!)).toBeTruthy();
    expect(await tellOpened(page, e)).toBe(true);
    expect((await s.o.get<Owner>('/api/emergency')).requests[0]).toMatchObject({ id: req.id, openedAt: new Date(s.o.t.deps.now()).toISOString() });
    const offline = kitApi(s.tokens[0]!, async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await tellOpened(offline, e)).toBe(false);
  });

  it('is rate limited per address like the other kit routes', async () => {
    const { req, tell } = await granted();
    const statuses: number[] = [];
    for (let i = 0; i <= KIT_REQUESTS_PER_10_MIN; i++) statuses.push((await tell({ requestId: req.id })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("is refused (409) while the server has handed no page of this request the key: the timeline never says opened without it (review s27)", async () => {
    const { s, req, tell } = await granted();
    s.o.t.advance(HOUR_MS);
    await s.pass(); // granted, and no page has read it yet
    const early = await tell({ requestId: req.id });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: 'requestId' })] });
    expect((await s.o.get<Owner>('/api/emergency')).requests[0]!.openedAt).toBeNull();
    expect((await s.view(0)).access).toBeTruthy(); // the page is handed the key
    expect((await tell({ requestId: req.id })).status).toBe(200);
  });
});
