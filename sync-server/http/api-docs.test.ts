/**
 * docs/api.md names every route the app answers (issue 42 "Docs a person reads": the API
 * reference is checked against the routes). Each endpoint of Hono's `app.routes` (middleware,
 * registered for every method, aside) must appear in it as `METHOD /path`, written as the route
 * is (`:token`, `:id`…), so a new route without its documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/child-server';
import { createTestApp } from '../test/test-support';

describe('docs/api.md', () => {
  const t = createTestApp();
  afterAll(() => t.deps.db.close());

  it('names every route of the app as `METHOD /path`', () => {
    const doc = readFileSync(`${REPO_ROOT}docs/api.md`, 'utf8');
    const endpoints = [...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
    expect(endpoints.length).toBeGreaterThan(100);
    const missing = endpoints.filter((e) => !doc.includes(`\`${e}\``));
    expect(missing).toEqual([]);
  });
});
