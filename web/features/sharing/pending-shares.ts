/**
 * Share now while the owner's device is offline (issue 43 "Done when": the choices are saved on the
 * device; docs/sharing.md "Offline"). A share's key, its wrap and the sealed name are made on the
 * device (share-client.ts prepareShare), so the link can be handed over at once; when the server
 * cannot be reached, the share waits in this device's database (`pendingShares`, Dexie v6: the
 * POST body only, the key itself never stored, only wrapped under the `docs` key) and already
 * stands in its item's live set (synced like any field). Once the device is online,
 * sendPendingShares sends each, and its first copy is sealed (refreshShares), so the link opens
 * from then on; until then it says "not yet". A waiting share stopped on the device never reaches
 * the server. A row says whether a send of it has started (`sent`: its answer may have been lost, so
 * the server may hold it): a Stop of such a share while offline is never told done; the row waits,
 * marked `stopping`, and the device sends the stop, never the share, once online. A live share
 * (one the server holds) stopped when the server cannot be reached joins the queue the same way,
 * marked `stopping` (stopLiveShare): it leaves its item's live set at once, and its stop is sent first
 * thing once online; a busy or unreachable server is asked again after a growing wait (retry.ts), and
 * a stop the server refuses for good is kept with why, told once and not sent again until Try again.
 */
import type { AfterwordDexie } from '../../db/schema';
import { refusedForGood, serverMessage } from '../../api/client';
import { backOff, due, passingFailure, type RetryState } from '../../api/retry';
import { copyTitle, type SharedCopy, type ShareItemRef } from './projections';
import { goneFromServer, itemChangeWaits, ItemGoneError } from './item-on-server';
import { exclusively } from './queue-lock';
import { goLive, listShares, postShare, prepareShare, refreshShares, type PreparedShare, type ShareDeps, type ShareJson } from './share-client';

/** One share waiting to reach the server. */
export interface PendingShare extends RetryState {
  shareId: string;
  ref: ShareItemRef;
  body: PreparedShare['body'];
  name: string;
  /** The item's title when it was shared (names it once the item is deleted). */
  title?: string;
  at: number;
  /** A send of it has started, so it may be on the server (absent on rows from before the flag: maybe). */
  sent?: boolean;
  /** Stopped by the owner while offline: its stop waits to reach the server. */
  stopping?: boolean;
  /** Why the server refused its stop for good (its words): never sent again by itself (retryStop sends it once more). */
  problem?: string;
  /** A sync brought its item's delete from another device (web/db/pulled-deletes.ts): dropped, the owner is told once. */
  deletedElsewhere?: boolean;
}

/** What may change on a row: its flags, its stop's retry state, why its stop was refused (undefined: cleared). */
type RowChange = { sent?: true; stopping?: true; problem?: string; deletedElsewhere?: undefined } & RetryState;

/** Where waiting shares are kept. */
export interface PendingShares {
  /** Every row (of item `ref` only, when given), oldest first: shares to send, and stops to send (`stopping`). */
  list(ref?: ShareItemRef): Promise<PendingShare[]>;
  add(share: PendingShare): Promise<void>;
  /** Sets flags (or the retry state, or why its stop was refused) of the row `shareId`, when it is still there. */
  mark(shareId: string, change: RowChange): Promise<void>;
  remove(shareId: string): Promise<void>;
  /** True when a change of item `ref` (of `account`) waits in this device's outbox (item-on-server.ts itemChangeWaits): a 404 for it is not final. */
  itemWaits(ref: ShareItemRef, account: string): Promise<boolean>;
}

/** Waiting shares in `dexie`'s `pendingShares` table (the signed-in account's database on this device). */
export function pendingSharesIn(dexie: AfterwordDexie): PendingShares {
  const table = dexie.pendingShares;
  return {
    async list(ref) {
      const rows = (await table.toArray()).map((r) => ({ shareId: r.shareId, ref: { kind: r.kind, id: r.id }, body: r.body, name: r.name, title: r.title, at: r.at, sent: r.sent, stopping: r.stopping, problem: r.problem, tries: r.tries, retryAt: r.retryAt, deletedElsewhere: r.deletedElsewhere }));
      return rows.filter((r) => !ref || (r.ref.kind === ref.kind && r.ref.id === ref.id)).sort((a, b) => a.at - b.at);
    },
    add: async (p) => void (await table.put({ shareId: p.shareId, kind: p.ref.kind, id: p.ref.id, body: p.body, name: p.name, title: p.title, at: p.at, sent: p.sent, stopping: p.stopping })),
    mark: async (shareId, change) => void (await table.update(shareId, change)),
    remove: (shareId) => table.delete(shareId),
    itemWaits: (ref, account) => itemChangeWaits(dexie, ref, account),
  };
}

