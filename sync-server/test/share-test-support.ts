/**
 * Test support for "share now" (sharing/routes.ts): an owner with a document, and a live share of
 * it whose copy is sealed with the real share-copy code (the server never gets the key).
 */
import { expect } from 'vitest';
import { makeShare, sealShared, wrapShareKey } from '../../shared/crypto/share-copy';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';
import type { ShareKind } from '../../shared/share-items';
import { signUp, type TestApp } from './test-support';

/** A new account with one document: its cookie, user id and the document's id. */
export async function ownerWithDocument(t: TestApp): Promise<{ cookie: string; userId: string; docId: string }> {
  const { cookie, user } = await signUp(t);
  const res = await t.call('POST', '/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: 'https://files.example.com/will.pdf' }, cookie);
  expect(res.status).toBe(201);
  const doc = (await res.json()) as { id: string };
  return { cookie, userId: user.id, docId: doc.id };
}

/** What a share body's copies are bound to (share-copy.ts). */
export const boundTo = (b: { shareId: string; itemId: string; itemKind?: ShareKind }) => ({ shareId: b.shareId, itemKind: b.itemKind ?? 'document', itemId: b.itemId });

/** The body of `POST /api/shares` for item `itemId` (a document unless `itemKind` says) of `userId`, and its share key. */
export async function newShareBody(userId: string, itemId: string, itemKind: ShareKind = 'document') {
  const { shareId, key } = makeShare();
  const scope = await importAesKey(newRawKey());
  const bound = boundTo({ shareId, itemId, itemKind });
  return { key, body: { shareId, itemKind, itemId, ownerKid: 'docs~1', ownerWrap: await wrapShareKey(scope, key, userId, bound), label: await sealShared(key, bound, 'label', 0, 'Maria') } };
}

/** Shares the owner's document and sends its first copy; resolves the share's id (its link's token). */
export async function liveShare(t: TestApp, owner: { cookie: string; userId: string; docId: string }): Promise<string> {
  const { key, body } = await newShareBody(owner.userId, owner.docId);
  expect((await t.call('POST', '/api/shares', body, owner.cookie)).status).toBe(201);
  const copy = await sealShared(key, boundTo(body), 'copy', 1, { documentName: 'Will' });
  expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy }, owner.cookie)).status).toBe(204);
  return body.shareId;
}
