/**
 * The share refreshers read only the letters that hold a live share or wait to be shared
 * (use-share-source.ts readSharedLetters, over Dexie's `*shares` index, v7), never every letter,
 * and miss none: a letter's live share is still found, and so is a letter whose share made offline
 * still waits on this device (pending-shares.ts).
 */
import { describe, expect, it } from 'vitest';
import { openOnDevice } from '../../db/test-device';
import { holdsLiveShares } from './ShareRefresher';
import { projectItem } from './projections';
import { readSharedLetters } from './use-share-source';

const SHARE_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const SHARE_B = 'BBBBBBBBBBBBBBBBBBBBBB';
const letter = (recipientName: string, createdAt: string) => ({ recipientName, recipientEmail: 'clara@example.com', messageType: 'text', messageContent: `Words for ${recipientName}`, deliveryDate: null, file: null, createdAt });

describe('the letters a share refresher reads', () => {
  it('finds a letter holding a live share and one whose share waits, and reads no other letter', async () => {
    const db = await openOnDevice('u-letters', () => Date.UTC(2026, 10, 29));
    await db.write('messages', 'm1', letter('Clara', '2026-11-01T00:00:00.000Z'));
    await db.write('messages', 'm2', { ...letter('Bert', '2026-11-02T00:00:00.000Z'), shares: [SHARE_A, SHARE_B] });
    await db.write('messages', 'm3', { ...letter('Dora', '2026-11-03T00:00:00.000Z'), shares: [] });
    await db.write('messages', 'm4', letter('Ella', '2026-11-04T00:00:00.000Z'));
    // A share of m4 made offline waits; a race on m4's live set left it out of the set.
    await db.dexie.pendingShares.put({ shareId: SHARE_A.replace(/A/g, 'C'), kind: 'letter', id: 'm4', body: { shareId: 'x', itemKind: 'letter', itemId: 'm4', ownerKid: 'k', ownerWrap: 'w', label: 'l' }, name: 'Ella', at: 1 });

    const letters = await readSharedLetters(db);
    expect(letters.map((m) => m.id)).toEqual(['m4', 'm2']); // newest first, each once (m2 holds two shares)
    const source = { documents: [], deathPlan: null, survivorTasks: [], trustees: [], messages: letters };
    expect(holdsLiveShares(source)).toBe(true); // m2's live share is still found
    expect(projectItem({ kind: 'letter', id: 'm4' }, source)).toMatchObject({ title: 'A letter to Ella' }); // the waiting share's copy can be made

    // A letter whose shares were all stopped is not read any more.
    await db.write('messages', 'm2', { shares: [] });
    await db.dexie.pendingShares.clear();
    expect(await readSharedLetters(db)).toEqual([]);
    db.close();
  });
});
