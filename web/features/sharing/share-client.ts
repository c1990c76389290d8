/**
 * The owner's device side of "share now" (docs/sharing.md): it makes each share's key, seals the
 * item's copy and the person's name under it, keeps the key wrapped under its own `docs` scope key
 * on the server, refreshes the copy when the item changes, and stops sharing. Nothing it sends
 * opens anything without the key, which leaves this device only inside the link it hands over.
 */
import { makeShare, openShared, sealShared, shareFragment, unwrapShareKey, wrapShareKey, type ShareBinding } from '../../../shared/crypto/share-copy';
import type { Keyring } from '../../../shared/crypto/keys';
import type { ShareBody, ShareJson } from '../../../shared/share-items';
export type { ShareJson };
import { copyTitle, type SharedCopy, type ShareItemRef } from './projections';
import type { Api } from '../keys';
import { keyRefusedText, notRefreshedText } from './share-words';
import { refusedForGood } from '../../api/client';
import { copyDigest, followKey, type SealedCopies } from './sealed-copies';


export { documentCopy, type SharedDocument } from './projections';

export interface ShareDeps {
  api: Api;
  /** The owner's account id (every wrap is bound to it). */
  account: string;
  /** The owner's opened keyring (its `docs` scope keys). */
  keyring: Keyring;
  /** The clock whose time is sealed into each copy as its "last changed" date (default Date.now). */
  now?: () => number;
  /** Each item's live set (a document's sealed `shares` field on this device, synced to the owner's others; live-shares.ts). */
  live: LiveShares;
  /** False when the device knows it has no network, so nothing is sent (default: `navigator.onLine`; pending-shares.ts). */
  online?: () => boolean;
  /** When the server could be reached again (device ms; 0 or absent: not yet): a queued change that failed before it is due at once (web/api/retry.ts due; when-online.ts). */
  reconnectedAt?: () => number;
  /** What this device last sealed per item (sealed-copies.ts): a first share notes its copy, so the follower does not seal it again. */
  sealed?: SealedCopies;
}

/**
 * The owner's own record of which shares of a document are live (security review F2): a share
 * joins when it is made and leaves before it is stopped, and only these are ever refreshed, so
 * the server's list decides nothing about where a later edit goes.
 */
export interface LiveShares {
  read(ref: ShareItemRef): Promise<readonly string[]>;
  write(ref: ShareItemRef, shareIds: string[]): Promise<void>;
}

/** A share this device could open: its key (for the link and refreshes) and the person's name. */
export interface OpenedShare {
  share: ShareJson;
  key: Uint8Array;
  name: string;
}

/** Thrown when the server's wrap of a share key does not open with this account's keys for this item (a server that swapped it, or named another item's share). */
export class ShareKeyRefusedError extends Error {
  constructor(readonly shareId: string) {
    super('This share\'s key was not made by your devices. It was not used, and nothing was sealed under it.');
    this.name = 'ShareKeyRefusedError';
  }
}

/** The link the owner hands over: the share's id in the path, its key in the fragment (never sent to the server). */
export const shareLink = (origin: string, shareId: string, key: Uint8Array): string => `${origin}/shared/${shareId}#${shareFragment(key)}`;

/** What `share` is bound to, as the server names it (the wrap and every sealed part check it). */
export const bindingOf = (share: Pick<ShareJson, 'id' | 'itemKind' | 'itemId'>): ShareBinding => ({ shareId: share.id, itemKind: share.itemKind, itemId: share.itemId });

/**
 * Opens a share of item `ref` (its key and name) with the owner's keyring; throws
 * ShareKeyRefusedError when the wrap is not the owner's for that very item: a server that
 * lists another item's share under this one gets nothing sealed under it (security review F1).
 */
