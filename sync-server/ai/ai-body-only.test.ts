/**
 * The AI routes answer from the request body only (DESIGN.md §4, SECURITY.md: the server holds
 * sealed content and reads none of it for AI): through the real app over a temp SQLite file, an
 * account whose own records carry a canary never sees it in an AI answer unless the body sent it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../../shared/ai/test-snapshot';
import { createTestApp, signUp } from '../test/test-support';

const CANARY = 'Zqxcanaryfirst';

/** A fake OpenAI-compatible model on loopback (as in ai/openai-provider.test.ts): records every request body, answers 500 (the built-in answer follows). */
const modelBodies: string[] = [];
let model: Server;
let modelURL: string;
beforeAll(async () => {
  model = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      modelBodies.push(raw);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"down"}}');
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  modelURL = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

describe('AI routes read no record of the person', () => {
  it('GET /api/recommendations answers without the name stored on the account', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t, { firstName: CANARY });
    const res = await t.call('GET', '/api/recommendations?budget=moderate', undefined, cookie);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text).recommendations.length).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain(CANARY);
  });

  it('POST /api/recommendations answers from the snapshot in the body, not from the account', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t, { firstName: CANARY });
    const res = await t.call('POST', '/api/recommendations', { budget: 'budget', snapshot: snapshotOf({ firstName: 'Bodyname' }) }, cookie);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Bodyname');
    expect(text).not.toContain(CANARY);
  });

  it('POST /api/recommendations: a bad snapshot is a 400 naming the field; no session is a 401', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const bad = await t.call('POST', '/api/recommendations', { snapshot: snapshotOf({ planCompletion: 140 }) }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.map((i: { path: string }) => i.path)).toEqual(['snapshot.planCompletion']);
    const missing = await t.call('POST', '/api/recommendations', { budget: 'moderate' }, cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).issues.map((i: { path: string }) => i.path)).toEqual(['snapshot']);
    expect((await t.call('POST', '/api/recommendations', { snapshot: snapshotOf() })).status).toBe(401);
  });

  it('GET /api/ai/provider says builtin without a key and openai with one; a session is required', async () => {
    const plain = createTestApp();
    const a = await signUp(plain);
    expect(await (await plain.call('GET', '/api/ai/provider', undefined, a.cookie)).json()).toEqual({ provider: 'builtin' });
    expect((await plain.call('GET', '/api/ai/provider')).status).toBe(401);
    const keyed = createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const b = await signUp(keyed);
    expect(await (await keyed.call('GET', '/api/ai/provider', undefined, b.cookie)).json()).toEqual({ provider: 'openai' });
  });

  it('with a model, what reaches the model comes from the body only, never from the account', async () => {
    const t = createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: modelURL });
    const { cookie } = await signUp(t, { firstName: CANARY, lastName: `${CANARY}last` });
    modelBodies.length = 0;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/recommendations?budget=premium', undefined],
      ['POST', '/api/recommendations', { snapshot: snapshotOf({ firstName: 'Bodyname', beliefs: 'Bodybelief' }) }],
      ['POST', '/api/suggest-music', { musicGenres: ['folk'], personalValues: ['nature'], spiritualBeliefs: 'Bodybelief', budget: 'budget' }],
      ['POST', '/api/astrological-insights', { birthdate: '1990-03-21', planType: 'general' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, body, cookie);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain(CANARY);
    }
    expect(modelBodies.length).toBe(calls.length);
    expect(modelBodies.join('\n')).toContain('Bodybelief');
    for (const body of modelBodies) expect(body).not.toContain(CANARY);
  });
});
