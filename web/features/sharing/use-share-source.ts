/**
 * The owner's records every projection reads (projections.ts ShareSource), live from this device's
 * database; undefined while any collection is still loading. The share refreshers, which run at
 * every signed-in start, read only the letters that hold a live share or wait to be shared
 * (readSharedLetters), not every letter.
 */
import { useMemo } from 'react';
import { useSession } from '../../app/session';
import type { Message } from '../../../shared/schema';
import { useCollection, useLiveView, useRecord } from '../../db/hooks';
import { useCurrentDb } from '../../db/current';
import { readCollection } from '../../db/live-views';
import type { UserDatabase } from '../../db/user-database';
import type { ShareSource } from './projections';

/**
 * The letters of `db` a share follower needs: those holding a live share (the `*shares` index,
 * Dexie v7) and those with a share made offline waiting on this device (`pendingShares`: a race on
 * the live set may have left its id out), newest first, each once. Reads no other letter.
 */
export async function readSharedLetters(db: UserDatabase): Promise<Message[]> {
  const table = db.dexie.entities('messages');
  const shared = await table.where('shares').above('').primaryKeys();
  const waiting = (await db.dexie.pendingShares.toArray()).filter((p) => p.kind === 'letter').map((p) => p.id);
  const letters = await table.bulkGet([...new Set([...shared, ...waiting])]);
  return letters.filter((m): m is Message => m !== undefined).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** No letter: what emergency access reads (a letter is never in an emergency bundle), without reading the letters' table. */
const NONE: Message[] = [];

/**
 * The device's documents, plan, survivor tasks, trustees and letters as one ShareSource (undefined
 * while loading): every letter with `letters` 'all' (the share dialog, the timeline), only the
 * shared or waiting ones with 'shared' (the share refresher: readSharedLetters), none with 'none'
 * (emergency access: nothing of the letters is read).
 */
export function useShareSource(letters: 'all' | 'shared' | 'none' = 'all'): ShareSource | undefined {
  const userId = useSession((s) => s.user?.id ?? null);
  const db = useCurrentDb((s) => s.db);
  const documents = useCollection('documents');
  const plan = useRecord('deathPlan', userId); // the plan's id is the user's id
  const survivorTasks = useCollection('survivorTasks');
  const trustees = useCollection('trustees');
  const messages = useLiveView(db, (open) => (letters === 'all' ? readCollection(open, 'messages') : letters === 'shared' ? readSharedLetters(open) : Promise.resolve(NONE)), [letters]);
  return useMemo(() => {
    if (!documents || plan === undefined || !survivorTasks || !trustees || !messages) return undefined;
    return { documents, deathPlan: plan, survivorTasks, trustees, messages };
  }, [documents, plan, survivorTasks, trustees, messages]);
}
