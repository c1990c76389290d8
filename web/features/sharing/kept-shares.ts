/**
 * Links shared with this person, kept in their own account (issue 43 "or in their own account if
 * they have one"; docs/sharing.md "Keeping a link in your own account"). A kept link is one item of
 * the profile's `keptShares` list (shared/kept-share.ts), written through the one local write like
 * every field: sealed under the account's `owner` key on its way to the server and opened on every
 * other device of the account, so the link reaches all of them and the server never holds the
 * share's key in plain. Opening one is the shared viewer's own path (viewer.ts openSharedLink),
 * with the kept key as the fragment.
 */
import { keptShareItem, keptSharesOf, type KeptShare } from '../../../shared/kept-share';
import type { UserDatabase } from '../../db/user-database';
import { openSharedLink, type SharedView, type ViewerFetch } from './viewer';

/** The links kept in `db`'s account, in the order kept (an item that is not one is left out). */
export async function readKept(db: UserDatabase): Promise<KeptShare[]> {
  const profile = await db.dexie.entities('profile').get(db.userId);
  return keptSharesOf(profile?.keptShares);
}

/** The list written as every write is (zod-normalised: web/db/normalize.ts, loaded on the first write, as web/db/api.ts does). */
async function writeKept(db: UserDatabase, items: string[]): Promise<void> {
  const { normalizePatch } = await import('../../db/normalize');
  await db.write('profile', db.userId, normalizePatch('profile', { keptShares: items }));
}

const itemsOf = async (db: UserDatabase): Promise<string[]> => ((await db.dexie.entities('profile').get(db.userId))?.keptShares ?? []).slice();

/**
 * Keeps `kept` in the account (once: a link kept before stays as it was). Only for a sealed
 * account whose keys are open on this device (`sealed`): else its key would travel in plain, so
 * this throws Error and writes nothing. Throws LocalWriteError when the list is full (200 links).
 */
export async function keepShare(db: UserDatabase, kept: KeptShare, sealed: boolean): Promise<void> {
  if (!sealed) throw new Error('This account is not sealed on this device yet, so the link is not kept.');
  const items = await itemsOf(db);
  if (keptSharesOf(items).some((k) => k.id === kept.id)) return;
  await writeKept(db, [...items, keptShareItem(kept)]);
}

/** Takes share `id` out of the account's kept links (every item naming it); the share itself is not touched. */
export async function forgetKept(db: UserDatabase, id: string): Promise<void> {
  const items = await itemsOf(db);
  const left = items.filter((item) => keptSharesOf([item])[0]?.id !== id);
  if (left.length !== items.length) await writeKept(db, left);
}

/** The in-app path that opens `kept` read-only (the shared viewer's page; the key stays in the fragment). */
export const keptPath = (kept: Pick<KeptShare, 'id' | 'key'>): string => `/shared/${kept.id}#${kept.key}`;

/** Opens `kept` as its link would (viewer.ts): the same outcomes, the same refusals of a copy that does not open. */
export const openKept = (fetchFn: ViewerFetch, kept: Pick<KeptShare, 'id' | 'key'>): Promise<SharedView> => openSharedLink(fetchFn, kept.id, `#${kept.key}`);
