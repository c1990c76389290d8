import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { formatHlc } from '../../../shared/sync';
import { createTestApp, signUp, sqliteStoreOf } from '../../test/test-support';

describe('pull pages are bounded by bytes (issue #15: bounded work per request)', () => {
  it(`a page stops before ${ACCOUNT_LIMITS.pullPageBytes / 1024} KB of state, at least one record; paging still returns all`, async () => {
    const t = createTestApp();
    const { user } = await signUp(t);
    const store = sqliteStoreOf(t);
    const big = 'x'.repeat(200 * 1024);
    store.applyChanges(
      user.id,
      [1, 2, 3].map((n) => ({ collection: 'messages' as const, id: `m${n}`, hlc: formatHlc({ ms: 1, counter: n, node: 'a' }), fields: { messageContent: big } })),
    );
    const first = store.pull(user.id, 0, 500);
    expect(first.hasMore).toBe(true);
    const ids = first.records.map((r) => r.id);
    let cursor = first.cursor;
    for (;;) {
      const page = store.pull(user.id, cursor, 500);
      ids.push(...page.records.map((r) => r.id));
      expect(page.records.length).toBeGreaterThan(0);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(first.records.filter((r) => r.collection === 'messages').length).toBeLessThan(3);
    expect(ids.filter((id) => id.startsWith('m')).sort()).toEqual(['m1', 'm2', 'm3']);
  });
});
