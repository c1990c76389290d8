import { describe, expect, it } from 'vitest';
import { MalformedError, TamperedError, UnknownVersionError, UnwrapError } from './errors';
import { makeShare, openShared, sealShared, SHARE_ID_RE, SHARE_SEALED_RE, shareFragment, shareKeyFromFragment, unwrapShareKey, wrapShareKey } from './share-copy';
import { importAesKey, newRawKey } from './wrap';

/** Share `shareId` bound to item `itemId` of kind `itemKind`. */
const on = (shareId: string, itemId = 'd1', itemKind = 'document') => ({ shareId, itemKind, itemId });
const DOC = { documentName: 'Will, signed 2024', originalLocation: 'Top drawer of the oak desk' };

describe('share-copy s1', () => {
  it('opens with its key, share, item, part and revision, and with nothing else', async () => {
    const a = makeShare();
    const b = makeShare();
    expect(a.shareId).toMatch(SHARE_ID_RE);
    const sealed = await sealShared(a.key, on(a.shareId), 'copy', 3, DOC);
    expect(sealed).toMatch(SHARE_SEALED_RE);
    expect(sealed).not.toContain('oak');
    expect(await openShared(a.key, on(a.shareId), 'copy', 3, sealed)).toEqual(DOC);
    await expect(openShared(b.key, on(a.shareId), 'copy', 3, sealed)).rejects.toBeInstanceOf(TamperedError); // another key
    await expect(openShared(a.key, on(b.shareId), 'copy', 3, sealed)).rejects.toBeInstanceOf(TamperedError); // another share
    await expect(openShared(a.key, on(a.shareId, 'd2'), 'copy', 3, sealed)).rejects.toBeInstanceOf(TamperedError); // another item
    await expect(openShared(a.key, on(a.shareId, 'd1', 'survivorTask'), 'copy', 3, sealed)).rejects.toBeInstanceOf(TamperedError); // another kind
    await expect(openShared(a.key, on(a.shareId), 'copy', 2, sealed)).rejects.toBeInstanceOf(TamperedError); // relabelled revision
    await expect(openShared(a.key, on(a.shareId), 'label', 3, sealed)).rejects.toBeInstanceOf(TamperedError); // another part
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    await expect(openShared(a.key, on(a.shareId), 'copy', 3, flipped)).rejects.toBeInstanceOf(TamperedError);
    await expect(openShared(a.key, on(a.shareId), 'copy', 3, 's2.x.y')).rejects.toBeInstanceOf(UnknownVersionError);
    await expect(openShared(a.key, on(a.shareId), 'copy', 3, 'hello')).rejects.toBeInstanceOf(MalformedError);
  });

  it('pads the copy to a bucket: a short and a slightly longer value seal to the same length', async () => {
    const { key, shareId } = makeShare();
    expect((await sealShared(key, on(shareId), 'copy', 1, 'a')).length).toBe((await sealShared(key, on(shareId), 'copy', 1, 'a'.repeat(50))).length);
  });

  it('carries the key in a fragment and back; refuses a fragment that is not a 256-bit key', () => {
    const { key } = makeShare();
    expect(shareKeyFromFragment(`#${shareFragment(key)}`)).toEqual(key);
    expect(shareKeyFromFragment('#abc')).toBeNull();
    expect(shareKeyFromFragment('')).toBeNull();
  });

  it('the owner wrap opens only with the scope key, account, share and item it was made for', async () => {
    const scope = await importAesKey(newRawKey());
    const { key, shareId } = makeShare();
    const wrapped = await wrapShareKey(scope, key, 'u1', on(shareId));
    expect(await unwrapShareKey(scope, wrapped, 'u1', on(shareId))).toEqual(key);
    await expect(unwrapShareKey(scope, wrapped, 'u2', on(shareId))).rejects.toBeInstanceOf(UnwrapError);
    await expect(unwrapShareKey(scope, wrapped, 'u1', on(makeShare().shareId))).rejects.toBeInstanceOf(UnwrapError);
    await expect(unwrapShareKey(scope, wrapped, 'u1', on(shareId, 'd2'))).rejects.toBeInstanceOf(UnwrapError); // another item's share
    await expect(unwrapShareKey(scope, wrapped, 'u1', on(shareId, 'd1', 'message'))).rejects.toBeInstanceOf(UnwrapError);
    await expect(unwrapShareKey(await importAesKey(newRawKey()), wrapped, 'u1', on(shareId))).rejects.toBeInstanceOf(UnwrapError);
  });
});
