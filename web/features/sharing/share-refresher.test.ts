import { describe, expect, it } from 'vitest';
import type { DeathPlan, LegalDocument, Message, Trustee } from '../../../shared/schema';
import type { ShareSource } from './projections';
import { holdsLiveShares } from './ShareRefresher';

const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const plan = (shares: string[]) => ({ id: 'u1', userId: 'u1', shares }) as unknown as DeathPlan;
const doc = (shares: string[]) => ({ id: 'd1', userId: 'u1', documentName: 'Will', shares }) as unknown as LegalDocument;
const trustee = (shares: string[]) => ({ id: 't1', userId: 'u1', name: 'Maria', shares }) as unknown as Trustee;
const letter = (shares: string[]) => ({ id: 'm1', userId: 'u1', recipientName: 'Clara', shares }) as unknown as Message;
const source = (parts: Partial<ShareSource>): ShareSource => ({ documents: [], deathPlan: null, survivorTasks: [], trustees: [], messages: [], ...parts });

describe('ShareRefresher: the follower loads only while some item holds a live share (issue 41)', () => {
  it('nothing shared: no follower (its code is not fetched)', () => {
    expect(holdsLiveShares(source({}))).toBe(false);
    expect(holdsLiveShares(source({ deathPlan: plan([]), documents: [doc([])], trustees: [trustee([])] }))).toBe(false);
    // A record from before shares (no field) holds none.
    expect(holdsLiveShares(source({ documents: [{ id: 'd0', userId: 'u1' } as unknown as LegalDocument] }))).toBe(false);
  });

  it('a live share of a document, of a trustee, or of the plan (its sections and task lists) opens it', () => {
    expect(holdsLiveShares(source({ documents: [doc([]), doc([SHARE_ID])] }))).toBe(true);
    expect(holdsLiveShares(source({ trustees: [trustee([SHARE_ID])] }))).toBe(true);
    expect(holdsLiveShares(source({ deathPlan: plan([SHARE_ID]) }))).toBe(true);
    expect(holdsLiveShares(source({ messages: [letter([]), letter([SHARE_ID])] }))).toBe(true); // a letter shared by the owner's choice
  });
});
