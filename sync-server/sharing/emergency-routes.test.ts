/**
 * Emergency access through the real Hono app over a real SQLite file, the clock moved by the test
 * app's clock (docs/sharing.md "Emergency access"; issue 43). The owner's "device" makes each
 * trustee's gate, key E, wrap and sealed bundle with the real crypto (trustee-kit.ts emergencyKey,
 * share-copy.ts); the trustee opens with their kit's t. Each test also checks that the death path
 * is untouched: the release state, its activity and its e-mails stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { newRawKey } from '../../shared/crypto/wrap';
import { emergencySetup } from '../test/emergency-test-support';
import { kitCall, ownerWithTrustees } from '../test/kit-test-support';
import { outboxFiles } from '../test/release-test-support';
import { HOUR_MS } from './model/emergency';
import { CHOICE_CHANGED, STALE_CHOICE } from '../../shared/schema/trustee';

/** The death path after an emergency: the same as before, plus only the owner's emergency e-mail(s). */
function expectDeathPathUntouched(before: ReturnType<Awaited<ReturnType<typeof emergencySetup>>['deathPath']>, after: typeof before) {
  expect(after.state).toEqual(before.state);
  expect(after.activity).toEqual(before.activity);
  expect(after.emails.slice(0, before.emails.length)).toEqual(before.emails);
  expect(after.emails.slice(before.emails.length).every((k) => k === 'owner-emergency-requested')).toBe(true);
}