/** True when `err` is fetch's own failure to reach the server (offline, or the connection dropped), not an answer. */
export const unreachable = (err: unknown): boolean => err instanceof TypeError;

/** False when the device knows it has no network (deps.online, else navigator.onLine): a send then never leaves it. */
const isOnline = (deps: Pick<ShareDeps, 'online'>): boolean => (deps.online ? deps.online() : typeof navigator === 'undefined' || navigator.onLine !== false);

/** A row that may be on the server: a send of it started (or a row from before the flag). */
const maybeSent = (p: PendingShare): boolean => p.sent !== false;

/**
 * Shares item `ref` (its copy `copy`) with `name` as startSharing does when the server answers;
 * when it cannot be reached, or does not have the item yet (404 while the item's change waits in
 * this device's outbox), keeps the share waiting in `queue` with the item's live set already
 * holding it, and still gives the link (`pending: true`); the row says whether the send was
 * tried (`sent`: fetch's failure may come after the server took it). Throws ItemGoneError for a 404
 * when nothing of the item waits to be sent (deleted on another device), the server's other
 * refusals and a failure to write the live set (nothing is then kept).
 */
export async function shareOrQueue(
  deps: ShareDeps,
  ref: ShareItemRef,
  copy: SharedCopy,
  name: string,
  origin: string,
  queue: PendingShares,
): Promise<{ shareId: string; link: string; pending: boolean }> {
  const prepared = await prepareShare(deps, ref, name, origin);
  const wait = async (sent: boolean) => {
    await goLiveLater(deps, ref, prepared.shareId);
    await queue.add({ shareId: prepared.shareId, ref, body: prepared.body, name, title: copyTitle(copy), at: (deps.now ?? Date.now)(), sent });
    return { shareId: prepared.shareId, link: prepared.link, pending: true };
  };
  if (!isOnline(deps)) return wait(false); // no network: nothing leaves the device
  let share: ShareJson;
  try {
    share = await postShare(deps, ref, prepared.body);
  } catch (err) {
    // Unreachable (the server may have taken it before the answer was lost), or the item not on
    // the server yet (404: it was written here and has not synced, so the share was not taken): it waits.
    if (unreachable(err)) return wait(true);
    if (await goneFromServer(err, ref, (r) => queue.itemWaits(r, deps.account))) throw new ItemGoneError();
    if ((err as { status?: number }).status === 404) return wait(false);
    throw err;
  }
  await goLive(deps, ref, prepared, share, copy);
  return { shareId: prepared.shareId, link: prepared.link, pending: false };
}

/** Adds `shareId` to item `ref`'s live set on this device (synced like any field of its record). */
async function goLiveLater(deps: Pick<ShareDeps, 'live'>, ref: ShareItemRef, shareId: string): Promise<void> {
  await deps.live.write(ref, [...(await deps.live.read(ref)).filter((id) => id !== shareId), shareId]);
}

/** Takes `shareId` out of item `ref`'s live set on this device, when it is there. */
async function leaveLiveSet(deps: Pick<ShareDeps, 'live'>, ref: ShareItemRef, shareId: string): Promise<void> {
  const live = await deps.live.read(ref);
  if (live.includes(shareId)) await deps.live.write(ref, live.filter((id) => id !== shareId));
}

/**
 * Stops share `shareId` of item `ref` that was made on this device while offline, whether or not it
 * has reached the server since: it leaves its item's live set at once. A row no send has started
 * (sends run one at a time with this) simply leaves the queue: 'stopped'. Otherwise the server is
 * asked to stop it (a 404 means it never arrived): 'stopped' once it has. When it cannot be asked
 * now (unreachable, offline, a session to renew, a passing refusal: keepsWaiting), a row still in
 * the queue stays there marked `stopping`, so sendPendingShares sends the stop (never the share)
 * later: 'later'. A share that already left the queue: 'offline' when the server cannot be reached
 * (the owner is told to try again); the server's other refusals are thrown (nothing is kept).
 */
