/**
 * What the server's 404 for a shared item means to a share that waits on this device (issue 43;
 * docs/sharing.md "An item the server no longer has"): while the item's own change (its creation,
 * or an edit) still waits in this device's outbox, the server has not seen it yet and the share
 * waits for the sync; otherwise the item is gone from the server (deleted on another device, or it
 * never reached the server) and will not come back by waiting: the share ends and the person is told.
 */
import type { AfterwordDexie } from '../../db/schema';
import type { CollectionName } from '../../../shared/schema/collections';
import { liveSetHolder } from './live-shares';
import type { ShareItemRef } from './projections';

/** Thrown by Share now when the server does not have the item and nothing of it waits to be sent from this device: nothing was shared, nothing is kept. */
export class ItemGoneError extends Error {
  constructor() {
    super('This item is no longer on the server');
    this.name = 'ItemGoneError';
  }
}

/**
 * True when a change of the record that holds item `ref` of account `account` (live-shares.ts
 * liveSetHolder: the document, trustee or letter itself; the plan record for a plan section or task
 * list) waits in `dexie`'s outbox, other than a write of its live set (`shares`) alone: a share
 * writes that itself, so it says nothing about whether the server has the item.
 */
export async function itemChangeWaits(dexie: AfterwordDexie, ref: ShareItemRef, account: string): Promise<boolean> {
  const { collection, id } = liveSetHolder(ref, account);
  return recordChangeWaits(dexie, collection, id);
}

/**
 * True when a change of record `collection`/`id` other than of its live set (`shares`) alone waits in
 * `dexie`'s outbox: until it is pushed, the server's 404 for the record means "not yet", not "gone".
 * Also used for an emergency choice's trustee and documents (web/features/emergency/pending-choices.ts).
 */
export async function recordChangeWaits(dexie: AfterwordDexie, collection: CollectionName, id: string): Promise<boolean> {
  const rows = await dexie.outbox.filter((row) => row.collection === collection && row.id === id).toArray();
  return rows.some((row) => Object.keys(row.fields).some((field) => field !== 'shares'));
}

/** True when `err` is the server's 404 for item `ref` and nothing of the item waits to be sent (`itemWaits`): it is gone, not late. */
export async function goneFromServer(err: unknown, ref: ShareItemRef, itemWaits: (ref: ShareItemRef) => Promise<boolean>): Promise<boolean> {
  return (err as { status?: number }).status === 404 && !(await itemWaits(ref));
}
