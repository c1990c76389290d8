/**
 * A delete that a sync brings from another device, told apart from one made on this device (issue
 * 43; docs/sharing.md "An item the server no longer has"). A share made offline that waits on this
 * device (`pendingShares`) for an item whose delete is then pulled is marked `deletedElsewhere` in
 * the pull's own transaction (web/sync/apply-response.ts), so the share's pass tells the owner once
 * (web/features/sharing/pending-shares.ts); a delete made here is a local write, never marked, and
 * its waiting share leaves in silence (the owner deleted the item themselves).
 */
import type { Table } from 'dexie';
import type { ShareKind } from '../../shared/share-items';
import type { PendingShareRow } from './schema';

/**
 * The record of account `userId` whose sealed `shares` field holds item `ref`'s live set: a
 * document, a trustee and a letter their own; the plan record those of its sections and of the
 * survivor task lists (a task list has no record of its own).
 */
export const liveSetHolder = (ref: { kind: ShareKind; id: string }, userId: string): { collection: 'documents' | 'trustees' | 'messages' | 'deathPlan'; id: string } =>
  ref.kind === 'document' ? { collection: 'documents', id: ref.id } : ref.kind === 'trustee' ? { collection: 'trustees', id: ref.id } : ref.kind === 'letter' ? { collection: 'messages', id: ref.id } : { collection: 'deathPlan', id: userId };

/**
 * Marks `deletedElsewhere` each waiting share (not a waiting stop) of `table` whose item's record
 * (liveSetHolder, account `userId`) is one of `deleted` (`collection/id` keys: records a pulled
 * page turned into tombstones). Use inside the pull's transaction, which must hold `table`.
 */
export async function markPulledDeletes(table: Table<PendingShareRow, string>, userId: string, deleted: ReadonlySet<string>): Promise<void> {
  if (deleted.size === 0) return;
  const hit = (row: PendingShareRow) => {
    const { collection, id } = liveSetHolder(row, userId);
    return !row.stopping && deleted.has(`${collection}/${id}`);
  };
  await table.filter(hit).modify({ deletedElsewhere: true });
}