export async function dropPendingShare(
  deps: Pick<ShareDeps, 'live' | 'api' | 'account' | 'online'>,
  queue: PendingShares,
  shareId: string,
  ref: ShareItemRef,
): Promise<'stopped' | 'later' | 'offline'> {
  return exclusively(deps.account, async () => {
    const row = (await queue.list()).find((p) => p.shareId === shareId);
    await leaveLiveSet(deps, ref, shareId);
    if (row && !maybeSent(row)) {
      await queue.remove(shareId); // never left this device
      return 'stopped';
    }
    try {
      await stopOnServer(deps, shareId);
    } catch (err) {
      if (row && keepsWaiting(err)) {
        await queue.mark(shareId, { stopping: true });
        return 'later';
      }
      if (!row && unreachable(err)) return 'offline';
      throw err;
    }
    await queue.remove(shareId);
    return 'stopped';
  });
}

/**
 * Stops live share `share` of item `ref` (the person's name `name`: this device's list only): it
 * leaves the item's live set at once, so no device of the owner's refreshes it again, then the server
 * is asked to stop it: 'stopped' once it has (the link opens nothing from then on). When the server
 * cannot be asked now (offline, unreachable, a session to renew, a passing refusal: keepsWaiting), it
 * waits in `queue` marked `stopping` (sent, never to be sent again as a share), so sendPendingShares
 * sends its stop once the device is online: 'later', and until then the link still opens. The
 * server's other refusals are thrown (the share stays out of the live set: the owner is told).
 */
export async function stopLiveShare(
  deps: Pick<ShareDeps, 'live' | 'api' | 'account' | 'online' | 'now'>,
  queue: PendingShares,
  ref: ShareItemRef,
  share: Pick<ShareJson, 'id' | 'ownerKid' | 'ownerWrap' | 'label'>,
  name: string,
): Promise<'stopped' | 'later'> {
  return exclusively(deps.account, async () => {
    await leaveLiveSet(deps, ref, share.id);
    try {
      await stopOnServer(deps, share.id);
    } catch (err) {
      if (!keepsWaiting(err)) throw err;
      const body = { shareId: share.id, itemKind: ref.kind, itemId: ref.id, ownerKid: share.ownerKid ?? '', ownerWrap: share.ownerWrap ?? '', label: share.label ?? '' };
      await queue.add({ shareId: share.id, ref, body, name, at: (deps.now ?? Date.now)(), sent: true, stopping: true });
      return 'later';
    }
    await queue.remove(share.id); // a stop waiting for it, if any, is done
    return 'stopped';
  });
}

/** Asks the server to stop `shareId`; resolves once it has or never had it (404, 410). Throws the api's other errors, and a TypeError while the device knows it is offline. */
async function stopOnServer(deps: Pick<ShareDeps, 'api' | 'online'>, shareId: string): Promise<void> {
  if (!isOnline(deps)) throw new TypeError('offline');
  try {
    await deps.api(`/api/shares/${shareId}/stop`, { method: 'POST', body: {} });
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status !== 404 && status !== 410) throw err;
  }
}

/** A share that left the queue refused (or, with `stop`, a waiting stop the server refused for good: the row stays, listed with why): whom it was for. */
export interface RefusedShare {
  shareId: string;
  name: string;
  ref: ShareItemRef;
  /** Its stop was refused for good, in the server's words (`why`): the link still opens. */
  stop?: { why: string };
  /** The server no longer has its item (a 404 with nothing of the item waiting in this device's outbox, or its delete pulled from another device): nothing was shared. */
  gone?: true;
  /** The item's title when it was shared (the item may be deleted since). */
  title?: string;
}

/**
 * Sends the waiting stop of `shareId` once more, now, whatever its wait or refusal (the owner's Try
 * again): 'stopped' once the server has stopped it (or no such row waits); 'later' when it could not
 * be asked now (its wait starts over); 'refused' with the server's words (kept, listed with why).
 */
export async function retryStop(deps: Pick<ShareDeps, 'api' | 'account' | 'online' | 'now'>, queue: PendingShares, shareId: string): Promise<{ outcome: 'stopped' | 'later' } | { outcome: 'refused'; why: string }> {
  return exclusively(deps.account, async () => {
    const row = (await queue.list()).find((p) => p.shareId === shareId && p.stopping);
    if (!row) return { outcome: 'stopped' as const };
    await queue.mark(shareId, { problem: undefined, tries: undefined, retryAt: undefined });
    const done = await sendStop(deps, queue, { ...row, problem: undefined, tries: undefined, retryAt: undefined });
    return typeof done === 'string' ? { outcome: 'refused' as const, why: done } : { outcome: done ? ('stopped' as const) : ('later' as const) };
  });
}

