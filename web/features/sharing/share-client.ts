/**
 * The owner's device side of "share now" (docs/sharing.md): it makes each share's key, seals the
 * item's copy and the person's name under it, keeps the key wrapped under its own `docs` scope key
 * on the server, refreshes the copy when the item changes, and stops sharing. Nothing it sends
 * opens anything without the key, which leaves this device only inside the link it hands over.
 */
import { makeShare, openShared, sealShared, shareFragment, unwrapShareKey, wrapShareKey } from '../../../shared/crypto/share-copy';
import type { Keyring } from '../../../shared/crypto/keys';
import type { ShareKind } from '../../../shared/share-items';
import type { SharedCopy, ShareItemRef } from './projections';
import type { Api } from '../keys';

/** A share as the server lists it (sync-server/sharing/service.ts ShareJson). */
export interface ShareJson {
  id: string;
  itemKind: ShareKind;
  itemId: string;
  phase: 'created' | 'active' | 'stopped';
  revision: number;
  ownerKid: string | null;
  ownerWrap: string | null;
  label: string | null;
  createdAt: string;
  updatedAt: string;
  openedAt: string | null;
  stoppedAt: string | null;
}

export { documentCopy, type SharedDocument } from './projections';

export interface ShareDeps {
  api: Api;
  /** The owner's account id (every wrap is bound to it). */
  account: string;
  /** The owner's opened keyring (its `docs` scope keys). */
  keyring: Keyring;
}

/** A share this device could open: its key (for the link and refreshes) and the person's name. */
export interface OpenedShare {
  share: ShareJson;
  key: Uint8Array;
  name: string;
}

/** Thrown when the server's wrap of a share key does not open with this account's keys (a server that swapped it). */
export class ShareKeyRefusedError extends Error {
  constructor(readonly shareId: string) {
    super('This share\'s key was not made by your devices. It was not used, and nothing was sealed under it.');
    this.name = 'ShareKeyRefusedError';
  }
}

/** The link the owner hands over: the share's id in the path, its key in the fragment (never sent to the server). */
export const shareLink = (origin: string, shareId: string, key: Uint8Array): string => `${origin}/shared/${shareId}#${shareFragment(key)}`;

/** Opens a share's key and name with the owner's keyring; throws ShareKeyRefusedError when the wrap is not the owner's. */
export async function openShare(deps: ShareDeps, share: ShareJson): Promise<OpenedShare> {
  const scopeKey = share.ownerKid ? deps.keyring.lookup(share.ownerKid) : undefined;
  if (!scopeKey || !share.ownerWrap || !share.label) throw new ShareKeyRefusedError(share.id);
  let key: Uint8Array;
  let name: unknown;
  try {
    key = await unwrapShareKey(scopeKey, share.ownerWrap, deps.account, share.id);
    name = await openShared(key, share.id, 'label', 0, share.label);
  } catch {
    throw new ShareKeyRefusedError(share.id);
  }
  return { share, key, name: typeof name === 'string' ? name : '' };
}

/** A share as the owner's screens list it: with the person's name and the link when this device could open its key (null when stopped, or a key it did not make). */
export interface ShareRow {
  share: ShareJson;
  name: string | null;
  link: string | null;
}

/** Opens each live share's name and link on this device (stopped ones have neither any more); a refused key leaves both null. */
export const openShareRows = (deps: ShareDeps, shares: readonly ShareJson[], origin: string): Promise<ShareRow[]> =>
  Promise.all(
    shares.map(async (share): Promise<ShareRow> => {
      if (share.phase === 'stopped') return { share, name: null, link: null };
      try {
        const o = await openShare(deps, share);
        return { share, name: o.name, link: shareLink(origin, share.id, o.key) };
      } catch (err) {
        if (err instanceof ShareKeyRefusedError) return { share, name: null, link: null };
        throw err;
      }
    }),
  );

/** Lists the owner's shares of one item (every phase), or of every item when `ref` is not given (the timeline in Settings). */
export async function listShares(deps: Pick<ShareDeps, 'api'>, ref?: ShareItemRef): Promise<ShareJson[]> {
  const { shares } = await deps.api<{ shares: ShareJson[] }>(ref ? `/api/shares?itemId=${encodeURIComponent(ref.id)}` : '/api/shares');
  return ref ? shares.filter((s) => s.itemKind === ref.kind) : shares;
}

/**
 * Shares item `ref`, whose copy is `copy` (projections.ts projectItem), with the person called
 * `name`: makes the key, wraps it under the current `docs` key, seals the name and the first
 * copy, and returns the link to hand over. One path for every kind of item. Throws the api's
 * errors (e.g. 404 for an item the server does not have yet: it must sync first).
 */
export async function startSharing(deps: ShareDeps, ref: ShareItemRef, copy: SharedCopy, name: string, origin: string): Promise<{ share: ShareJson; link: string }> {
  const docs = deps.keyring.current('docs');
  if (!docs) throw new Error('This account has no key for documents');
  const { shareId, key } = makeShare();
  const share = await deps.api<ShareJson>('/api/shares', {
    method: 'POST',
    body: { shareId, itemKind: ref.kind, itemId: ref.id, ownerKid: docs.kid, ownerWrap: await wrapShareKey(docs.key, key, deps.account, shareId), label: await sealShared(key, shareId, 'label', 0, name) },
  });
  await publish(deps, { share, key, name }, copy);
  return { share: { ...share, phase: 'active', revision: share.revision + 1 }, link: shareLink(origin, shareId, key) };
}

/** Seals `value` as the share's next revision and sends it; on a 409 (another device was first) it retries once over the newer revision. */
async function publish(deps: ShareDeps, opened: OpenedShare, value: SharedCopy): Promise<void> {
  let after = opened.share.revision;
  for (let attempt = 0; ; attempt++) {
    const copy = await sealShared(opened.key, opened.share.id, 'copy', after + 1, value);
    try {
      await deps.api(`/api/shares/${opened.share.id}/copy`, { method: 'PUT', body: { after, copy } });
      return;
    } catch (err) {
      const revision = (err as { status?: number; bodyText?: string }).status === 409 ? newerRevision(err) : null;
      if (revision === null || attempt > 0) throw err;
      after = revision;
    }
  }
}

/** The current revision a 409 names, or null. */
function newerRevision(err: unknown): number | null {
  const text = (err as { bodyText?: string; message?: string }).bodyText ?? (err as Error).message ?? '';
  const m = /"revision":\s*([0-9]+)/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Sends item `ref`'s current copy to every live share of it, so each viewer sees the edit. A share
 * whose key this device cannot open (a wrap the server swapped) is refused, never refreshed.
 * Returns how many were refreshed and the ids refused.
 */
export async function refreshShares(deps: ShareDeps, ref: ShareItemRef, copy: SharedCopy): Promise<{ refreshed: number; refused: string[] }> {
  const live = (await listShares(deps, ref)).filter((s) => s.phase !== 'stopped');
  const out = { refreshed: 0, refused: [] as string[] };
  for (const share of live) {
    try {
      await publish(deps, await openShare(deps, share), copy);
      out.refreshed++;
    } catch (err) {
      if (!(err instanceof ShareKeyRefusedError)) throw err;
      out.refused.push(share.id);
    }
  }
  return out;
}

/** Stops sharing at once: the server deletes the copy and the link opens nothing from now on. */
export const stopSharing = (deps: Pick<ShareDeps, 'api'>, shareId: string): Promise<unknown> => deps.api(`/api/shares/${shareId}/stop`, { method: 'POST', body: {} });
