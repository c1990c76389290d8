/**
 * A share as the owner's device makes it, for server tests (sharing/routes.test.ts,
 * yearly-reminder.test.ts): a new share key, its wrap under a scope key and the sealed name, for
 * `POST /api/shares`.
 */
import { makeShare, sealShared, wrapShareKey } from '../../shared/crypto/share-copy';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';

/** What a share body's copies are bound to (share-copy.ts). */
export const bound = (b: { shareId: string; itemId: string }) => ({ shareId: b.shareId, itemKind: 'document', itemId: b.itemId });

/** The body of `POST /api/shares` for a document, and the share key. */
export async function newShareBody(userId: string, itemId: string) {
  const { shareId, key } = makeShare();
  const scope = await importAesKey(newRawKey());
  return { key, body: { shareId, itemKind: 'document', itemId, ownerKid: 'docs~1', ownerWrap: await wrapShareKey(scope, key, userId, bound({ shareId, itemId })), label: await sealShared(key, bound({ shareId, itemId }), 'label', 0, 'Maria') } };
}
