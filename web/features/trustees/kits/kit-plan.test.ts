/**
 * The rules of the "Trustee kits" section (kit-plan.ts; issue "Release through trustees' key
 * shares" and its Constraints): who can hold a kit, the default k, and each honest notice — k = 1,
 * no spare kit, fewer than k accepted, the escrow not ended, re-key after a removal, pending kits,
 * kits unchecked for a year, an accepted trustee without a kit.
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseTrustee } from '../../../../shared/schema/release';
import { checkedWithinYear, defaultThreshold, kitCandidates, kitNotices, removedKitHolders, YEAR_MS, type KitCandidate, type LocalTrustee, executorByDefault } from './kit-plan';
import type { KitGeneration, KitsState } from './kits-api';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const server = (id: string, invitation: ReleaseTrustee['invitation'], accessLevel: ReleaseTrustee['accessLevel'] = 'full'): ReleaseTrustee => ({
  id, email: `${id}@example.org`, accessLevel, invitation, invitedAt: null, acceptedAt: invitation === 'accepted' ? iso(NOW) : null,
});
const local = (id: string, name: string, createdAt: string): LocalTrustee => ({ id, name, email: `${id}@example.org`, accessLevel: 'full', createdAt });
const cand = (id: string): KitCandidate => ({ id, name: id.toUpperCase(), email: `${id}@example.org`, sealedEmail: null, level: 'full' });

function gen(k: number, ids: string[], over: Partial<KitGeneration> = {}, checkedAt: string | null = iso(NOW - 1000)): KitGeneration {
  return {
    generation: 1, k, n: ids.length, createdAt: iso(NOW), liveAt: null, ownerCopy: 'o1.x',
    kits: ids.map((trusteeId, i) => ({ trusteeId, index: i + 1, token: `tok${i}`, madeAt: iso(NOW), handedOverAt: checkedAt, checkedAt, fingerprint: 'AAAA-BBBB', executor: trusteeId === '~executor' })),
    ...over,
  };
}
const none: KitsState = { current: null, pending: null, escrowEnded: false };
const ids = (notices: { id: string }[]) => notices.map((n) => n.id);

describe('who can hold a kit', () => {
  it('only trustees the server lists as accepted and this device still holds, oldest first, with the server’s level', () => {
    const l = [local('c', 'Cleo', '2026-03-01'), local('a', 'Ann', '2026-01-01'), local('b', 'Bob', '2026-02-01'), local('d', 'Dee', '2026-04-01')];
    const s = [server('a', 'accepted', 'documents-only'), server('b', 'invited'), server('c', 'accepted'), server('gone', 'accepted')];
    expect(kitCandidates(l, s)).toEqual([
      { id: 'a', name: 'Ann', email: 'a@example.org', sealedEmail: null, level: 'documents-only' },
      { id: 'c', name: 'Cleo', email: 'c@example.org', sealedEmail: null, level: 'full' },
    ]);
  });

  it('carries the language the owner chose for each trustee, for the printed kit (issue 44); none for "Same as yours"', () => {
    const l = [{ ...local('a', 'Ann', '2026-01-01'), language: 'de' }, { ...local('b', 'Bob', '2026-02-01'), language: null }];
    const [ann, bob] = kitCandidates(l, [server('a', 'accepted'), server('b', 'accepted')]);
    expect(ann!.language).toBe('de');
    expect(bob).not.toHaveProperty('language');
  });

  it('defaults to 2 of at least 2, and 1 of 1', () => {
    expect([1, 2, 3, 5].map(defaultThreshold)).toEqual([1, 2, 2, 2]);
    expect(defaultThreshold(0)).toBe(1);
  });
});

describe('the notices while choosing', () => {
  it('no kits yet: says trustees could not open the plan, documents and tasks, and the messages still go by the escrow, with no trustee confirming', () => {
    const notices = kitNotices({ state: none, candidates: ['a', 'b', 'c'].map(cand), choiceK: 2, now: NOW });
    expect(ids(notices)).toEqual(['no-kits']);
    expect(notices[0]!.text).toMatch(/^Until 2 of your kits have been handed over, your trustees will not be able to open your plan, documents and tasks after your death/);
    expect(notices[0]!.text).toContain('Your messages still reach the people they are for');
    // Plain words first; the escrow and how the messages go, behind "How this works" (issue 38 item 8).
    expect(notices[0]!.text).not.toMatch(/escrow|copy of their keys/);
    expect(notices[0]!.detail).toMatch(/called the escrow/);
    expect(notices[0]!.detail).toContain('No trustee has to confirm anything first.');
  });

  it('k = 1 warns that the server and that one trustee together could read early', () => {
    const notices = kitNotices({ state: none, candidates: ['a', 'b', 'c'].map(cand), choiceK: 1, now: NOW });
    expect(ids(notices)).toContain('one-kit');
    expect(notices.find((n) => n.id === 'one-kit')!.text).toMatch(/server and that one trustee together could read/);
  });

  it('n < k + 1 says one lost kit stops everything', () => {
    expect(ids(kitNotices({ state: none, candidates: ['a', 'b'].map(cand), choiceK: 2, now: NOW }))).toEqual(['no-kits', 'no-spare']);
    expect(ids(kitNotices({ state: none, candidates: ['a', 'b', 'c'].map(cand), choiceK: 3, now: NOW }))).toContain('no-spare');
    expect(ids(kitNotices({ state: none, candidates: ['a', 'b', 'c'].map(cand), choiceK: 2, now: NOW }))).not.toContain('no-spare');
  });

  it('fewer accepted trustees than kits needed says so plainly', () => {
    const one = kitNotices({ state: none, candidates: [cand('a')], choiceK: 2, now: NOW });
    expect(one.find((n) => n.id === 'too-few')!.text).toBe(
      'Only 1 of your trustees has accepted, and 2 kits would be needed. Until enough trustees accept, nothing sealed can be released through kits.',
    );
    const zero = kitNotices({ state: none, candidates: [], choiceK: 1, now: NOW });
    expect(zero.find((n) => n.id === 'too-few')!.text).toMatch(/^No trustee has accepted yet/);
    expect(ids(zero)).not.toContain('one-kit');
  });
});

describe('the notices about kits held', () => {
  it('until k kits are handed over the escrow stands, and the notice says the operator could read', () => {
    const state: KitsState = { current: gen(2, ['a', 'b', 'c']), pending: null, escrowEnded: false };
    const notices = kitNotices({ state, candidates: ['a', 'b', 'c'].map(cand), choiceK: null, now: NOW });
    expect(ids(notices)).toEqual(['escrow']);
    // The risk in plain words; the word "escrow" and the handing over, behind "How this works" (issue 38 item 8).
    expect(notices[0]!.text).toContain('whoever runs Afterword could read them');
    expect(notices[0]!.text).not.toMatch(/escrow/);
    expect(notices[0]!.detail).toMatch(/called the escrow/);
    expect(notices[0]!.detail).toContain('Keep this kit');
    expect(ids(kitNotices({ state: { ...state, escrowEnded: true }, candidates: ['a', 'b', 'c'].map(cand), choiceK: null, now: NOW }))).toEqual([]);
  });

  it('with an executor kit, the notices count kits handed over, not trustees (the executor kit is one of the k)', () => {
    const withExecutor = gen(2, ['a', 'b', '~executor'], {}, null);
    const first = kitNotices({ state: { current: null, pending: withExecutor, escrowEnded: false }, candidates: ['a', 'b'].map(cand), choiceK: null, now: NOW });
    expect(ids(first)).toEqual(['no-kits', 'escrow']);
    for (const n of first) expect(n.text).not.toMatch(/2 of your trustees have|2 trustees have/);
    expect(first[1]!.detail).toContain('A kit is handed over when its trustee chooses “Keep this kit” on their kit’s page, or when you put the executor kit away.');
    const rekey = kitNotices({ state: { current: gen(2, ['a', 'b', 'c']), pending: { ...withExecutor, generation: 2 }, escrowEnded: true }, candidates: ['a', 'b'].map(cand), choiceK: null, now: NOW });
    expect(rekey.find((n) => n.id === 'pending')!.text).toContain('have been handed over (a trustee chooses “Keep this kit” on their kit’s page, and you put the executor kit away)');
  });

  it('a removed trustee still holding a kit requires a re-key, named when the device knows them', () => {
    const state: KitsState = { current: gen(2, ['a', 'b', 'c']), pending: null, escrowEnded: true };
    const candidates = ['a', 'c'].map(cand);
    expect(removedKitHolders(state.current, candidates)).toEqual(['b']);
    const unnamed = kitNotices({ state, candidates, choiceK: null, now: NOW });
    expect(unnamed.find((n) => n.id === 'rekey')!.text).toMatch(/^Re-key needed: one of your kits belongs to someone who is no longer your trustee, and it still counts\./);
    const notices = kitNotices({ state, candidates, choiceK: null, now: NOW, names: new Map([['b', 'Bob Cratchit']]) });
    expect(notices.find((n) => n.id === 'rekey')!.text).toMatch(/^Re-key needed: Bob Cratchit is no longer your trustee, but that kit still counts\. .*old ones stop working once 2 of the new kits have been handed over\.$/);
  });

  it('pending kits: the old ones keep working until k new ones are opened', () => {
    const state: KitsState = { current: gen(2, ['a', 'b', 'c']), pending: gen(2, ['a', 'c', 'd'], { generation: 2 }, null), escrowEnded: true };
    const notices = kitNotices({ state, candidates: ['a', 'c', 'd'].map(cand), choiceK: null, now: NOW });
    expect(ids(notices)).toEqual(['pending']);
    // The first kits, made and not yet handed over: the release still goes by the escrow.
    const first = kitNotices({ state: { current: null, pending: gen(2, ['a', 'b', 'c'], {}, null), escrowEnded: false }, candidates: ['a', 'b', 'c'].map(cand), choiceK: null, now: NOW });
    expect(ids(first)).toEqual(['no-kits', 'escrow']);
    expect(first[0]!.text).toMatch(/^Until 2 of your kits have been handed over, your trustees will not be able to open your plan, documents and tasks/);
    expect(notices[0]!.text).toContain('Your earlier kits keep working until 2 of the new kits have been handed over (a trustee chooses “Keep this kit” on their kit’s page).');
  });

  it('fewer than k kits checked in the last year is said', () => {
    const old = iso(NOW - YEAR_MS - 1000);
    const g = gen(2, ['a', 'b', 'c'], {}, old);
    g.kits[0]!.checkedAt = iso(NOW - 5000);
    expect(checkedWithinYear(g, NOW)).toBe(1);
    const notices = kitNotices({ state: { current: g, pending: null, escrowEnded: true }, candidates: ['a', 'b', 'c'].map(cand), choiceK: null, now: NOW });
    expect(ids(notices)).toEqual(['unchecked']);
  });

  it('an accepted trustee without a kit is named, with the way to include them', () => {
    const state: KitsState = { current: gen(2, ['a', 'b', 'c']), pending: null, escrowEnded: true };
    const notices = kitNotices({ state, candidates: ['a', 'b', 'c', 'd'].map(cand), choiceK: null, now: NOW });
    expect(notices.find((n) => n.id === 'without-kit')!.text).toBe('D has accepted but has no kit. Re-key to include them.');
  });
});

describe('the executor kit (kept with the will, one more share)', () => {
  it('while choosing it counts as one more kit: 2 trustees and the executor kit with 2 needed have a spare', () => {
    expect(ids(kitNotices({ state: none, candidates: ['a', 'b'].map(cand), choiceK: 2, choiceExecutor: true, now: NOW }))).toEqual(['no-kits']);
    // 1 trustee and the executor kit can make 2 needed (the executor kit plus that trustee), with no spare.
    expect(ids(kitNotices({ state: none, candidates: [cand('a')], choiceK: 2, choiceExecutor: true, now: NOW }))).toEqual(['no-kits', 'no-spare']);
    expect(ids(kitNotices({ state: none, candidates: [cand('a')], choiceK: 3, choiceExecutor: true, now: NOW }))).toContain('too-few');
  });

  it('is off by default, and a re-key makes a new one when the kits in force have one', () => {
    expect(executorByDefault(null)).toBe(false);
    expect(executorByDefault(gen(2, ['a', 'b', 'c']))).toBe(false);
    expect(executorByDefault(gen(2, ['a', 'b', '~executor']))).toBe(true);
  });

  it('is never taken for a removed trustee\'s kit, nor for a trustee without one', () => {
    const state: KitsState = { current: gen(2, ['a', 'b', '~executor']), pending: null, escrowEnded: true };
    expect(removedKitHolders(state.current, ['a', 'b'].map(cand))).toEqual([]);
    expect(ids(kitNotices({ state, candidates: ['a', 'b'].map(cand), choiceK: null, now: NOW }))).toEqual([]);
  });
});
