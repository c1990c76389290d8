/**
 * The kit page's logic without the page (steps.ts): which step a kit is at for each status and
 * phase, the browser's verification of a kit against the server's commitment (a kit from another
 * link or with a changed share is refused before anything is sent), and a mistyped code's words,
 * which name the group (as the recovery code's input does).
 */
import { describe, expect, it } from 'vitest';
import { commitShare, splitSecret } from '../../../shared/crypto/shamir';
import { encodeKitCode, kitFragment, type Kit } from '../../../shared/crypto/trustee-kit';
import type { KitInfo } from './api';
import { confirmedText, fitOf, kitOfFragment, misfitText, readTypedCode, stepOf } from './steps';

const ACCOUNT = 'user-ada';

/** Three kits of a 2-of-3 generation 4, and the server's info for the second. */
async function world() {
  const q = crypto.getRandomValues(new Uint8Array(32));
  const shares = await splitSecret(q, 3, 2);
  const kits: Kit[] = shares.map((s) => ({ generation: 4, index: s.index, share: s.bytes, t: crypto.getRandomValues(new Uint8Array(16)) }));
  const info: KitInfo = {
    ownerFirstName: 'Ada', account: ACCOUNT, trusteeId: 'tr2', generation: 4, index: 2, k: 2,
    commitment: await commitShare({ account: ACCOUNT, generation: 4 }, shares[1]!),
    fingerprint: 'ABCD-EFGH', status: 'current', phase: 'active', confirmed: false, confirmations: 0,
    handedOverAt: null, checkedAt: null, executor: false, trusteesWithAccess: [], lang: 'en',
  };
  return { kits, info };
}

const base = { ownerFirstName: 'Ada', account: ACCOUNT, trusteeId: 'tr1', generation: 1, index: 1, k: 2, commitment: '00', fingerprint: 'X', confirmed: false, confirmations: 0, checkedAt: null, executor: false, trusteesWithAccess: [] as string[], lang: 'en' as const };
const info = (over: Partial<KitInfo>): KitInfo => ({ ...base, status: 'current', phase: 'active', handedOverAt: null, ...over });

describe('stepOf', () => {
  it('hands over a kit only when the link carried it, and never asks for the code otherwise', () => {
    expect(stepOf(info({}), true)).toBe('handover');
    expect(stepOf(info({ status: 'pending' }), true)).toBe('handover');
    expect(stepOf(info({}), false)).toBe('need-link');
    expect(stepOf(info({ phase: 'waiting' }), false)).toBe('need-link');
  });
  it('checks a kept kit by its fingerprint (no kit) or by the link’s kit', () => {
    const kept = { handedOverAt: '2026-01-01T00:00:00.000Z' };
    expect(stepOf(info(kept), false)).toBe('check');
    expect(stepOf(info({ ...kept, phase: 'waiting' }), false)).toBe('check');
    expect(stepOf(info(kept), true)).toBe('kit-good');
  });
  it('asks a current kit to confirm while confirmations are awaited, once', () => {
    const awaiting = { phase: 'awaiting-confirmations', handedOverAt: '2026-01-01T00:00:00.000Z' };
    expect(stepOf(info(awaiting), false)).toBe('confirm');
    expect(stepOf(info(awaiting), true)).toBe('confirm');
    expect(stepOf(info({ ...awaiting, handedOverAt: null }), false)).toBe('confirm'); // a printed kit never opened as a link still counts
    expect(stepOf(info({ ...awaiting, confirmed: true, confirmations: 1 }), true)).toBe('confirmed');
    expect(stepOf(info({ ...awaiting, status: 'pending' }), true)).toBe('not-in-use');
  });
  it('opens a current kit after the release; a replaced kit never acts', () => {
    expect(stepOf(info({ phase: 'released' }), false)).toBe('released');
    expect(stepOf(info({ phase: 'released', status: 'pending' }), true)).toBe('not-in-use');
    for (const phase of ['active', 'waiting', 'awaiting-confirmations', 'released']) {
      expect(stepOf(info({ phase, status: 'retired' }), true)).toBe('retired');
    }
  });
});

