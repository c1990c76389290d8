import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';
import { openDatabase } from './sqlite';

/** A real database file, and a second connection that counts the commits made by the first. */
function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'afterword-group-')), 'test.db');
  const db = openDatabase(file);
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
  const observer = new Database(file, { readonly: true });
  const commits = () => observer.pragma('data_version', { simple: true }) as number;
  const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
  const rows = () => observer.prepare('SELECT k, v FROM t ORDER BY k').all();
  return { db, commits, insert, rows };
}

describe('group commit (issue #20): one transaction per event-loop turn, each write still all-or-nothing', () => {
  it('writes queued in one turn commit together, once; each gets its own result', async () => {
    const { db, commits, insert, rows } = setup();
    const group = createGroupCommit(db);
    const before = commits();
    const results = await Promise.all(['a', 'b', 'c'].map((k, i) => group.run(() => insert.run(k, i).changes)));
    expect(results).toEqual([1, 1, 1]);
    expect(commits() - before).toBe(1);
    expect(rows()).toEqual([{ k: 'a', v: 0 }, { k: 'b', v: 1 }, { k: 'c', v: 2 }]);
    await group.run(() => insert.run('d', 3));
    expect(commits() - before).toBe(2); // a later turn is a new batch
  });

  it('a write that throws is rolled back alone and rejects alone; the rest of its batch commits', async () => {
    const { db, insert, rows } = setup();
    const group = createGroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(() => insert.run('a', 1)),
      group.run(() => {
        insert.run('half', 1); // written, then undone with its savepoint
        throw new Error('refused');
      }),
      group.run(() => insert.run('a', 2)), // a constraint error: this write alone fails
      group.run(() => insert.run('c', 3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(rows()).toEqual([{ k: 'a', v: 1 }, { k: 'c', v: 3 }]);
  });

  it('nothing resolves before the commit: a caller never acknowledges what a crash could lose', async () => {
    const { db, insert, rows } = setup();
    const group = createGroupCommit(db);
    let resolved = false;
    const pending = group.run(() => insert.run('a', 1)).then(() => {
      resolved = true;
      return rows();
    });
    expect(resolved).toBe(false);
    expect(rows()).toEqual([]);
    expect(await pending).toEqual([{ k: 'a', v: 1 }]); // committed, as another connection sees it, when it resolves
  });
});
