/**
 * When the owner's emergency screen asks them to re-key what was opened (rekey.ts; issue 43: "the
 * owner can end the emergency at any time … and the owner is asked to re-key what was opened"):
 * after a granted emergency was ended, until a kit generation is made after that end; never for a
 * request refused or withdrawn (nothing was opened), once per trustee.
 */
import { describe, expect, it } from 'vitest';
import type { KitGeneration, KitsState } from '../../../shared/schema/kits';
import { rekeyDue, type EmergencyRequestView } from './rekey';
import { rekeyText } from './emergency-words';

const at = (h: number) => new Date(Date.UTC(2026, 10, 1, h)).toISOString();
const req = (id: string, trusteeId: string, phase: EmergencyRequestView['phase'], grantedH: number | null, endedH: number | null): EmergencyRequestView => ({
  id,
  trusteeId,
  phase,
  requestedAt: at(0),
  waitEndsAt: at(2),
  grantedAt: grantedH === null ? null : at(grantedH),
  endedAt: endedH === null ? null : at(endedH),
});
const gen = (generation: number, createdH: number): KitGeneration => ({ generation, k: 2, n: 2, createdAt: at(createdH), liveAt: null, ownerCopy: 'x', kits: [] });
const kits = (current: KitGeneration | null, pending: KitGeneration | null = null): KitsState => ({ current, pending, escrowEnded: true });

describe('asking the owner to re-key after an emergency', () => {
  it('asks after a granted emergency was ended, until kits made after the end are in force', () => {
    const ended = req('r1', 'maria', 'ended', 3, 5);
    expect(rekeyDue([ended], kits(gen(1, 0)))).toEqual([ended]);
    expect(rekeyDue([ended], null)).toEqual([ended]); // kits not known (offline): asked all the same
    // New kits made since but not handed over: the old kit still opens, so it still asks (security review of session 21, finding 8).
    expect(rekeyDue([ended], kits(gen(1, 0), gen(2, 6)))).toEqual([ended]);
    expect(rekeyDue([ended], kits(gen(2, 6)))).toEqual([]);
  });

  it('never asks for what opened nothing, and once per trustee', () => {
    expect(rekeyDue([req('r1', 'maria', 'refused', null, null), req('r2', 'bert', 'withdrawn', null, null), req('r3', 'ann', 'granted', 3, null)], kits(gen(1, 0)))).toEqual([]);
    const later = req('r5', 'maria', 'ended', 8, 9);
    expect(rekeyDue([later, req('r4', 'maria', 'ended', 3, 5)], kits(gen(1, 0)))).toEqual([later]);
  });

  it('says what to do in plain words', () => {
    expect(rekeyText('Maria')).toMatch(/^Maria could open what you chose for an emergency, and may have kept what they saw\. .*make new trustee kits/);
  });
});
