/**
 * Share now while the owner's device is offline (issue 43 "Done when": the choices are saved on the
 * device; docs/sharing.md "Offline"). A share's key, its wrap and the sealed name are made on the
 * device (share-client.ts prepareShare), so the link can be handed over at once; when the server
 * cannot be reached, the share waits in this device's database (`pendingShares`, Dexie v6: the
 * POST body only, the key itself never stored, only wrapped under the `docs` key) and already
 * stands in its item's live set (synced like any field). Once the device is online,
 * sendPendingShares sends each, and its first copy is sealed (refreshShares), so the link opens
 * from then on; until then it says "not yet". A waiting share stopped on the device never reaches
 * the server.
 */
import type { AfterwordDexie } from '../../db/schema';
import type { SharedCopy, ShareItemRef } from './projections';
import { goLive, listShares, postShare, prepareShare, refreshShares, type PreparedShare, type ShareDeps, type ShareJson } from './share-client';

/** One share waiting to reach the server. */
export interface PendingShare {
  shareId: string;
  ref: ShareItemRef;
  body: PreparedShare['body'];
  name: string;
  at: number;
}

/** Where waiting shares are kept. */
export interface PendingShares {
  /** Every waiting share (of item `ref` only, when given), oldest first. */
  list(ref?: ShareItemRef): Promise<PendingShare[]>;
  add(share: PendingShare): Promise<void>;
  remove(shareId: string): Promise<void>;
}

/** Waiting shares in `dexie`'s `pendingShares` table (the signed-in account's database on this device). */
export function pendingSharesIn(dexie: AfterwordDexie): PendingShares {
  const table = dexie.pendingShares;
  return {
    async list(ref) {
      const rows = (await table.toArray()).map((r) => ({ shareId: r.shareId, ref: { kind: r.kind, id: r.id }, body: r.body, name: r.name, at: r.at }));
      return rows.filter((r) => !ref || (r.ref.kind === ref.kind && r.ref.id === ref.id)).sort((a, b) => a.at - b.at);
    },
    add: async (p) => void (await table.put({ shareId: p.shareId, kind: p.ref.kind, id: p.ref.id, body: p.body, name: p.name, at: p.at })),
    remove: (shareId) => table.delete(shareId),
  };
}

/** True when `err` is fetch's own failure to reach the server (offline, or the connection dropped), not an answer. */
export const unreachable = (err: unknown): boolean => err instanceof TypeError;

/**
 * Shares item `ref` (its copy `copy`) with `name` as startSharing does when the server answers;
 * when it cannot be reached, or does not have the item yet (404), keeps the share waiting in `queue` with the item's live set already
 * holding it, and still gives the link (`pending: true`). Throws the server's refusals and a
 * failure to write the live set (nothing is then kept).
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
  let share: ShareJson;
  try {
    share = await postShare(deps, ref, prepared.body);
  } catch (err) {
    // Offline, or the item not on the server yet (404: it was written here and has not synced): it waits.
    if (!unreachable(err) && (err as { status?: number }).status !== 404) throw err;
    await goLiveLater(deps, ref, prepared.shareId);
    await queue.add({ shareId: prepared.shareId, ref, body: prepared.body, name, at: (deps.now ?? Date.now)() });
    return { shareId: prepared.shareId, link: prepared.link, pending: true };
  }
  await goLive(deps, ref, prepared, share, copy);
  return { shareId: prepared.shareId, link: prepared.link, pending: false };
}

/** Adds `shareId` to item `ref`'s live set on this device (synced like any field of its record). */
async function goLiveLater(deps: Pick<ShareDeps, 'live'>, ref: ShareItemRef, shareId: string): Promise<void> {
  await deps.live.write(ref, [...(await deps.live.read(ref)).filter((id) => id !== shareId), shareId]);
}

/**
 * Stops a share that is still waiting on this device: it leaves the queue and its item's live set,
 * and never reaches the server (its link opens nothing).
 */
export async function dropPendingShare(deps: Pick<ShareDeps, 'live'>, queue: PendingShares, shareId: string): Promise<void> {
  const waiting = (await queue.list()).find((p) => p.shareId === shareId);
  await queue.remove(shareId);
  if (!waiting) return;
  const live = await deps.live.read(waiting.ref);
  if (live.includes(shareId)) await deps.live.write(waiting.ref, live.filter((id) => id !== shareId));
}

/**
 * Sends every waiting share, oldest first, then seals its item's copy for it (`copyOf`: the item's
 * copy now, projections.ts projectItem; null when the item is gone, and its waiting share with it). A share the server already has
 * (409, and listed as the owner's: an earlier send whose answer was lost) counts as sent. One that cannot be sent yet stays
 * waiting: the server unreachable, the item not on the server yet (404: it syncs first), or a
 * passing refusal (429, 5xx). One the server refuses for good (another 4xx) leaves the queue and
 * its live set, and its id is returned in `refused` for the person to be told.
 */
export async function sendPendingShares(
  deps: ShareDeps,
  queue: PendingShares,
  copyOf: (ref: ShareItemRef) => SharedCopy | null,
): Promise<{ sent: number; waiting: number; refused: string[] }> {
  const out = { sent: 0, waiting: 0, refused: [] as string[] };
  for (const p of await queue.list()) {
    const copy = copyOf(p.ref);
    if (!copy) {
      await dropPendingShare(deps, queue, p.shareId); // the item was deleted here meanwhile: nothing to share
      continue;
    }
    try {
      await postShare(deps, p.ref, p.body);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (unreachable(err) || status === 404 || status === 429 || (status ?? 500) >= 500) {
        out.waiting++;
        continue;
      }
      // 409: taken, by this device's earlier send whose answer was lost, only if the server lists it as the owner's.
      let listed = false;
      if (status === 409) {
        try {
          listed = (await listShares(deps, p.ref)).some((s) => s.id === p.shareId && s.phase !== 'stopped');
        } catch {
          out.waiting++; // the list could not be read now: asked again at the next send
          continue;
        }
      }
      if (!listed) {
        await dropPendingShare(deps, queue, p.shareId);
        out.refused.push(p.shareId);
        continue;
      }
    }
    // Its first copy, before it leaves the queue: a copy that could not be sent yet keeps it waiting
    // (sent again, the server's 409 lists it as the owner's, and the copy is tried again).
    try {
      await refreshShares(deps, p.ref, copy);
    } catch {
      out.waiting++;
      continue;
    }
    await queue.remove(p.shareId);
    out.sent++;
  }
  return out;
}
