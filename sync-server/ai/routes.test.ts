/**
 * The AI endpoints (SPEC.md §7, DESIGN.md §4) through the real app over a temp SQLite file,
 * signed in with a real session (POST /api/auth/register), using the default provider.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createDefaultProvider } from '../../shared/ai';
import { snapshotOf } from '../../shared/ai/test-snapshot';
import type { AppEnv } from '../app-env';
import { handleError } from '../http/errors';
import { createTestApp, signUp } from '../test/test-support';
import { AI_RATE_LIMIT, AI_RATE_LIMIT_MESSAGE, AI_RATE_WINDOW_MS, aiRoutes } from './routes';

/** The test app with the AI routes in front of it, mounted as app.ts mounts them. */
function setup() {
  const t = createTestApp();
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.route(
    '/',
    aiRoutes(t.deps, t.services, { ai: createDefaultProvider() }),
  );
  app.route('/', t.app);
  const request = async (path: string, init: RequestInit): Promise<Response> => app.request(`http://localhost${path}`, init);
  const call = (method: string, path: string, body?: unknown, cookie?: string) =>
    request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { t: { ...t, call, request } };
}

const obituaryBody = {
  name: 'Grace Hopper',
  age: 65,
  location: 'Arlington',
  occupation: 'Professional',
  achievements: 'Pioneered computer programming languages',
  familyMembers: 'Her sister Mary and brother Roger',
  personalQualities: 'Witty and persistent',
  budget: 'premium',
};
const musicBody = { musicGenres: ['classical', 'folk', 'pop'], personalValues: ['nature'], spiritualBeliefs: 'Spiritual but not religious', budget: 'moderate' };
const automationBody = {
  taskType: 'legal',
  automationType: 'email',
  taskDetails: { title: 'Contact the probate office', description: 'Ask whether probate is needed', category: 'legal' },
};

describe('AI routes', () => {
  it('answer 401 without a session, on every endpoint', async () => {
    const { t } = setup();
    const calls = [
      t.call('GET', '/api/recommendations'),
      t.call('POST', '/api/astrological-insights', { birthdate: '1990-03-21', planType: 'general' }),
      t.call('POST', '/api/generate-obituary', obituaryBody),
      t.call('POST', '/api/suggest-music', musicBody),
      t.call('POST', '/api/survivor-tasks/generate-automation', automationBody),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not signed in' });
    }
  });

  it('recommendations: default budget moderate, differs by budget; POST uses the snapshot it was sent', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.call('GET', '/api/recommendations', undefined, cookie);
    expect(res.status).toBe(200);
    const moderate = (await res.json()) as { recommendations: { title: string; description: string }[] };
    expect(moderate.recommendations.length).toBeGreaterThanOrEqual(4);
    const explicit = await (await t.call('GET', '/api/recommendations?budget=moderate', undefined, cookie)).json();
    expect(explicit).toEqual(moderate);
    const budget = await (await t.call('GET', '/api/recommendations?budget=budget', undefined, cookie)).json();
    expect(budget).not.toEqual(moderate);
    const posted = await t.call('POST', '/api/recommendations', { snapshot: snapshotOf({ firstName: 'Grace' }) }, cookie);
    expect(posted.status).toBe(200);
    expect(JSON.stringify(await posted.json())).toContain('Grace');
  });

  it('GET /api/recommendations: an unknown budget is a 400 naming the field', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.call('GET', '/api/recommendations?budget=lavish', undefined, cookie);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toMatch(/budget/);
    expect(json.issues.map((i: { path: string }) => i.path)).toEqual(['budget']);
  });

  it('POST /api/astrological-insights answers the SPEC shape and validates both fields', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const ok = await t.call('POST', '/api/astrological-insights', { birthdate: '1990-12-22', planType: 'documents' }, cookie);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.insights).toContain('Capricorn');
    expect(Array.isArray(body.recommendations)).toBe(true);
    expect(body.elements).toEqual({ favorable: expect.any(Array), challenging: expect.any(Array) });

    const bad = await t.call('POST', '/api/astrological-insights', { birthdate: '22/12/1990', planType: 'tarot' }, cookie);
    expect(bad.status).toBe(400);
    const paths = (await bad.json()).issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['birthdate', 'planType']);
  });

  it('POST /api/generate-obituary answers { obituary } using every field; a bad age is a 400', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/generate-obituary', obituaryBody, cookie);
    expect(res.status).toBe(200);
    const { obituary } = await res.json();
    for (const v of ['Grace Hopper', '65', 'Arlington', 'Professional', obituaryBody.achievements, obituaryBody.familyMembers, obituaryBody.personalQualities]) {
      expect(obituary).toContain(v);
    }
    const bad = await t.call('POST', '/api/generate-obituary', { ...obituaryBody, age: 'old' }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.map((i: { path: string }) => i.path)).toEqual(['age']);
  });

  it('POST /api/suggest-music answers { songs }; a wrong type is a 400 naming the field', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/suggest-music', musicBody, cookie);
    expect(res.status).toBe(200);
    const { songs } = await res.json();
    expect(songs.length).toBeGreaterThanOrEqual(8);
    const bad = await t.call('POST', '/api/suggest-music', { ...musicBody, personalValues: 'nature' }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.map((i: { path: string }) => i.path)).toEqual(['personalValues']);
  });

  it('POST /api/survivor-tasks/generate-automation answers { automationContent } with the title', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/survivor-tasks/generate-automation', automationBody, cookie);
    expect(res.status).toBe(200);
    const { automationContent } = await res.json();
    expect(automationContent).toContain('Subject: Contact the probate office');
    const bad = await t.call('POST', '/api/survivor-tasks/generate-automation', { ...automationBody, automationType: 'fax' }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.map((i: { path: string }) => i.path)).toEqual(['automationType']);
  });

  it('rate limits per user across the AI endpoints: 429 with Retry-After, others unaffected, reset after the window', async () => {
    const { t } = setup();
    const first = await signUp(t);
    const second = await signUp(t);
    for (let i = 0; i < AI_RATE_LIMIT; i++) {
      const res =
        i % 2 === 0
          ? await t.call('GET', '/api/recommendations', undefined, first.cookie)
          : await t.call('POST', '/api/suggest-music', musicBody, first.cookie);
      expect(res.status).toBe(200);
    }
    const limited = await t.call('POST', '/api/generate-obituary', obituaryBody, first.cookie);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: AI_RATE_LIMIT_MESSAGE });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await t.call('GET', '/api/recommendations', undefined, second.cookie)).status).toBe(200);

    t.advance(AI_RATE_WINDOW_MS);
    expect((await t.call('GET', '/api/recommendations', undefined, first.cookie)).status).toBe(200);
  });

  it('a non-JSON body is a 415', async () => {
    const { t } = setup();
    const { cookie } = await signUp(t);
    const res = await t.request('/api/generate-obituary', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Cookie: cookie },
      body: 'name=Grace',
    });
    expect(res.status).toBe(415);
  });
});
