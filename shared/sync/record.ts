/**
 * Between the sync layer's field states and the entities screens and the REST API see
 * (rules 5–6 of shared/sync/README.md): list fields are stored item by item as
 * `<list>/<itemId>` → `{ text, pos }` (or `null` once removed); a deleted record carries the
 * tombstone field `_deleted: true`.
 */
import type { CollectionName, EntityOf } from '../schema/collections';
import { COLLECTION_FACTS, defaultOf } from '../schema/collection-facts';
import type { RecordState } from './merge';
import { OWNER_COPIES } from '../crypto/owner-copies';
import { TOMBSTONE_FIELD } from '../schema/collection-names';
import { toB64url } from '../crypto/bytes';

export { TOMBSTONE_FIELD };
export const LIST_SEPARATOR = '/';

export interface ListItem {
  text: string;
  pos: number;
}

/** Makes the id of a new list item; may ignore its arguments (a random id) or derive one from them. */
export type NewItemId = (list: string, text: string, index: number) => string;

/** `'musicSelections/abc'` → `['musicSelections', 'abc']`; a plain field → `[field, null]`. */
export function splitField(key: string): [string, string | null] {
  const i = key.indexOf(LIST_SEPARATOR);
  return i < 0 ? [key, null] : [key.slice(0, i), key.slice(i + 1)];
}

