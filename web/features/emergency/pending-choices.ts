/**
 * An emergency choice saved while the server cannot be reached (issue 43 "Done when": both features
 * work offline for the owner; docs/sharing.md "A choice saved offline"). Sealing a bundle needs the
 * server (the trustee's kit generation and its owner copy), so offline the dialog keeps the owner's
 * choice in this device's database (Dexie `meta` `pendingEmergency`, one per trustee; never synced:
 * the trustee's record keeps the choice the server holds until the server takes the new one), with
 * the version of the choice it was edited from (`basedOn`, 0 for none). Once the device is online,
 * sendPendingChoices seals and sends each (emergency-access.ts sealEmergency), and only then writes
 * it into the trustee's record. The server takes it only while it holds exactly the choice it was
 * edited from (CHOICE_CHANGED otherwise; security review #20 #1): a choice changed or removed on
 * another device meanwhile is never overwritten; the owner is told, and their choice stays here,
 * marked with why (`problem`), for them to look at and save again.
 */
import { ApiError, refusedForGood } from '../../api/client';
import type { AfterwordDexie, PendingEmergencyChoice } from '../../db/schema';
import { metaMap, type MetaMap } from '../../db/meta-map';
import { NO_SUCH_TRUSTEE, type EmergencyChoice } from '../../../shared/schema/trustee';
import type { ShareSource } from '../sharing';
import { EmergencyAccessError, isChangedChoice, isStaleChoice, saveFailedWords, sealEmergency, type EmergencyDeps } from './emergency-access';
import { changedMeanwhileText, notSentText } from './emergency-words';

export type { PendingEmergencyChoice };

/** The choices waiting on this device, by trustee id (Dexie `meta` `pendingEmergency`). */
export const pendingChoicesIn = (dexie: AfterwordDexie): MetaMap<PendingEmergencyChoice> => metaMap(dexie, 'pendingEmergency');

/** What the server holds per trustee (`GET /api/emergency`): each setting's choice version, and the highest per trustee, set or removed. */
interface Held {
  settings: Array<{ trusteeId: string; choiceVersion: number | null }>;
  choiceVersions?: Record<string, number>;
}

/** What sending needs beyond sealing: the device's network state, and the trustee record's write once the server took a choice. */
export interface SendDeps extends EmergencyDeps {
  /** False when the device knows it has no network (default navigator.onLine): nothing is sent. */
  online?: () => boolean;
  /** Writes `choice` into trustee `trusteeId`'s owner-sealed record (synced to the owner's other devices). */
  writeChoice(trusteeId: string, choice: EmergencyChoice): Promise<void>;
}

/** What one pass did: the trustees whose choice the server took, and the words of each not sent (told once: the row keeps them). */
export interface SendOutcome {
  sent: string[];
  notSent: string[];
}

const isOnline = (deps: SendDeps) => (deps.online ? deps.online() : typeof navigator === 'undefined' || navigator.onLine !== false);

/** True when a failure means "not now" (unreachable, a session to renew, a busy server, an item or trustee not synced yet): the choice keeps waiting. */
const waitsOn = (err: unknown): boolean => {
  if (!(err instanceof ApiError)) return !(err instanceof EmergencyAccessError); // fetch's TypeError: unreachable
  return err.status === 404 || (!refusedForGood(err.status) && !isStaleChoice(err) && !isChangedChoice(err));
};

/**
 * Sends each waiting choice of `queue` (a trustee no longer in `source` drops it; one marked with a
 * `problem` waits for the owner): reads what the server holds; when that is not the choice it was
 * edited from, or the server refuses it as such (CHOICE_CHANGED, or STALE_CHOICE racing another
 * device), or refuses it for good (no kit, nothing chosen is left, a 4xx), it stays, marked with
 * the owner's words, and is returned in `notSent`. Otherwise it is sealed at a version above the
 * highest the server has held and this device has sealed, sent with `basedOn`, written into the
 * trustee's record and leaves the queue. Offline, unreachable, a session to renew, a busy server,
 * or a 404 (the trustee or an item not on the server yet: it syncs first): it keeps waiting.
 */
export async function sendPendingChoices(deps: SendDeps, queue: MetaMap<PendingEmergencyChoice>, source: ShareSource): Promise<SendOutcome> {
  const out: SendOutcome = { sent: [], notSent: [] };
  const rows = Object.values(await queue.all()).filter((p) => !p.problem);
  if (rows.length === 0 || !isOnline(deps)) return out;
  for (const p of rows) {
    const trustee = source.trustees.find((t) => t.id === p.trusteeId);
    if (!trustee) {
      await queue.set(p.trusteeId, null); // the trustee was deleted: nothing to give
      continue;
    }
    const fail = async (why: string) => {
      await queue.set(p.trusteeId, { ...p, problem: why });
      out.notSent.push(notSentText(trustee.name, why));
    };
    try {
      const held = await deps.api<Held>('/api/emergency');
      const now = held.settings.find((s) => s.trusteeId === p.trusteeId);
      if ((now ? (now.choiceVersion ?? 0) : 0) !== p.basedOn) {
        await fail(changedMeanwhileText(trustee.name));
        continue;
      }
      const floor = Math.max(held.choiceVersions?.[p.trusteeId] ?? 0, (await deps.seen?.highest(p.trusteeId)) ?? 0);
      const choice = { ...p.choice, version: Math.max(p.choice.version ?? 0, floor + 1) };
      await sealEmergency(deps, trustee, choice, source, { basedOn: p.basedOn });
      await deps.writeChoice(p.trusteeId, choice);
      await queue.set(p.trusteeId, null);
      out.sent.push(trustee.name);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404 && err.serverMessage === NO_SUCH_TRUSTEE) continue; // not synced yet
      if (waitsOn(err)) continue;
      await fail(isStaleChoice(err) ? changedMeanwhileText(trustee.name) : saveFailedWords(err, trustee.name));
    }
  }
  return out;
}
