import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { createAccountStore } from '../accounts/store/sqlite-account-store';
import { openDatabase, type Db } from './sqlite';
import { createSqliteRecordStore } from '../records/store/sqlite-record-store';
import { createReleaseStore } from '../release/store/sqlite-release';
import { createUsageReader } from '../records/store/usage';
import { createSqliteEmergencyStore } from '../sharing/store/emergency-store';
import { createSqliteReminderStore } from '../sharing/store/reminder-store';

/** The real database, recording the SQL of every statement prepared through it. */
function recordingDb(): { db: Db; prepared: string[] } {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-plans-')), 'test.db'));
  const prepared: string[] = [];
  const spy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  createSqliteRecordStore(spy, ACCOUNT_LIMITS);
  createUsageReader(spy);
  createAccountStore(spy);
  createReleaseStore(spy);
  createSqliteEmergencyStore(spy);
  createSqliteReminderStore(spy);
  return { db, prepared };
}

describe("per-account reads touch only that account's rows (issue #20)", () => {
  it('every SELECT by user_id searches an index on user_id first, never another account’s rows', () => {
    const { db, prepared } = recordingDb();
    const perAccount = prepared.filter((sql) => /^\s*SELECT/i.test(sql) && /\buser_id = \?/.test(sql));
    expect(perAccount.length).toBeGreaterThanOrEqual(5);
    for (const sql of perAccount) {
      const params = Array.from({ length: sql.split('?').length - 1 }, () => null);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
      // e.g. the list of one collection once searched records_collection_seq (collection=?): every account's rows of it.
      // A sum of scalar subqueries (an account's side bytes, records/store/usage.ts) starts with SCAN CONSTANT ROW:
      // then every table it reads must be such a search.
      const reads = plan.filter((line) => /^(SEARCH|SCAN) /.test(line) && line !== 'SCAN CONSTANT ROW');
      expect(reads.length, `${sql}\n${plan.join('\n')}`).toBeGreaterThan(0);
      for (const line of plan[0] === 'SCAN CONSTANT ROW' ? reads : [plan[0]!]) {
        expect(line, `${sql}\n${plan.join('\n')}`).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \(user_id=\?/);
      }
    }
  });

  it("a collection's latest sequence is one index seek, not a read of each of its records (the list cache's key, read after every change)", () => {
    const { db, prepared } = recordingDb();
    const latestOf = prepared.filter((sql) => /MAX\(\+?seq\)/.test(sql) && /collection = \?/.test(sql));
    expect(latestOf).toHaveLength(1);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${latestOf[0]}`).all(null, null) as { detail: string }[]).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/USING COVERING INDEX \w+ \(user_id=\? AND collection=\?\)/);
  });
});

describe('the e-mail queue reads by time (issue 40, finding 4)', () => {
  it("a daily quota counts the account's e-mails sent since a time with one index range, not a read of all its e-mails", () => {
    const { db, prepared } = recordingDb();
    const quotaSent = prepared.filter((sql) => /MIN\(COALESCE\(sent_at, written_at\)\)/.test(sql));
    expect(quotaSent).toHaveLength(1);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${quotaSent[0]}`).all(null, null, null) as { detail: string }[]).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/SEARCH release_emails USING (COVERING )?INDEX release_emails_quota_sent \(user_id=\? AND quota=\? AND <expr>>\?\)/);
  });

  it('finished e-mails are found by when they finished', () => {
    const { db, prepared } = recordingDb();
    const purge = prepared.filter((sql) => /^\s*DELETE FROM release_emails WHERE id IN/.test(sql));
    expect(purge).toHaveLength(1);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${purge[0]}`).all({ before: 0, unseenBefore: 0, limit: 1 }) as { detail: string }[]).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/SEARCH release_emails USING INDEX release_emails_finished \(<expr><\?\)/);
  });
});

describe("the scheduler's reads for emergency gates and the yearly sharing reminder (issue 43)", () => {
  const planOf = (db: Db, sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...sql.split('?').slice(1).map(() => 0)) as { detail: string }[]).map((r) => r.detail).join('\n');

  it('gates still stored plain are found through the partial index of the rows not sealed, never a read of every setting', () => {
    const { db, prepared } = recordingDb();
    const plain = prepared.filter((sql) => /FROM emergency_settings WHERE substr\(gate/.test(sql));
    expect(plain).toHaveLength(1);
    expect(planOf(db, plain[0]!)).toMatch(/^SCAN emergency_settings USING (COVERING )?INDEX emergency_settings_plain_gate$/);
  });

  it('the reminders due are one index range by date', () => {
    const { db, prepared } = recordingDb();
    const due = prepared.filter((sql) => /FROM sharing_reminders WHERE due_at <= \?/.test(sql));
    expect(due).toHaveLength(1);
    expect(planOf(db, due[0]!)).toMatch(/SEARCH sharing_reminders USING (COVERING )?INDEX sharing_reminders_due \(due_at<\?\)/);
  });
});