/** The live items of `list` in `state`, ordered by position then item id. */
export function listItems(state: RecordState, list: string): { itemId: string; text: string; pos: number }[] {
  const prefix = list + LIST_SEPARATOR;
  const items: { itemId: string; text: string; pos: number }[] = [];
  for (const [key, v] of Object.entries(state.values)) {
    if (!key.startsWith(prefix) || v === null || typeof v !== 'object') continue;
    const item = v as ListItem;
    items.push({ itemId: key.slice(prefix.length), text: item.text, pos: item.pos });
  }
  return items.sort((a, b) => a.pos - b.pos || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/**
 * The item fields that turn the list in `state` into `next` (plain strings): items kept in order
 * are untouched, removed ones become `null`, new ones get a fresh id from `newItemId` and a
 * position between their neighbours. So two devices that each add an item both keep both (rule 6).
 * `newItemId` receives the list, the item's text and its index in `next`, so a caller may derive
 * stable ids (the default survivor tasks do, so that two devices write the same items).
 */
export function diffList(
  state: RecordState,
  list: string,
  next: readonly string[],
  newItemId: NewItemId,
): Record<string, ListItem | null> {
  const current = listItems(state, list);
  const out: Record<string, ListItem | null> = {};
  // Longest common subsequence by text keeps as many existing items (and their ids) as possible.
  const n = current.length;
  const m = next.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = current[i]!.text === next[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const keptPos: (number | null)[] = new Array<number | null>(m).fill(null);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (current[i]!.text === next[j]) {
      keptPos[j] = current[i]!.pos;
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out[`${list}${LIST_SEPARATOR}${current[i]!.itemId}`] = null;
      i++;
    } else j++;
  }
  for (; i < n; i++) out[`${list}${LIST_SEPARATOR}${current[i]!.itemId}`] = null;
  // Positions for new items: evenly between the kept neighbours (or after the last).
  let prev = current.length ? Math.min(0, current[0]!.pos) - 1 : 0;
  for (let k = 0; k < m; k++) {
    const kept = keptPos[k];
    if (kept !== null && kept !== undefined) {
      prev = kept;
      continue;
    }
    let nextKept: number | null = null;
    let gap = 1;
    for (let q = k + 1; q < m; q++, gap++) {
      if (keptPos[q] !== null && keptPos[q] !== undefined) {
        nextKept = keptPos[q]!;
        break;
      }
    }
    const pos = nextKept === null ? prev + 1 : prev + (nextKept - prev) / (gap + 1);
    out[`${list}${LIST_SEPARATOR}${newItemId(list, next[k]!, k)}`] = { text: next[k]!, pos };
    prev = pos;
  }
  return out;
}

/** True when the record carries a tombstone. */
export function isDeleted(state: RecordState): boolean {
  return state.values[TOMBSTONE_FIELD] === true;
}

/**
 * The entity of `collection` held in `state`, or null when it is deleted. Lists become plain
 * arrays; fields never written get their default (or null). `userId` is the owner.
 */
export function materialize<C extends CollectionName>(
  collection: C,
  id: string,
  state: RecordState,
  userId: string,
): EntityOf[C] | null {
  if (isDeleted(state)) return null;
  const spec = COLLECTION_FACTS[collection];
  const entity: Record<string, unknown> = { id };
  if (collection !== 'profile') entity.userId = userId;
  for (const field of spec.fields) {
    if (spec.lists.includes(field)) entity[field] = listItems(state, field).map((i) => i.text);
    else entity[field] = field in state.values ? state.values[field] : defaultOf(collection, field);
  }
  return entity as EntityOf[C];
}

/**
 * The sync fields of a write that sets `patch` (entity fields, lists as plain arrays) on a
 * record currently in `state`. Unknown keys (id, userId) are dropped.
 */
export function fieldsOfPatch(
  collection: CollectionName,
  state: RecordState,
  patch: Record<string, unknown>,
  newItemId: NewItemId,
): Record<string, unknown> {
  const spec = COLLECTION_FACTS[collection];
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (!spec.fields.includes(field) || value === undefined) continue;
    if (spec.lists.includes(field)) Object.assign(out, diffList(state, field, (value as string[]) ?? [], newItemId));
    else out[field] = value;
  }
  return out;
}

/** Fields a write derives from the fields it writes (addDerivedFields, addOwnerCopies): never a person's edit. */
export const DERIVED_FIELDS: readonly string[] = ['fileBlobId', 'contentRevision', 'sealedRecipientEmail', 'sealedEmail'];

/**
 * Adds to a device write's sync `fields` (in place) the owner's sealed copy of each plain field of
 * OWNER_COPIES it writes, equal to it, over the record's `state` on the device. Only the owner's
 * device calls this (web/db/user-database.ts), before unchanged fields are dropped: the server never
 * writes a copy (it could not seal one), so a copy holds what the owner's device wrote. A form that
 * sends the whole record again vouches for an address only when it changes it or the record has no
 * copy yet: an address the server wrote since, saved back unchanged, never becomes the owner's word.
 */
export function addOwnerCopies(collection: CollectionName, state: RecordState, fields: Record<string, unknown>): void {
  for (const [plain, copy] of Object.entries(OWNER_COPIES[collection] ?? {})) {
    if (!(plain in fields)) continue;
    const kept = typeof state.values[copy] === 'string' && JSON.stringify(fields[plain]) === JSON.stringify(state.values[plain]);
    if (!kept) fields[copy] = fields[plain];
  }
}

/**
 * The sealed choice a new letter is made with (web/features/message-vault/delivery-choice.ts
 * DEFAULT_CHOICE): "the server delivers it", until the owner chooses a trustee.
 */
export const DEFAULT_DELIVERY: Readonly<{ mode: 'server'; trustees: readonly string[] }> = Object.freeze({ mode: 'server', trustees: Object.freeze([]) });

/**
 * Adds to a device write's sync `fields` (in place) what a new record of `collection` is sealed
 * with from the start: a new letter's delivery choice (DEFAULT_DELIVERY) unless the write gives
 * one. Only the creator says a record is new (`creates`: the caller minted its id just now, in
 * web/db/api.ts create or web/db/edit-session.ts createRecord without an id), never the state: a
 * write by a given id over a record this device has not pulled yet would otherwise seal a default
 * nobody chose with a fresh HLC, newer than the owner's real choice on the server (issue 39).
 * So every letter made by this version carries its choice, the record's version names it, and a
 * server that strips it is refused like any other missing sealed field (shared/crypto/freshness.ts);
 * "never chosen" is left to letters from before (issue 39, attack 4; SECURITY.md "What this device pins").
 */
export function addCreationFields(collection: CollectionName, creates: boolean, fields: Record<string, unknown>): void {
  if (!creates || collection !== 'messages' || 'delivery' in fields) return;
  fields.delivery = { mode: DEFAULT_DELIVERY.mode, trustees: [...DEFAULT_DELIVERY.trustees] };
}

/** Fields of a message that reach its recipient: an edit of one is a new revision. */
const DELIVERED_CONTENT = ['messageType', 'messageContent', 'file'];

/**
 * Adds to a write's sync `fields` (in place) the plain fields derived from sealed ones
 * (shared/crypto/fields.ts), since the server cannot read the sealed ones: `fileBlobId` beside
 * `file` (the server keeps the blob a live record names), and a message's `contentRevision`,
 * a fresh random token (16 bytes, base64url), when the write changes what the recipient receives:
 * the server's "changed since delivered" check compares it for equality only
 * (sync-server/release/deliveries.ts), and a count would tell it how often a letter was edited
 * (issue 39). `state` is no longer read (it was the count's; the signature stays for its callers).
 */
export function addDerivedFields(collection: CollectionName, _state: RecordState, fields: Record<string, unknown>): void {
  if ((collection === 'messages' || collection === 'documents') && 'file' in fields) {
    const file = fields.file as { blobId?: unknown } | null;
    fields.fileBlobId = file && typeof file === 'object' && typeof file.blobId === 'string' ? file.blobId : null;
  }
  if (collection === 'messages' && !('contentRevision' in fields) && DELIVERED_CONTENT.some((f) => f in fields)) {
    fields.contentRevision = toB64url(crypto.getRandomValues(new Uint8Array(16)));
  }
}
