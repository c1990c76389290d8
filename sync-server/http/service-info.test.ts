/**
 * GET /api/service names the operator's support address (SUPPORT_EMAIL) for the Contact page,
 * signed out too, and null without one: never a made-up address. A bad SUPPORT_EMAIL stops the
 * server at start, naming the variable. The real app over a real SQLite file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/test-support';

const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

describe('GET /api/service (the Contact page’s address)', () => {
  it('names SUPPORT_EMAIL to anyone, signed out', async () => {
    const t = createTestApp({ SUPPORT_EMAIL: '  help@family-afterword.example ' });
    const res = await t.call('GET', '/api/service', undefined, undefined, crossSite);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ supportEmail: 'help@family-afterword.example' });
  });

  it('says null when the operator gave no address (not the address it mails from, which no one reads)', async () => {
    const t = createTestApp({ SMTP_URL: 'smtp://mail.example:25', PUBLIC_URL: 'https://afterword.example' });
    const res = await t.call('GET', '/api/service');
    expect(await res.json()).toEqual({ supportEmail: null });
  });

  it('a SUPPORT_EMAIL that is not one address stops the server at start, naming it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'aw-support-'));
    for (const bad of ['support', 'a@b.example, c@d.example', 'help@example.com\nBcc: x@evil.example']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: bad })).toThrow(/^SUPPORT_EMAIL must be one e-mail address/);
    }
    expect(loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: '' }).supportEmail).toBeUndefined();
  });
});
