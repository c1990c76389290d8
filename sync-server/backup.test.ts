/**
 * Backup and restore (issue #9 "Durability"): `scripts/backup.ts` copies the live database with
 * SQLite's online backup while the app holds it open, and a restored copy serves the same data.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '../scripts/backup';
import { createApp } from './app';
import { createServices } from './services';
import { REPO_ROOT } from './test/child-server';
import { loadConfig } from './config';
import { openDatabase } from './db/sqlite';
import { createTestApp, signUp } from './test/test-support';

describe('online backup and restore', () => {
  it('backs up a live database (WAL, open, with unflushed writes); the copy opens and holds the data', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    const created = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, cookie)).json();
    const dest = mkdtempSync(join(tmpdir(), 'afterword-backup-'));
    const file = await backupDatabase(join(t.deps.config.dataDir, 'afterword.db'), join(dest, 'copy.db'));
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const copy = openDatabase(file);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((copy.prepare('SELECT username FROM users').get() as { username: string }).username).toBe(body.username);
    const row = copy.prepare("SELECT state FROM records WHERE collection = 'trustees' AND id = ?").get(created.id) as { state: string };
    expect(JSON.parse(row.state).values.name).toBe('Sam');
    copy.close();
  });

  it('restore = copy the backup into DATA_DIR: the server then serves the same account and records', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    await t.call('POST', '/api/messages', { recipientName: 'Kim', recipientEmail: 'kim@example.com', messageType: 'text', messageContent: 'Thank you', deliveryDate: null }, cookie);
    const backup = await backupDatabase(join(t.deps.config.dataDir, 'afterword.db'), mkdtempSync(join(tmpdir(), 'afterword-backup-')));

    const restoredDir = mkdtempSync(join(tmpdir(), 'afterword-restored-'));
    copyFileSync(backup, join(restoredDir, 'afterword.db'));
    // The release key is kept apart from the data (escrow/release-key.ts) and restored with it.
    const config = loadConfig({ DATA_DIR: restoredDir, RELEASE_KEY_FILE: t.deps.config.releaseKey.file! });
    const restoredDeps = { config, db: openDatabase(join(restoredDir, 'afterword.db')), now: t.deps.now };
    const services = createServices(restoredDeps);
    await services.escrow.ready; // the restored database's check value matches the restored key
    const app = createApp(restoredDeps, services);
    const login = await app.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: body.username, password: body.password }),
    });
    expect(login.status).toBe(200);
    const restoredCookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const messages = await (await app.request('http://localhost/api/messages', { headers: { Cookie: restoredCookie } })).json();
    expect(messages.map((m: { messageContent: string }) => m.messageContent)).toEqual(['Thank you']);
  });

  it('`npm run backup -- <dir>` writes a checked copy from DATA_DIR', async () => {
    const t = createTestApp();
    await signUp(t);
    const dest = mkdtempSync(join(tmpdir(), 'afterword-backup-cli-'));
    const out = execFileSync('npm', ['run', '--silent', 'backup', '--', dest], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: t.deps.config.dataDir },
      encoding: 'utf8',
    });
    expect(out).toMatch(/Backed up .*afterword\.db to /);
    const files = readdirSync(dest);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^afterword-.*\.db$/);
    const copy = openDatabase(join(dest, files[0]!));
    expect(copy.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 1 });
    copy.close();
  });

  it('with DATABASE_URL it copies nothing and says to back up PostgreSQL and the bucket with their own tools', () => {
    const dest = mkdtempSync(join(tmpdir(), 'afterword-backup-pg-'));
    let out: { status: number | null; stderr: string } = { status: 0, stderr: '' };
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', dest], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: 'postgres://someone@db.example:5432/afterword', DATA_DIR: mkdtempSync(join(tmpdir(), 'afterword-data-')) },
        stdio: 'pipe',
      });
    } catch (err) {
      out = err as { status: number; stderr: string };
    }
    expect(out.status).toBe(2);
    expect(String(out.stderr)).toMatch(/DATABASE_URL is set.*pg_dump/s);
    expect(readdirSync(dest)).toEqual([]);
  });
});