describe('fitOf', () => {
  it('accepts the kit the commitment names, and refuses another trustee’s, another generation’s and a changed share', async () => {
    const { kits, info } = await world();
    expect(await fitOf(info, kits[1]!)).toBe('ok');
    expect(await fitOf(info, kits[0]!)).toBe('other-kit');
    expect(await fitOf(info, { ...kits[1]!, generation: 3 })).toBe('other-kit');
    expect(await fitOf(info, { ...kits[0]!, index: 2 })).toBe('wrong-share'); // a share passed off as another
    const changed = kits[1]!.share.slice();
    changed[5]! ^= 1;
    expect(await fitOf(info, { ...kits[1]!, share: changed })).toBe('wrong-share');
    expect(await fitOf({ ...info, account: 'user-eve' }, kits[1]!)).toBe('wrong-share');
    expect(await fitOf({ ...info, commitment: info.commitment.toUpperCase() }, kits[1]!)).toBe('ok');
  });
  it('a link without a kit has none; a cut-short link throws', async () => {
    expect(kitOfFragment(null)).toBeNull();
    expect(() => kitOfFragment('AAAA')).toThrow();
  });
});

describe('readTypedCode', () => {
  it('reads the printed code however it is typed, and names the group with a typo', async () => {
    const { kits } = await world();
    const code = encodeKitCode(kits[1]!);
    const groups = code.split('-');
    expect(groups).toHaveLength(22);
    const read = readTypedCode(`  ${groups.join(' ').toLowerCase()} `);
    expect('kit' in read && read.kit).toEqual(kits[1]);
    const typo = groups.map((g, i) => (i === 6 ? (g[0] === 'A' ? 'B' : 'A') + g.slice(1) : g)).join('-');
    expect(readTypedCode(typo)).toEqual({ error: 'Group 7 does not look right. Please check it against your kit, letter by letter.' });
    const swapped = [groups[1], groups[0], ...groups.slice(2)].join('-');
    expect(readTypedCode(swapped)).toEqual({ error: expect.stringMatching(/^Group [12] does not look right/) }); // a group's check names its place
    expect(readTypedCode(groups.slice(0, 21).join('-'))).toEqual({ error: 'This code is not complete or two groups are swapped. It has 22 groups of 5 letters and numbers.' });
    expect(readTypedCode('   ')).toEqual({ error: 'Please type the code from your kit.' });
  });

  it('accepts the whole code pasted as it comes from a printed PDF, a note or an e-mail, and the whole kit link', async () => {
    const { kits } = await world();
    const groups = encodeKitCode(kits[1]!).split('-');
    const pasted = [
      groups.join('\r\n'), // one group a line
      `${groups.slice(0, 11).join('–')}\n${groups.slice(11).join('–')}`.toLowerCase(), // en dashes, two lines, small letters
      groups.join('\u00a0— '), // no-break spaces and em dashes
      `\u200b${groups.join('')}\ufeff\t`, // no separators, with the invisible characters a copy can bring
      `https://afterword.example/kit/AbC_123#${kitFragment(kits[1]!)}`, // the whole link from the kit
    ];
    for (const text of pasted) expect(readTypedCode(text), JSON.stringify(text)).toEqual({ kit: kits[1] });
  });
});

describe('words', () => {
  it('says how many have confirmed, and why a kit does not fit', () => {
    expect(confirmedText(1, 2)).toBe('1 of 2 trustees have confirmed.');
    expect(confirmedText(0, 1)).toBe('0 of 1 trustee has confirmed.');
    expect(misfitText('other-kit', 'code', 'Ada')).toMatch(/another kit/);
    expect(misfitText('wrong-share', 'link', 'Ada')).toMatch(/does not match the one Ada made for you/);
  });
});
