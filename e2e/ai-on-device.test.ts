/**
 * The AI helpers run on the device (DESIGN.md §4) in the built app in Chromium: offline, 'Suggest
 * music' fills the plan's music from the built-in helper; with a model configured on the server
 * (a fake OpenAI-compatible server on loopback), the consent dialog shows the exact values first,
 * Cancel sends nothing (neither to our server nor to the model), and "Use the built-in helper
 * instead" answers on the device.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, freePort, goOffline, hasChromium, mobileContext, poll, useBrowserSuite } from './harness';
import { expectToast, signedInPage } from './record-screens';

const openAiPort = await freePort();
const modelRequests: string[] = [];
let fakeModel: Server;

beforeAll(async () => {
  fakeModel = createServer((req: IncomingMessage, res: ServerResponse) => {
    modelRequests.push(req.url ?? '');
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":"not expected"}');
  });
  await new Promise<void>((resolve) => fakeModel.listen(openAiPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  fakeModel.closeAllConnections();
  await new Promise((resolve) => fakeModel.close(resolve));
});

/** SPEC.md §7: the AI routes a request with plan content would go to. */
const AI_PATHS = ['/api/recommendations', '/api/astrological-insights', '/api/generate-obituary', '/api/suggest-music', '/api/survivor-tasks/generate-automation'];

/** Every request the page makes to an AI route after this call. */
function aiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (AI_PATHS.includes(path)) seen.push(`${r.method()} ${path}`);
  });
  return seen;
}

describe.skipIf(!hasChromium)('AI helpers on the device, no model on the server', () => {
  const suite = useBrowserSuite();

  it('offline, a music suggestion appears in the plan editor and nothing is sent', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/death-plan');
    const seen = aiRequests(page);
    await goOffline(context);
    await page.getByRole('tab', { name: 'Music' }).click();
    for (const kind of ['Classical', 'Folk', 'Pop']) await page.getByRole('checkbox', { name: kind }).check();
    await page.getByRole('button', { name: 'Suggest music' }).click();
    await expectToast(page, 'Music suggestions', 'AI has suggested music based on your preferences.');
    const songs = page.getByRole('list', { name: 'Music selections' }).getByRole('listitem');
    await poll(() => songs.count()).toBeGreaterThanOrEqual(8);
    expect(seen).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });
});

describe.skipIf(!hasChromium)('AI helpers with a model on the server', () => {
  const suite = useBrowserSuite({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `http://127.0.0.1:${openAiPort}/v1`, OPENAI_TIMEOUT_MS: '3000' } });

  it('shows what will be sent; Cancel sends nothing; the built-in helper answers on the device', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/death-plan', mobileContext);
    modelRequests.length = 0;
    const seen = aiRequests(page);
    await page.getByRole('tab', { name: 'Music' }).click();
    for (const kind of ['Classical', 'Folk', 'Pop']) await page.getByRole('checkbox', { name: kind }).check();
    await page.getByRole('button', { name: 'Suggest music' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to the AI service?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("This sends your plan's music and values to the AI service configured by your server");
    const values = dialog.getByRole('definition');
    // Only what the person chose and wrote: no default values or beliefs are invented for them.
    expect(await values.allTextContents()).toEqual(['classical, folk, pop', '—', '—', 'Moderate']);
    await expectNoSeriousA11yViolations(page, 'AI consent dialog at 390 px');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const songs = page.getByRole('list', { name: 'Music selections' }).getByRole('listitem');
    expect(await songs.count()).toBe(0);
    expect(seen).toEqual([]);
    expect(modelRequests).toEqual([]);

    await page.getByRole('button', { name: 'Suggest music' }).click();
    await dialog.getByRole('button', { name: 'Use the built-in helper instead' }).click();
    await expectToast(page, 'Music suggestions', 'AI has suggested music based on your preferences.');
    await poll(() => songs.count()).toBeGreaterThanOrEqual(8);
    expect(seen).toEqual([]);
    expect(modelRequests).toEqual([]);
    await context.close();
  });
});
