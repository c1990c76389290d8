/**
 * Share now (docs/sharing.md; issue 43): the owner's shares and the viewer's sealed copy. Every
 * step goes through the share state machine (model.ts) and is stored with a compare-and-set
 * (store/share-store.ts), so two of the owner's devices, or a stop racing a refresh, never leave
 * an older copy or a copy of a stopped share. The service never sees a share key or plain text.
 */
import type { CollectionName } from '../../shared/schema/collection-names';
import type { ShareBody, ShareJson, ShareKind } from '../../shared/share-items';
export type { ShareJson };
import { ApiHttpError } from '../http/errors';
import { newShare, shareTransition, ShareTransitionError, type ShareActor, type ShareEvent, type ShareState } from './model';
import type { AsyncShareStore, ShareRow } from './store/share-store';

/**
 * The kinds of item that are one record each, and that record's collection: the server checks
 * the record lives before a share is made or served, and its deletion stops the item's shares.
 */
export const SHARED_RECORDS = { document: 'documents', trustee: 'trustees', letter: 'messages' } as const satisfies Partial<Record<ShareKind, CollectionName>>;

/** Shares an account may have live at once (created or active): far beyond a family's need, a bound on the table. */
export const MAX_LIVE_SHARES = 200;
/** Stopped shares kept per account for the owner's list (each row holds only when; older ones are deleted). */
export const STOPPED_SHARES_KEPT = 100;
/** The largest sealed copy, in characters (a document's fields sealed and padded stay far inside it). */
export const MAX_COPY_CHARS = 64 * 1024;

/** A share as the owner's devices read it (times ISO 8601). */