describe('emergency access: the routes, the wait and the gate', () => {
  it('unrefused: the owner is e-mailed who asked and how to refuse; after the wait the gate is served to that trustee only, and opens with their kit; the death path is untouched', async () => {
    const s = await emergencySetup();
    await s.put(0, 48);
    await s.put(1, 48);
    const before = s.deathPath();
    const asked = await s.ask(0);
    expect(asked.status, await asked.clone().text()).toBe(201);
    const req = (await asked.json()) as { id: string; phase: string; waitEndsAt: string };
    expect(req.phase).toBe('waiting');
    expect(Date.parse(req.waitEndsAt)).toBe(s.o.t.deps.now() + 48 * HOUR_MS);
    // Bert, second in the owner's order, may not ask while Maria's request runs.
    expect((await s.ask(1)).status).toBe(409);
    await s.pass(); // sends the e-mail
    const mail = outboxFiles(s.o.t.deps.config.dataDir).filter((e) => e.subject === 'A trustee has asked for emergency access on Afterword');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`${s.o.addr('maria')}, one of your trustees, has asked for emergency access`);
    expect(mail[0]!.text).toContain(`http://afterword.test/emergency/${req.id}`);
    expect(mail[0]!.text).toContain('refuse with one press');
    // Before the wait ends: no gate.
    s.o.t.advance(48 * HOUR_MS - 1000);
    await s.pass();
    expect((await s.view(0)).access).toBeNull();
    s.o.t.advance(2000);
    await s.pass();
    const v = await s.view(0);
    expect(v.request!.phase).toBe('granted');
    expect(await s.openAs(0, v.access!)).toEqual({ documents: [{ id: s.doc.id, documentName: 'Will' }] });
    expect((await s.view(1)).access).toBeNull(); // Bert gets nothing
    expectDeathPathUntouched(before, s.deathPath());
    const owner = await s.o.get<{ requests: Array<{ phase: string }> }>('/api/emergency');
    expect(owner.requests.map((r) => r.phase)).toEqual(['granted']);
  });

  it('refused within the wait: nothing is granted and the gate is never served; the next trustee in order may then ask', async () => {
    const s = await emergencySetup();
    await s.put(0, 2);
    await s.put(1, 2);
    const before = s.deathPath();
    expect((await s.ask(1)).status).toBe(403); // Maria comes first
    const req = (await (await s.ask(0)).json()) as { id: string };
    s.o.t.advance(HOUR_MS);
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/refuse`, {}, s.o.cookie)).status).toBe(204);
    s.o.t.advance(10 * HOUR_MS);
    await s.pass();
    const v = await s.view(0);
    expect(v.request!.phase).toBe('refused');
    expect(v.access).toBeNull();
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/end`, {}, s.o.cookie)).status).toBe(409);
    expect((await s.ask(1)).status).toBe(201); // Bert is asked next
    expectDeathPathUntouched(before, s.deathPath());
  });

  it('a trustee removed during the wait: the request is withdrawn and nothing is served', async () => {
    const s = await emergencySetup();
    await s.put(0, 2);
    const before = s.deathPath();
    const req = (await (await s.ask(0)).json()) as { id: string };
    expect((await s.o.t.call('DELETE', `/api/trustees/${s.made.kits[0]!.trusteeId}`, undefined, s.o.cookie)).status).toBeLessThan(300);
    await s.pass();
    s.o.t.advance(3 * HOUR_MS);
    await s.pass();
    expect((await s.o.t.services.emergency.overview(s.o.userId)).requests.find((r) => r.id === req.id)!.phase).toBe('withdrawn');
    expect((await kitCall(s.o, 'GET', `/api/kit/${s.tokens[0]}/emergency`)).status).toBe(404); // the kit of a removed trustee opens nothing
    expect(s.deathPath().state).toEqual(before.state);
  });

  it("tells the owner each time the trustee's page was handed the gate (issue 43: every opening on the timeline): none before the wait or after the end, a reload within a minute is one", async () => {
    const s = await emergencySetup();
    await s.put(0, 1);
    const req = (await (await s.ask(0)).json()) as { id: string };
    await s.pass();
    await s.view(0); // during the wait: nothing handed out, no opening
    s.o.t.advance(HOUR_MS);
    await s.pass();
    const first = s.o.t.deps.now();
    expect((await s.view(0)).access).not.toBeNull();
    s.o.t.advance(30_000);
    await s.view(0); // a reload within the minute: the same opening
    s.o.t.advance(5 * 60_000);
    const second = s.o.t.deps.now();
    await s.view(0);
    type Owner = { requests: Array<{ id: string; openings: string[] }> };
    expect((await s.o.get<Owner>('/api/emergency')).requests).toEqual([expect.objectContaining({ id: req.id, openings: [new Date(second).toISOString(), new Date(first).toISOString()] })]);
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/end`, {}, s.o.cookie)).status).toBe(204);
    s.o.t.advance(5 * 60_000);
    expect((await s.view(0)).access).toBeNull();
    expect((await s.o.get<Owner>('/api/emergency')).requests[0]!.openings).toHaveLength(2); // ended: nothing more handed out
  });

  it('the owner ends the emergency: the gate is no longer served', async () => {
    const s = await emergencySetup();
    await s.put(0, 1);
    const req = (await (await s.ask(0)).json()) as { id: string };
    s.o.t.advance(HOUR_MS);
    await s.pass();
    expect((await s.view(0)).access).not.toBeNull();
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/end`, {}, s.o.cookie)).status).toBe(204);
    const v = await s.view(0);
    expect(v.request!.phase).toBe('ended');
    expect(v.access).toBeNull();
  });

  it('a lying server that serves the gate before the wait: nothing opens without the trustee\'s kit secret', async () => {
    const s = await emergencySetup();
    const { body } = await s.put(0, 48);
    await s.ask(0);
    // The server hands out what it holds at once (gate, wrap, bundle: all it has), before the wait.
    const leaked = { gate: body.gate, wrap: body.wrap, bundle: body.bundle };
    await expect(s.openAs(0, leaked, new Uint8Array(16))).rejects.toThrow(); // the server's guess at t
    await expect(s.openAs(0, leaked, s.made.kits[1]!.kit.t)).rejects.toThrow(); // another trustee's kit
    await expect(s.openAs(0, { ...leaked, gate: toB64url(newRawKey()) })).rejects.toThrow(); // the trustee without the real gate
  });

  it('a lying server that claims the owner did not refuse: the route never serves the gate, and what it holds opens nothing without the trustee\'s kit', async () => {
    const s = await emergencySetup();
    const { body } = await s.put(0, 1);
    const req = (await (await s.ask(0)).json()) as { id: string };
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/refuse`, {}, s.o.cookie)).status).toBe(204);
    s.o.t.advance(2 * HOUR_MS);
    await s.pass();
    expect((await s.view(0)).access).toBeNull(); // the honest server serves nothing after a refusal
    const leaked = { gate: body.gate, wrap: body.wrap, bundle: body.bundle }; // a lying one hands out all it holds
    await expect(s.openAs(0, leaked, new Uint8Array(16))).rejects.toThrow();
    await expect(s.openAs(0, leaked, s.made.kits[1]!.kit.t)).rejects.toThrow();
    // The limit docs/sharing.md states: with the asking trustee's own kit it opens, early (the wait is the server's promise).
    expect(await s.openAs(0, leaked)).toEqual({ documents: [{ id: s.doc.id, documentName: 'Will' }] });
  });

  it('refuses bad input with the field named, another account\'s rows, and a trustee with no setting', async () => {
    const s = await emergencySetup();
    const { body } = await s.settingFor(0);
    const trusteeId = s.made.kits[0]!.trusteeId;
    for (const [bad, path] of [
      [{ ...body, waitHours: 0 }, 'waitHours'],
      [{ ...body, waitHours: 673 }, 'waitHours'],
      [{ ...body, gate: 'short' }, 'gate'],
      [{ ...body, bundle: 'plain words' }, 'bundle'],
      [{ ...body, items: [] }, 'items'],
      [{ ...body, extra: 1 }, 'extra'],
    ] as const) {
      const res = await s.o.t.call('PUT', `/api/emergency/trustees/${trusteeId}`, bad, s.o.cookie);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; issues: Array<{ path: string; message: string }> };
      expect(json.error).toBeTruthy();
      expect(json.issues.map((i) => `${i.path} ${i.message}`).join(' ')).toContain(path);
    }
    expect((await s.o.t.call('PUT', `/api/emergency/trustees/${trusteeId}`, { ...body, items: ['not-mine'] }, s.o.cookie)).status).toBe(404);
    expect((await s.ask(0)).status).toBe(403); // nothing set for Maria
    await s.put(0, 1);
    const req = (await (await s.ask(0)).json()) as { id: string };
    const other = await ownerWithTrustees(['eve'], [], s.o.t);
    expect((await s.o.t.call('PUT', `/api/emergency/trustees/${trusteeId}`, body, other.o.cookie)).status).toBe(404);
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/refuse`, {}, other.o.cookie)).status).toBe(404);
    expect((await other.o.get<{ requests: unknown[] }>('/api/emergency')).requests).toEqual([]);
    expect((await s.o.t.call('POST', `/api/emergency/requests/${req.id}/refuse`, {}, undefined)).status).toBe(401);
  });

  it('takes plan sections and task lists as items beside documents, by name, and refuses a letter or an unknown section', async () => {
    const s = await emergencySetup();
    const { body } = await s.settingFor(0);
    const trusteeId = s.made.kits[0]!.trusteeId;
    const put = (items: string[]) => s.o.t.call('PUT', `/api/emergency/trustees/${trusteeId}`, { ...body, items }, s.o.cookie);
    expect((await put([s.doc.id, 'plan-section:music', 'task-list:legal'])).status).toBe(204);
    expect((await s.o.get<{ settings: Array<{ items: string[] }> }>('/api/emergency')).settings[0]!.items).toEqual([s.doc.id, 'plan-section:music', 'task-list:legal']);
    const unknown = await put(['plan-section:diary']);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(await unknown.json())).toContain('items.0');
    expect((await put(['letter:abc'])).status).toBe(400);
  });

  it('refuses a setting sealed from an older emergency choice than the one it holds (409 naming choiceVersion), a refresh too, and keeps the newer', async () => {
    const s = await emergencySetup();
    const path = `/api/emergency/trustees/${s.made.kits[0]!.trusteeId}`;
    const put = async (body: Record<string, unknown>) => s.o.t.call('PUT', path, { ...(await s.settingFor(0)).body, ...body }, s.o.cookie);
    expect((await put({ choiceVersion: 2, waitHours: 24 })).status).toBe(204); // another device's narrower choice
    const stale = await put({ choiceVersion: 1, waitHours: 72 }); // a device that had not synced it
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: STALE_CHOICE, issues: [{ path: 'choiceVersion', message: expect.stringMatching(/older than the one saved/) }] });
    expect((await put({ choiceVersion: 1, waitHours: 72, refresh: true })).status).toBe(409);
    expect((await put({ waitHours: 72, refresh: true })).status).toBe(409); // no version: older than any
    const held = () => s.o.get<{ settings: Array<{ waitHours: number }> }>('/api/emergency');
    expect((await held()).settings.map((x) => x.waitHours)).toEqual([24]);
    expect((await put({ choiceVersion: 2, waitHours: 24, refresh: true })).status).toBe(204); // the same choice sealed again
    expect((await put({ choiceVersion: 3, waitHours: 12 })).status).toBe(204);
    expect((await held()).settings.map((x) => x.waitHours)).toEqual([12]);
    expect((await put({ choiceVersion: -1 })).status).toBe(400);
  });

  it('keeps the choice version rising past a remove: a stale device can neither set nor refresh its wider choice over the one saved after, and GET tells the highest (security review s22 H1)', async () => {
    const s = await emergencySetup();
    const trusteeId = s.made.kits[0]!.trusteeId;
    const path = `/api/emergency/trustees/${trusteeId}`;
    const put = async (body: Record<string, unknown>) => s.o.t.call('PUT', path, { ...(await s.settingFor(0)).body, ...body }, s.o.cookie);
    const state = () => s.o.get<{ settings: Array<{ waitHours: number; choiceVersion: number | null }>; choiceVersions: Record<string, number> }>('/api/emergency');
    expect((await put({ choiceVersion: 3, waitHours: 1 })).status).toBe(204); // the wide choice, on devices A and B
    expect((await s.o.t.call('DELETE', path, undefined, s.o.cookie)).status).toBe(200); // A removes it
    expect((await state()).choiceVersions).toEqual({ [trusteeId]: 3 });
    expect((await put({ choiceVersion: 1, waitHours: 72 })).status).toBe(409); // starting again at 1 is refused
    expect((await put({ choiceVersion: 4, waitHours: 72 })).status).toBe(204); // A's narrow choice, above the highest
    expect((await put({ choiceVersion: 3, waitHours: 1, refresh: true })).status).toBe(409); // B, not synced, re-seals the wide one
    expect((await put({ choiceVersion: 4, waitHours: 1 })).status).toBe(409); // one choice per version
    expect((await put({ choiceVersion: 5, waitHours: 1, refresh: true })).status).toBe(409); // a refresh re-seals the same choice only
    const held = await state();
    expect(held.settings.map((x) => [x.waitHours, x.choiceVersion])).toEqual([[72, 4]]);
    expect(held.choiceVersions).toEqual({ [trusteeId]: 4 });
    expect((await put({ choiceVersion: 4, waitHours: 72, refresh: true })).status).toBe(204); // A's refresh of its own choice
  });

  it('forgets the choice versions kept for a trustee once the trustee is removed (issue 43 leftovers s23, 2)', async () => {
    const s = await emergencySetup();
    const [maria, bert] = [s.made.kits[0]!.trusteeId, s.made.kits[1]!.trusteeId];
    for (const [i, id] of [maria, bert].entries()) {
      expect((await s.o.t.call('PUT', `/api/emergency/trustees/${id}`, { ...(await s.settingFor(i)).body, choiceVersion: 3 }, s.o.cookie)).status).toBe(204);
      expect((await s.o.t.call('DELETE', `/api/emergency/trustees/${id}`, undefined, s.o.cookie)).status).toBe(200);
    }
    const marks = () => s.o.t.deps.db.prepare<[string], { trustee_id: string }>('SELECT trustee_id FROM emergency_choice_marks WHERE user_id = ?').all(s.o.userId).map((r) => r.trustee_id);
    expect(marks().sort()).toEqual([maria, bert].sort());
    expect((await s.o.t.call('DELETE', `/api/trustees/${maria}`, undefined, s.o.cookie)).status).toBeLessThan(300);
    expect(marks()).toEqual([bert]);
    expect((await s.o.get<{ choiceVersions: Record<string, number> }>('/api/emergency')).choiceVersions).toEqual({ [bert]: 3 });
  });

  it('takes a new choice only over the choice it was edited from (basedOn): a copy saved offline never overwrites a Remove or a change made meanwhile on another device (security review #20 #1)', async () => {
    const s = await emergencySetup();
    const trusteeId = s.made.kits[0]!.trusteeId;
    const path = `/api/emergency/trustees/${trusteeId}`;
    const put = async (body: Record<string, unknown>) => s.o.t.call('PUT', path, { ...(await s.settingFor(0)).body, ...body }, s.o.cookie);
    const held = async () => (await s.o.get<{ settings: Array<{ waitHours: number; choiceVersion: number | null }> }>('/api/emergency')).settings.map((x) => [x.waitHours, x.choiceVersion]);
    expect((await put({ choiceVersion: 1, waitHours: 24, basedOn: 2 })).status).toBe(409); // none held: only a choice edited from none
    expect((await put({ choiceVersion: 3, waitHours: 24, basedOn: 0 })).status).toBe(204);
    expect((await s.o.t.call('DELETE', path, undefined, s.o.cookie)).status).toBe(200); // device B removes it
    const stale = await put({ choiceVersion: 4, waitHours: 1, basedOn: 3 }); // device A's choice, edited offline from 3
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: CHOICE_CHANGED, issues: [{ path: 'basedOn', message: expect.stringMatching(/changed or removed/) }] });
    expect(await held()).toEqual([]); // the Remove stands
    expect((await put({ choiceVersion: 4, waitHours: 12, basedOn: 0 })).status).toBe(204); // re-applied over what is held now
    expect((await put({ choiceVersion: 5, waitHours: 6, basedOn: 4 })).status).toBe(204); // device B's change
    const older = await put({ choiceVersion: 6, waitHours: 1, basedOn: 4 }); // device A's, edited from 4 too
    expect(older.status).toBe(409);
    expect(((await older.json()) as { error: string }).error).toBe(CHOICE_CHANGED);
    expect((await put({ choiceVersion: 6, waitHours: 1, basedOn: 0 })).status).toBe(409); // edited from none while one is held
    expect(await held()).toEqual([[6, 5]]);
    expect((await put({ choiceVersion: 6, waitHours: 1, basedOn: 5 })).status).toBe(204);
    expect((await put({ choiceVersion: 7, basedOn: -1 })).status).toBe(400);
  });

  it('deletes a deleted trustee\'s setting, gate, wrap and bundle with them, and keeps the others\' (security review s23 L3)', async () => {
    const s = await emergencySetup();
    const [maria, bert] = [s.made.kits[0]!.trusteeId, s.made.kits[1]!.trusteeId];
    await s.put(0);
    await s.put(1);
    expect((await s.o.t.call('DELETE', `/api/trustees/${maria}`, undefined, s.o.cookie)).status).toBeLessThan(300);
    const rows = s.o.t.deps.db.prepare<[string], { trustee_id: string }>('SELECT trustee_id FROM emergency_settings WHERE user_id = ?').all(s.o.userId);
    expect(rows.map((r) => r.trustee_id)).toEqual([bert]);
    expect((await s.o.get<{ settings: Array<{ trusteeId: string }> }>('/api/emergency')).settings.map((x) => x.trusteeId)).toEqual([bert]);
  });
});
