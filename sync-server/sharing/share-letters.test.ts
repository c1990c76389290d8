/**
 * Share now for a letter (issue 43: "letters stay for after death unless the owner explicitly
 * chooses otherwise for one"): the server takes a share of the owner's own letter (its message
 * record), refuses another account's or one that is not there, and stops the share when the letter
 * is deleted. It never sees a word of it (the copy is sealed on the device, as every kind's).
 */
import { describe, expect, it } from 'vitest';
import { sealShared } from '../../shared/crypto/share-copy';
import { createTestApp, signUp } from '../test/test-support';
import { newShareBody } from '../test/share-test-support';

const LETTER = { recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'text', messageContent: 'Dear Clara', deliveryDate: null };

describe('share now: a letter, by the owner\'s choice', () => {
  it('is shared, served to the viewer, refused for another account\'s letter or none, and stopped when the letter is deleted', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    const made = await t.call('POST', '/api/messages', LETTER, a.cookie);
    expect(made.status).toBe(201);
    const letterId = ((await made.json()) as { id: string }).id;

    const share = async (owner: { user: { id: string } }, itemId: string) => {
      return newShareBody(owner.user.id, itemId, 'letter');
    };
    const mine = await share(a, letterId);
    expect((await t.call('POST', '/api/shares', mine.body, a.cookie)).status).toBe(201);
    const copy = await sealShared(mine.key, { shareId: mine.body.shareId, itemKind: 'letter', itemId: letterId }, 'copy', 1, { kind: 'letter' });
    expect((await t.call('PUT', `/api/shares/${mine.body.shareId}/copy`, { after: 0, copy }, a.cookie)).status).toBe(204);
    const seen = await t.call('GET', `/api/shared/${mine.body.shareId}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ itemKind: 'letter', itemId: letterId });

    const theirs = await share(b, letterId); // b names a's letter
    const refused = await t.call('POST', '/api/shares', theirs.body, b.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ issues: [{ path: 'itemId' }] });
    expect((await t.call('POST', '/api/shares', (await share(a, 'no-such-letter')).body, a.cookie)).status).toBe(404);

    expect((await t.call('DELETE', `/api/messages/${letterId}`, undefined, a.cookie)).status).toBeLessThan(300);
    expect((await t.call('GET', `/api/shared/${mine.body.shareId}`)).status).toBe(410);
  });
});
