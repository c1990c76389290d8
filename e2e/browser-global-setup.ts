/**
 * The e2e project's global setup (vitest.config.ts): ONE Chromium for the whole run, which every
 * test file connects to (harness.ts launchBrowser) instead of starting its own (a start is ~0.6 s
 * of a loaded 2-core machine's time, 40 times a run). Each test still gets fresh contexts: own
 * cookies, storage and service workers. Files that need other flags (fake media) launch their own.
 * Without Chromium nothing is started; the harness then says what is missing (or skips locally).
 * It also bundles the server once (sync-server/test/server-bundle.ts) for every file's server to start from.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../sync-server/test/server-bundle';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint for chromium.connect, or '' when none was started. */
    chromiumWsEndpoint: string;
    /** The server bundled once for the run (sync-server/test/server-bundle.ts), which harness.ts startServer runs. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Every file starts its own server (about 55 a run): from one bundle, not through tsx each time.
  const bundle = await bundleServer();
  project.provide('serverBundle', bundle);
  const removeBundle = () => rmSync(dirname(bundle), { recursive: true, force: true });
  if (!existsSync(CHROMIUM_PATH)) {
    project.provide('chromiumWsEndpoint', '');
    return async () => removeBundle();
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    removeBundle();
  };
}