/**
 * Sends the stop of waiting row `p`: true once the server has stopped it (the row leaves the queue);
 * false when it could not be asked now (a busy or unreachable server: its next try waits longer,
 * backOff; offline or a session to renew: the next send); the server's words when it refused it for
 * good (a 4xx other than 401, 403, 407, 408, 409, 425, 429: refusedForGood), kept on the row.
 */
async function sendStop(deps: Pick<ShareDeps, 'api' | 'online' | 'now'>, queue: PendingShares, p: PendingShare): Promise<boolean | string> {
  try {
    await stopOnServer(deps, p.shareId);
  } catch (err) {
    if (refusedForGood((err as { status?: number }).status)) {
      const why = serverMessage(err, (err as Error).message);
      await queue.mark(p.shareId, { problem: why });
      return why;
    }
    if (passingFailure(err) && isOnline(deps)) await queue.mark(p.shareId, backOff(p, (deps.now ?? Date.now)()));
    return false;
  }
  await queue.remove(p.shareId);
  return true;
}

/**
 * Sends every waiting share, oldest first, then seals its item's copy for it (`copyOf`: the item's
 * copy now, projections.ts projectItem; null when the item is gone, and its waiting share with it),
 * one at a time with any stop on this device (`exclusively`), each row read again just before it is
 * sent and before it leaves the queue. It leaves the queue only once the server lists it active
 * (its first copy sealed). A share the server already has (409, listed with this device's own wrap,
 * key id and sealed name: an earlier send whose answer was lost) is taken as sent. One that cannot
 * be sent yet stays waiting: the device offline, the server unreachable, the item not on the server yet (404 while its
 * change waits in this device's outbox: it syncs first; with none waiting the item is gone, and the share
 * leaves the queue and live set, returned in `refused` with `gone`), the session to be renewed or proven (401, 403, 407), a passing refusal (408, 425, 429,
 * 5xx), or its first copy not sealed yet. One the server refuses for good (400, 409 for a share it
 * does not list as this one, 413, 422; its first copy too), or whose key this device refuses, leaves the queue and the
 * live set and is returned in `refused` for the person to be told. One whose earlier send arrived and
 * that the owner stopped since (409, listed stopped with this device's kept wrap and name) leaves
 * both quietly. A row the owner stopped while
 * offline (`stopping`) has its stop sent instead, and leaves the queue once the server has stopped it
 * (counted in `waiting` until then). The row is marked `sent` before its first send leaves the device.
 */
export async function sendPendingShares(
  deps: ShareDeps,
  queue: PendingShares,
  copyOf: (ref: ShareItemRef) => SharedCopy | null,
): Promise<{ sent: number; waiting: number; refused: RefusedShare[] }> {
  const out = { sent: 0, waiting: 0, refused: [] as RefusedShare[] };
  // Each share alone with any stop (a Stop pressed meanwhile runs between two shares).
  for (const p of await queue.list()) await exclusively(deps.account, () => sendOne(deps, queue, copyOf, p, out));
  return out;
}

/** Statuses after which a share keeps waiting (see sendPendingShares). */
const WAIT_STATUSES = new Set([401, 403, 404, 407, 408, 425, 429]);
const keepsWaiting = (err: unknown): boolean => {
  const status = (err as { status?: number }).status;
  return unreachable(err) || (status !== undefined && (WAIT_STATUSES.has(status) || status >= 500));
};