/** What the viewer's page reads: the sealed copy and name, nothing else of the owner's. */
export interface SharedCopyJson {
  itemKind: ShareKind;
  /** The item's id: the copy is sealed bound to it, so the viewer's page checks it (docs/sharing.md). */
  itemId: string;
  revision: number;
  copy: string;
  label: string;
  updatedAt: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const toJson = (r: ShareRow): ShareJson => ({
  id: r.id,
  itemKind: r.item_kind,
  itemId: r.item_id,
  phase: r.phase,
  revision: r.revision,
  ownerKid: r.owner_kid,
  ownerWrap: r.owner_wrap,
  label: r.label,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  openedAt: iso(r.opened_at),
  stoppedAt: iso(r.stopped_at),
  // A stopped share's wrap and sealed name, kept for the owner's timeline (only their devices open them).
  kept: r.phase === 'stopped' && r.kept_kid && r.kept_wrap && r.kept_label ? { ownerKid: r.kept_kid, ownerWrap: r.kept_wrap, label: r.kept_label } : null,
});
const stateOf = (r: ShareRow): ShareState => ({ phase: r.phase, revision: r.revision, createdAt: r.created_at, updatedAt: r.updated_at, openedAt: r.opened_at, stoppedAt: r.stopped_at });

/** The one answer for a share that does not exist or is not the caller's (no difference is shown). */
const noShare = () => new ApiHttpError(404, 'No such share', [{ path: 'id', message: 'is not one of your shares' }]);
/** A stopped share's answer to its link. */
export const STOPPED_TEXT = 'This link no longer opens anything. The person who shared it stopped sharing.';

export interface ShareServiceDeps {
  store: AsyncShareStore;
  now: () => number;
  /** True when the owner has this live (not deleted) item. */
  itemExists(userId: string, itemKind: ShareKind, itemId: string): Promise<boolean>;
  /** The blob id of the file the owner's live item names now (a document's file), or null (none, deleted, or a kind that holds no file). */
  itemFile?(userId: string, itemKind: ShareKind, itemId: string): Promise<string | null>;
  /** After a share is made: the owner now shares something (the yearly reminder, yearly-reminder.ts `arm`). */
  sharingStarted?(userId: string): Promise<void>;
}

/** A new share as the owner's device sends it (`POST /api/shares`). */
export type NewShareInput = ShareBody;

/** The share service over `deps.store`. Each method throws ApiHttpError with the status its refusal means. */
export function createShareService(deps: ShareServiceDeps) {
  const { store } = deps;
  /** Runs `event` through the model, turning its refusal into the HTTP answer. */
  const step = (row: ShareRow, actor: ShareActor, event: ShareEvent): ShareState => {
    try {
      return shareTransition(stateOf(row), actor, event, deps.now());
    } catch (err) {
      if (!(err instanceof ShareTransitionError)) throw err;
      if (err.code === 'stale') throw new ApiHttpError(409, 'A newer copy was shared meanwhile', [{ path: 'after', message: `is not the current revision (${row.revision})` }], undefined, { revision: row.revision });
      if (row.phase === 'stopped') throw new ApiHttpError(410, 'Sharing was stopped', [{ path: 'id', message: 'is a share that was stopped' }]);
      throw new ApiHttpError(err.code === 'forbidden' ? 403 : 409, err.message);
    }
  };
  const own = async (userId: string, id: string) => {
    const row = await store.get(id);
    if (!row || row.user_id !== userId) throw noShare();
    return row;
  };
  return {
    /** Adds a share of one of the owner's items (phase `created`, no copy yet). */
    async create(userId: string, input: NewShareInput): Promise<ShareJson> {
      if (!(await deps.itemExists(userId, input.itemKind, input.itemId))) throw new ApiHttpError(404, 'No such item', [{ path: 'itemId', message: 'is not one of your items (it may not have reached the server yet)' }]);
      if ((await store.countLive(userId)) >= MAX_LIVE_SHARES) throw new ApiHttpError(409, `You are sharing ${MAX_LIVE_SHARES} things already. Stop sharing one to share another.`);
      const s = newShare(deps.now());
      const row: ShareRow = {
        id: input.shareId,
        user_id: userId,
        item_kind: input.itemKind,
        item_id: input.itemId,
        phase: s.phase,
        revision: s.revision,
        owner_kid: input.ownerKid,
        owner_wrap: input.ownerWrap,
        label: input.label,
        copy: null,
        created_at: s.createdAt,
        updated_at: s.updatedAt,
        opened_at: null,
        stopped_at: null,
      };
      if (!(await store.insert(row))) throw new ApiHttpError(409, 'This share id is taken', [{ path: 'shareId', message: 'is taken: make a new one' }]);
      await deps.sharingStarted?.(userId);
      await store.pruneStopped(userId, STOPPED_SHARES_KEPT); // the table stays bounded per account however often shares are made and stopped
      return toJson(row);
    },
    /**
     * The owner's shares: of one item when `itemId` is given (its share dialog and the refreshers,
     * which show or need the last opening only: `openedAt`, so no opening row is read); else every
     * share, each with every opening kept (newest first: the timeline).
     */
    async list(userId: string, itemId?: string): Promise<ShareJson[]> {
      if (itemId !== undefined) return (await store.list(userId, itemId)).map(toJson);
      const openings = new Map<string, string[]>();
      for (const o of await store.openings(userId)) openings.set(o.share_id, [...(openings.get(o.share_id) ?? []), iso(o.opened_at)!]);
      return (await store.list(userId, itemId)).map((r) => ({ ...toJson(r), openings: openings.get(r.id) ?? [] }));
    },
    /** Stores a newer sealed copy (revision `after + 1`). */
    async publish(userId: string, id: string, after: number, copy: string): Promise<void> {
      const row = await own(userId, id);
      const next = step(row, { kind: 'owner' }, { type: 'publish', revision: after + 1, after });
      if (!(await store.publish(userId, id, after, next.revision, copy, next.updatedAt))) step((await own(userId, id)), { kind: 'owner' }, { type: 'publish', revision: after + 1, after }); // lost a race: answer as the winner left it
    },
    /** Stops sharing: the copy is deleted now; the wrap and the sealed name are kept for the owner's timeline (share-store.ts STOP_COLUMNS). */
    async stop(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      const next = step(row, { kind: 'owner' }, { type: 'stop' });
      await store.stop(userId, id, next.stoppedAt!); // false only when another request stopped it first: the same outcome
    },
    /** Stops every live share of the owner's item `itemKind`/`itemId` at once (its document or trustee was deleted: security review F6); resolves how many. */
    async stopItem(userId: string, itemKind: ShareKind, itemId: string): Promise<number> {
      let stopped = 0;
      for (const row of await store.list(userId, itemId)) if (row.item_kind === itemKind && row.phase !== 'stopped' && (await store.stop(userId, row.id, deps.now()))) stopped++;
      return stopped;
    },
    /**
     * The viewer's sealed copy; `admit` is called with the share's id once it is known to exist (the
     * share's own bound, which throws its 429; never the owner's budget: review F5). 404 unknown, 409
     * not sent yet, 410 stopped (or its document deleted: the share is stopped then).
     */
    async view(id: string, admit: (shareId: string) => Promise<void>): Promise<SharedCopyJson> {
      const row = await store.get(id);
      if (!row) throw new ApiHttpError(404, "This link isn't available", []);
      await admit(row.id);
      if (row.phase === 'stopped') throw new ApiHttpError(410, STOPPED_TEXT, []);
      // An item the owner deleted is no longer shared: its share stops here, for good.
      if (!(await deps.itemExists(row.user_id, row.item_kind, row.item_id))) {
        await store.stop(row.user_id, id, deps.now());
        throw new ApiHttpError(410, STOPPED_TEXT, []);
      }
      const next = step(row, { kind: 'viewer' }, { type: 'open' });
      await store.opened(id, next.openedAt!);
      return { itemKind: row.item_kind, itemId: row.item_id, revision: row.revision, copy: row.copy!, label: row.label!, updatedAt: iso(row.updated_at)! };
    },
    /**
     * The owner of live share `id`, when `fileId` is the file its item names now (docs/sharing.md
     * "The file of a shared document"); null for everything else alike (no such share, not sent yet,
     * stopped, the item deleted, another file): the route answers one 404 for all, so it tells nothing.
     */
    async coveredFile(id: string, fileId: string): Promise<{ shareId: string; ownerId: string } | null> {
      const row = await store.get(id);
      if (!row || row.phase !== 'active' || !deps.itemFile) return null;
      return (await deps.itemFile(row.user_id, row.item_kind, row.item_id)) === fileId ? { shareId: row.id, ownerId: row.user_id } : null;
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
