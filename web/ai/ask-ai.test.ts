/**
 * The AI helpers on the device (DESIGN.md §4): with the network off they answer from the
 * device's own records (real Dexie over fake-indexeddb); with a model on the server (the real
 * Hono app over a temp SQLite file) nothing is sent before the person pressed Send.
 */
import { describe, expect, it } from 'vitest';
import { createDefaultProvider } from '../../shared/ai';
import { snapshotOf } from '../../shared/ai/test-snapshot';
import { createTestApp, signUp, type TestApp } from '../../sync-server/test/test-support';
import { ApiError, apiFetch } from '../api/client';
import { openOnDevice } from '../db/test-device';
import { AiCancelled, type AskAiDeps, askAi } from './ask-ai';
import { consentValues } from './ask-server';
import type { ConsentChoice, ConsentRequest } from './consent-store';
import { deviceSnapshot } from './device-snapshot';

const musicBody = { musicGenres: ['classical', 'folk', 'pop'], personalValues: ['nature'], spiritualBeliefs: 'Quaker', budget: 'moderate' as const };

/** An `api` for askAi that calls the real app as `cookie` and records each request. */
function apiOver(t: TestApp, cookie: string, sent: { path: string; body?: unknown }[]): AskAiDeps['api'] {
  return (async (path: string, init: { method?: string; body?: unknown } = {}) => {
    sent.push({ path, body: init.body });
    const res = await t.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie);
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, res.statusText);
    return JSON.parse(text);
  }) as AskAiDeps['api'];
}

const refuseConsent = async (): Promise<ConsentChoice> => {
  throw new Error('consent asked');
};

describe('AI helpers on the device', () => {
  it('offline: recommendations from the Dexie snapshot and music answer without the network', async () => {
    const db = await openOnDevice('u-offline', () => Date.UTC(2026, 10, 26));
    await db.dexie.entities('profile').put({ id: 'u-offline', firstName: 'Odile', values: ['nature'], beliefs: 'Quaker' } as never);
    await db.dexie.entities('deathPlan').put({ id: 'u-offline', funeralType: 'green_burial', musicSelections: [], readings: [] } as never);
    const called: string[] = [];
    const deps: AskAiDeps = {
      api: ((path: string, init?: object) => {
        called.push(path);
        return apiFetch(path, init);
      }) as AskAiDeps['api'],
      online: () => false,
      consent: refuseConsent,
    };
    const snapshot = await deviceSnapshot(db);
    expect(snapshot).toMatchObject({ firstName: 'Odile', values: ['nature'], hasPlan: true, funeralType: 'green_burial' });
    const recs = await askAi('recommendations', { budget: 'budget', snapshot }, deps);
    expect(recs).toEqual(await createDefaultProvider().recommendations({ budget: 'budget', snapshot }));
    expect(JSON.stringify(recs)).toContain('Odile');
    const music = await askAi('music', musicBody, deps);
    expect(music.songs.length).toBeGreaterThanOrEqual(8);
    expect(called).toEqual([]);
    db.close();
  });

  it('a server without a model: answered on the device, no consent asked, only the provider is asked', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const sent: { path: string; body?: unknown }[] = [];
    const deps: AskAiDeps = { api: apiOver(t, cookie, sent), online: () => true, consent: refuseConsent };
    const music = await askAi('music', musicBody, deps);
    expect(music).toEqual(await createDefaultProvider().music(musicBody));
    expect(sent).toEqual([{ path: '/api/ai/provider', body: undefined }]);
  });

  it('a server with a model: Cancel sends nothing, the built-in choice answers here, Send posts exactly what was shown', async () => {
    const t = createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_TIMEOUT_MS: '2000' });
    const { cookie } = await signUp(t);
    const sent: { path: string; body?: unknown }[] = [];
    const asked: ConsentRequest[] = [];
    let choice: ConsentChoice = 'cancel';
    const deps: AskAiDeps = {
      api: apiOver(t, cookie, sent),
      online: () => true,
      consent: async (request) => {
        asked.push(request);
        return choice;
      },
    };
    await expect(askAi('music', musicBody, deps)).rejects.toBeInstanceOf(AiCancelled);
    expect(sent.map((s) => s.path)).toEqual(['/api/ai/provider']);
    expect(asked[0]!.subject).toBe("your plan's music and values");
    expect(asked[0]!.values).toEqual([
      ['Music genres', 'classical, folk, pop'],
      ['Values', 'Nature & Environment'],
      ['Beliefs', 'Quaker'],
      ['Budget level', 'Moderate'],
    ]);

    choice = 'builtin';
    expect(await askAi('music', musicBody, deps)).toEqual(await createDefaultProvider().music(musicBody));
    expect(sent.map((s) => s.path)).toEqual(['/api/ai/provider', '/api/ai/provider']);

    choice = 'send';
    const snapshot = snapshotOf({ firstName: 'Sent' });
    const recs = await askAi('recommendations', { budget: 'premium', snapshot }, deps);
    expect(recs.recommendations.length).toBeGreaterThanOrEqual(4);
    // The first name stays on the device (the model is never given it); the dialog lists the rest.
    expect(sent.at(-1)).toEqual({ path: '/api/recommendations', body: { budget: 'premium', snapshot: { ...snapshot, firstName: '' } } });
    expect(JSON.stringify(sent)).not.toContain('Sent');
    expect(asked.at(-1)!.subject).toBe("your plan's summary and values");
    expect(asked.at(-1)!.values).toContainEqual(['Documents will', '0']);
    expect(asked.at(-1)!.values).toContainEqual(['Has a plan', 'No']);
    expect(asked.at(-1)!.values.map(([label]) => label)).not.toContain('First name');
  });

  it('a screen that loads answers on the device: the model is asked only when the person asks (no dialog on opening the dashboard)', async () => {
    const t = createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_TIMEOUT_MS: '2000' });
    const { cookie } = await signUp(t);
    const sent: { path: string; body?: unknown }[] = [];
    const asked: ConsentRequest[] = [];
    const deps: AskAiDeps = {
      api: apiOver(t, cookie, sent),
      online: () => true,
      consent: async (request) => {
        asked.push(request);
        return 'cancel';
      },
    };
    const snapshot = snapshotOf({ firstName: 'Loaded' });
    const recs = await askAi('recommendations', { budget: 'moderate', snapshot }, deps, { asked: false });
    expect(recs).toEqual(await createDefaultProvider().recommendations({ budget: 'moderate', snapshot }));
    expect(asked).toEqual([]);
    expect(sent).toEqual([]);
    // Refresh is the person asking: now the dialog shows what would be sent.
    await expect(askAi('recommendations', { budget: 'moderate', snapshot }, deps, { asked: true })).rejects.toBeInstanceOf(AiCancelled);
    expect(asked).toHaveLength(1);
  });

  it('the consent dialog names values with their labels', () => {
    const values = consentValues({ budget: 'premium', snapshot: snapshotOf({ funeralType: 'celebration_of_life', values: ['family'], hasPlan: true }) });
    expect(values).toContainEqual(['Funeral type', 'Celebration of Life']);
    expect(values).toContainEqual(['Values', 'Family & Relationships']);
    expect(values).toContainEqual(['Budget level', 'Premium']);
    expect(values).toContainEqual(['Has a plan', 'Yes']);
    expect(values).toContainEqual(['Burial preference', '—']);
  });
});