export async function openShare(deps: Pick<ShareDeps, 'account' | 'keyring'>, share: ShareJson, ref: ShareItemRef): Promise<OpenedShare> {
  const scopeKey = share.ownerKid ? deps.keyring.lookup(share.ownerKid) : undefined;
  if (!scopeKey || !share.ownerWrap || !share.label || share.itemKind !== ref.kind || share.itemId !== ref.id) throw new ShareKeyRefusedError(share.id);
  let key: Uint8Array;
  let name: unknown;
  try {
    key = await unwrapShareKey(scopeKey, share.ownerWrap, deps.account, bindingOf(share));
    name = await openShared(key, bindingOf(share), 'label', 0, share.label);
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
  /** Live on the server but not in the item's own live set (stopped on another device, or kept by the server): never refreshed, never said to be live. */
  notLive?: boolean;
}

/**
 * Opens each live share's name and link on this device (a stopped one has no link, and its name
 * only from what was kept for the owner's timeline: keptName); a
 * refused key leaves both null, and a share not in its item's live set (LiveShares) is marked
 * `notLive` and not opened: only the owner's devices say a share is live (security review F2).
 */
export const openShareRows = (deps: ShareDeps, shares: readonly ShareJson[], origin: string): Promise<ShareRow[]> =>
  Promise.all(
    shares.map(async (share): Promise<ShareRow> => {
      if (share.phase === 'stopped') return { share, name: await keptName(deps, share), link: null };
      const ref = { kind: share.itemKind, id: share.itemId };
      if (!(await deps.live.read(ref)).includes(share.id)) return { share, name: null, link: null, notLive: true };
      try {
        const o = await openShare(deps, share, ref);
        return { share, name: o.name, link: shareLink(origin, share.id, o.key) };
      } catch (err) {
        if (err instanceof ShareKeyRefusedError) return { share, name: null, link: null };
        throw err;
      }
    }),
  );

/**
 * The person's name of stopped share `share`, opened from what the server kept for the owner's
 * timeline (its wrap and sealed name: `kept`), with the same checks as a live share's (openShare:
 * a wrap not the owner's for that item gives none); null when nothing was kept or it does not open.
 */
async function keptName(deps: Pick<ShareDeps, 'account' | 'keyring'>, share: ShareJson): Promise<string | null> {
  if (!share.kept) return null;
  try {
    return (await openShare(deps, { ...share, ...share.kept }, { kind: share.itemKind, id: share.itemId })).name || null;
  } catch (err) {
    if (err instanceof ShareKeyRefusedError) return null;
    throw err;
  }
}

/** Lists the owner's shares of one item (every phase), or of every item when `ref` is not given (the timeline in Settings). */
export async function listShares(deps: Pick<ShareDeps, 'api'>, ref?: ShareItemRef): Promise<ShareJson[]> {
  const { shares } = await deps.api<{ shares: ShareJson[] }>(ref ? `/api/shares?itemId=${encodeURIComponent(ref.id)}` : '/api/shares');
  return ref ? shares.filter((s) => s.itemKind === ref.kind) : shares;
}

/** A share made on this device, not yet on the server: its id and key, what POST /api/shares carries, and the link. */
export interface PreparedShare {
  shareId: string;
  key: Uint8Array;
  body: ShareBody;
  link: string;
}

/**
 * Makes a share of item `ref` for the person called `name` on this device alone (offline too):
 * the key, its wrap under the current `docs` key, the sealed name and the link to hand over.
 * Throws when the account has no `docs` key.
 */
export async function prepareShare(deps: Pick<ShareDeps, 'account' | 'keyring'>, ref: ShareItemRef, name: string, origin: string): Promise<PreparedShare> {
  const docs = deps.keyring.current('docs');
  if (!docs) throw new Error('This account has no key for documents');
  const { shareId, key } = makeShare();
  const bound = { shareId, itemKind: ref.kind, itemId: ref.id };
  const body: ShareBody = { shareId, itemKind: ref.kind, itemId: ref.id, ownerKid: docs.kid, ownerWrap: await wrapShareKey(docs.key, key, deps.account, bound), label: await sealShared(key, bound, 'label', 0, name) };
  return { shareId, key, body, link: shareLink(origin, shareId, key) };
}

/** Sends a prepared share (`POST /api/shares`); refuses an answer about another share or item. Throws the api's errors. */
export async function postShare(deps: Pick<ShareDeps, 'api'>, ref: ShareItemRef, body: PreparedShare['body']): Promise<ShareJson> {
  const share = await deps.api<ShareJson>('/api/shares', { method: 'POST', body });
  if (share.id !== body.shareId || share.itemKind !== ref.kind || share.itemId !== ref.id) throw new ShareKeyRefusedError(body.shareId);
  return share;
}

/**
 * Shares item `ref`, whose copy is `copy` (projections.ts projectItem), with the person called
 * `name`: makes the key, wraps it under the current `docs` key, seals the name and the first
 * copy, and returns the link to hand over. One path for every kind of item. Throws the api's
 * errors (e.g. 404 for an item the server does not have yet: it must sync first). Offline, see
 * pending-shares.ts shareOrQueue.
 */
export async function startSharing(deps: ShareDeps, ref: ShareItemRef, copy: SharedCopy, name: string, origin: string): Promise<{ share: ShareJson; link: string }> {
  const prepared = await prepareShare(deps, ref, name, origin);
  const share = await postShare(deps, ref, prepared.body);
  await goLive(deps, ref, prepared, share, copy);
  return { share: { ...share, phase: 'active', revision: share.revision + 1 }, link: prepared.link };
}

/**
 * A share the server holds joins its item's live set and gets its first copy. Not in a live set it
 * would never be refreshed: if the set cannot take it, it is stopped before anything is sealed in it.
 * When it is the item's only live share, its copy is noted as the one sealed (`deps.sealed`).
 */
export async function goLive(deps: ShareDeps, ref: ShareItemRef, prepared: PreparedShare, share: ShareJson, copy: SharedCopy): Promise<void> {
  const { shareId, key } = prepared;
  try {
    await deps.live.write(ref, [...(await deps.live.read(ref)).filter((id) => id !== shareId), shareId]);
  } catch (err) {
    await deps.api(`/api/shares/${shareId}/stop`, { method: 'POST', body: {} }).catch(() => {});
    throw err;
  }
  await publish(deps, { share, key, name: '' }, copy);
  // The item's only live share holds this copy now: the follower's first sight of it is not a change.
  if (deps.sealed && (await deps.live.read(ref)).every((id) => id === shareId)) await deps.sealed.set(followKey(ref), await copyDigest(copy));
}

/**
 * Seals `value` as the share's next revision and sends it; on a 409 (another device was first) it
 * retries once over the newer revision. The copy carries its own `sealedAt` (ISO 8601), so the
 * viewer's page shows the owner's date, never the server's (security review F4).
 */
async function publish(deps: ShareDeps, opened: OpenedShare, value: SharedCopy): Promise<void> {
  let after = opened.share.revision;
  const sealed: SharedCopy = { ...value, sealedAt: new Date((deps.now ?? Date.now)()).toISOString() };
  for (let attempt = 0; ; attempt++) {
    const copy = await sealShared(opened.key, bindingOf(opened.share), 'copy', after + 1, sealed);
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
 * Sends item `ref`'s current copy (projections.ts projectItem) to every share of it in its live set
 * (LiveShares) that the server still has, so each viewer sees the edit. A share whose key this
 * device cannot open for `ref` (a wrap the server swapped, or another item's share listed under
 * it) is refused, never refreshed. A copy the server refuses for good for one share (refusedForGood)
 * is listed in `failed` with the person's name and the server's answer, and the others are still
 * sent; one the server says is gone (404, 410: stopped meanwhile) is skipped. Returns how many were
 * refreshed, the ids refused and the failures; throws what may pass (offline, 5xx, a session to renew).
 */
export async function refreshShares(deps: ShareDeps, ref: ShareItemRef, copy: SharedCopy): Promise<{ refreshed: number; refused: string[]; failed: RefreshFailure[] }> {
  const mine = new Set(await deps.live.read(ref));
  const listed = (await listShares(deps, ref)).filter((s) => s.phase !== 'stopped');
  const out = { refreshed: 0, refused: [] as string[], failed: [] as RefreshFailure[] };
  for (const share of listed) {
    let opened: OpenedShare;
    try {
      opened = await openShare(deps, share, ref); // another item's share is refused here, visibly
    } catch (err) {
      if (!(err instanceof ShareKeyRefusedError)) throw err;
      out.refused.push(share.id);
      continue;
    }
    if (!mine.has(share.id)) continue; // never the server's say: a share the owner stopped stays stopped
    try {
      await publish(deps, opened, copy);
      out.refreshed++;
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 404 || status === 410) continue; // stopped meanwhile: nothing to update
      if (!refusedForGood(status)) throw err;
      out.failed.push({ shareId: share.id, name: opened.name, status: status!, bodyText: (err as { bodyText?: string }).bodyText ?? '' });
    }
  }
  return out;
}

/** A share whose copy the server refused for good: for whom, and the server's answer. */
export interface RefreshFailure {
  shareId: string;
  name: string;
  status: number;
  bodyText: string;
}


/**
 * refreshShares as the share follower (ShareFollow.tsx) runs it: resolves the owner's words for
 * each share that was not updated (share-words.ts: a key this device did not make, once; a copy
 * refused for good, naming the person, the item and why), none when every share was. A refusal
 * for good is said once and not tried again. Throws what refreshShares throws (kept waiting).
 */
export async function refreshSharesTold(deps: ShareDeps, ref: ShareItemRef, copy: SharedCopy): Promise<string[]> {
  const { refused, failed } = await refreshShares(deps, ref, copy);
  return [...(refused.length ? [keyRefusedText()] : []), ...failed.map((f) => notRefreshedText(f.name, copyTitle(copy), f.status, f.bodyText))];
}

/**
 * Stops sharing item `ref`'s share `shareId` at once: this device first takes it out of the
 * item's live set (so no device of the owner's refreshes it again, whatever the server
 * says), then the server deletes the copy and the link opens nothing from now on. Throws the api's errors.
 */
export async function stopSharing(deps: Pick<ShareDeps, 'api' | 'live'>, ref: ShareItemRef, shareId: string): Promise<void> {
  const live = await deps.live.read(ref);
  if (live.includes(shareId)) await deps.live.write(ref, live.filter((id) => id !== shareId));
  await deps.api(`/api/shares/${shareId}/stop`, { method: 'POST', body: {} });
}