/** Sends waiting share `p` (see sendPendingShares), counting the outcome in `out`. */
async function sendOne(
  deps: ShareDeps,
  queue: PendingShares,
  copyOf: (ref: ShareItemRef) => SharedCopy | null,
  p: PendingShare,
  out: { sent: number; waiting: number; refused: RefusedShare[] },
): Promise<void> {
  const now = (await queue.list()).find((q) => q.shareId === p.shareId);
  if (!now) return; // stopped meanwhile
  if (now.stopping) {
    // Its stop, never the share. Refused for good: kept with why, told once, not sent again by itself; never dropped.
    if (now.problem) return;
    if (!due(now, (deps.now ?? Date.now)(), deps.reconnectedAt?.())) {
      out.waiting++;
      return;
    }
    const done = await sendStop(deps, queue, now);
    if (typeof done === 'string') out.refused.push({ shareId: p.shareId, name: p.name, ref: p.ref, stop: { why: done } });
    else if (!done) out.waiting++;
    return;
  }
  if (!isOnline(deps)) {
    out.waiting++;
    return;
  }
  const refuse = async (gone?: true) => {
    await queue.remove(p.shareId);
    await leaveLiveSet(deps, p.ref, p.shareId);
    out.refused.push({ shareId: p.shareId, name: p.name, ref: p.ref, ...(gone ? { gone } : {}), ...(p.title ? { title: p.title } : {}) });
  };
  const copy = copyOf(p.ref);
  if (!copy) {
    // The item is deleted (its live set went with it): nothing to share. Deleted on another device
    // (a pulled delete marked it): told once, as an item the server no longer has; deleted here: in silence.
    if (now.deletedElsewhere) return refuse(true);
    await queue.remove(p.shareId);
    return;
  }
  if (now.deletedElsewhere) await queue.mark(p.shareId, { deletedElsewhere: undefined }); // the item is back (restored): a later delete here says nothing
  // The queue row is this device's own truth: the live set holds the share before it is sent (an
  // edit of the item on another device may have replaced the set meanwhile).
  await goLiveLater(deps, p.ref, p.shareId);
  // Marked before it leaves: if its answer is lost, a Stop knows the server may hold it.
  if (now.sent === false) await queue.mark(p.shareId, { sent: true });
  try {
    await postShare(deps, p.ref, p.body);
  } catch (err) {
    // 404 with nothing of the item waiting here: gone from the server (item-on-server.ts), never sent again.
    if (await goneFromServer(err, p.ref, (r) => queue.itemWaits(r, deps.account))) return refuse(true);
    if (keepsWaiting(err)) {
      out.waiting++;
      return;
    }
    if ((err as { status?: number }).status !== 409) {
      await refuse();
      return;
    }
    // 409: taken, by this device's earlier send whose answer was lost, only when the server lists
    // exactly this device's share (its item, key id, wrap and sealed name).
    let listed: ShareJson[];
    try {
      listed = await listShares(deps, p.ref);
    } catch {
      out.waiting++; // the list could not be read now: asked again at the next send
      return;
    }
    if (listed.some((s) => stoppedShare(s, p))) {
      // That earlier send arrived, and the owner stopped it since (the dialog lists the server's row
      // too): nothing to send, nothing to tell.
      await queue.remove(p.shareId);
      await leaveLiveSet(deps, p.ref, p.shareId);
      return;
    }
    if (!listed.some((s) => sameShare(s, p))) {
      await refuse();
      return;
    }
  }
  // Its first copy, and the server's word that it is active, before it leaves the queue.
  let sealed: Awaited<ReturnType<typeof refreshShares>>;
  let active: boolean;
  try {
    sealed = await refreshShares(deps, p.ref, copy);
    active = (await listShares(deps, p.ref)).some((s) => sameShare(s, p) && s.phase === 'active');
  } catch {
    out.waiting++;
    return;
  }
  if (sealed.refused.includes(p.shareId) || sealed.failed.some((f) => f.shareId === p.shareId)) {
    await refuse();
    return;
  }
  if (!active) {
    out.waiting++; // sealed for it next time (sent again, its 409 lists it)
    return;
  }
  await queue.remove(p.shareId);
  out.sent++;
}

/** True when the server's `s` is this device's waiting share `p`, stopped: the same id and item, and the key id, wrap and sealed name it kept for the timeline. */
const stoppedShare = (s: ShareJson, p: PendingShare): boolean =>
  s.id === p.shareId && s.phase === 'stopped' && s.itemKind === p.ref.kind && s.itemId === p.ref.id && s.kept?.ownerKid === p.body.ownerKid && s.kept.ownerWrap === p.body.ownerWrap && s.kept.label === p.body.label;

/** True when the server's `s` is this device's waiting share `p`: the same id, item, key id, wrap and sealed name. */
const sameShare = (s: ShareJson, p: PendingShare): boolean =>
  s.id === p.shareId && s.itemKind === p.ref.kind && s.itemId === p.ref.id && s.ownerKid === p.body.ownerKid && s.ownerWrap === p.body.ownerWrap && s.label === p.body.label;
