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
 * marked with why (`problem`), for them to look at and save again. "Remove emergency access" made
 * with no connection waits the same way (`remove`: the choice removed, `basedOn` its version), and
 * is sent with `?basedOn=`: it never removes a choice saved on another device meanwhile.
 */
import { ApiError, refusedForGood } from '../../api/client';
import { backOff, due, passingFailure } from '../../api/retry';
import type { AfterwordDexie, PendingEmergencyChoice } from '../../db/schema';
import { metaMap, type MetaMap } from '../../db/meta-map';
import type { Trustee } from '../../../shared/schema';
import { NO_SUCH_TRUSTEE, type EmergencyChoice } from '../../../shared/schema/trustee';
import type { ShareSource } from '../sharing';
import { EmergencyAccessError, isChangedChoice, isStaleChoice, removeEmergency, saveFailedWords, sealEmergency, type EmergencyDeps } from './emergency-access';
import { changedBeforeRemovalText, changedMeanwhileText, notSentText, refusedForGoodText, removeNotSentText } from './emergency-words';

export type { PendingEmergencyChoice };

/** The choices waiting on this device, by trustee id (Dexie `meta` `pendingEmergency`). */
export const pendingChoicesIn = (dexie: AfterwordDexie): MetaMap<PendingEmergencyChoice> => metaMap(dexie, 'pendingEmergency');

/** What the server holds per trustee (`GET /api/emergency`): each setting's choice version, and the highest per trustee, set or removed. */
interface Held {
  settings: Array<{ trusteeId: string; choiceVersion: number | null }>;
  choiceVersions?: Record<string, number>;
}

/** What sending needs beyond sealing: the device's network state and clock, and the trustee record's write once the server took a choice. */
export interface SendDeps extends EmergencyDeps {
  /** False when the device knows it has no network (default navigator.onLine): nothing is sent. */
  online?: () => boolean;
  /** The device's clock (ms; default Date.now): a choice the server could not take now waits (retry.ts). */
  now?: () => number;
  /** Writes `choice` (null: removed) into trustee `trusteeId`'s owner-sealed record (synced to the owner's other devices). */
  writeChoice(trusteeId: string, choice: EmergencyChoice | null): Promise<void>;
}

/** What one pass did: the trustees whose choice the server took, whose Remove it took, and the words of each not sent (told once: the row keeps them). */
export interface SendOutcome {
  sent: string[];
  removed: string[];
  notSent: string[];
}

const isOnline = (deps: SendDeps) => (deps.online ? deps.online() : typeof navigator === 'undefined' || navigator.onLine !== false);

/** True when a failure means "not now" (unreachable, a session to renew, a busy server, an item or trustee not synced yet): the choice keeps waiting. */
const waitsOn = (err: unknown): boolean => {
  if (!(err instanceof ApiError)) return !(err instanceof EmergencyAccessError); // fetch's TypeError: unreachable
  return err.status === 404 || (!refusedForGood(err.status) && !isStaleChoice(err) && !isChangedChoice(err));
};

/** Why `p` was not sent, for good, in the owner's words: changed elsewhere meanwhile (advice included), or refused, with what they can do. */
function whyNot(err: unknown, p: PendingEmergencyChoice, name: string): string {
  if (isStaleChoice(err) || isChangedChoice(err)) return p.remove ? changedBeforeRemovalText(name) : changedMeanwhileText(name);
  return refusedForGoodText(saveFailedWords(err, name), Boolean(p.remove));
}

/**
 * Sends Remove `p` (made from the choice `p.basedOn`): when the server holds that choice, it is
 * removed (`?basedOn=`: the server checks it again as it deletes); when it holds none, it was
 * removed already. Then the trustee's record is emptied and the removed version kept (the next save
 * here is above it). Returns the owner's words when the server holds another choice (not removed).
 */
async function sendRemove(deps: SendDeps, p: PendingEmergencyChoice, name: string, held: Held): Promise<string | null> {
  const now = held.settings.find((s) => s.trusteeId === p.trusteeId);
  if (now && (now.choiceVersion ?? 0) !== p.basedOn) return changedBeforeRemovalText(name);
  if (now) await removeEmergency(deps, p.trusteeId, p.basedOn);
  await deps.seen?.note(p.trusteeId, p.basedOn);
  await deps.writeChoice(p.trusteeId, null);
  return null;
}

/** Seals and sends choice `p` (see sendPendingChoices) over what the server holds, `held`; the owner's words when it holds another choice than `p` was edited from. */
async function sendChoice(deps: SendDeps, p: PendingEmergencyChoice, trustee: Trustee, held: Held, source: ShareSource): Promise<string | null> {
  const now = held.settings.find((s) => s.trusteeId === p.trusteeId);
  if ((now ? (now.choiceVersion ?? 0) : 0) !== p.basedOn) return changedMeanwhileText(trustee.name);
  const floor = Math.max(held.choiceVersions?.[p.trusteeId] ?? 0, (await deps.seen?.highest(p.trusteeId)) ?? 0);
  const choice = { ...p.choice, version: Math.max(p.choice.version ?? 0, floor + 1) };
  await sealEmergency(deps, trustee, choice, source, { basedOn: p.basedOn });
  await deps.writeChoice(p.trusteeId, choice);
  return null;
}

/**
 * Sends each waiting choice or Remove (`remove`) of `queue` whose wait is over (a trustee no longer
 * in `source` drops it; one marked with a `problem` waits for the owner): reads what the server
 * holds; when that is not the choice it was made from, or the server refuses it as such
 * (CHOICE_CHANGED, or STALE_CHOICE racing another device), or refuses it for good (no kit, nothing
 * chosen is left, a 4xx that sending again cannot change), it stays, marked with the owner's words
 * (what did not happen and what they can do), is returned in `notSent` and is never sent again by
 * itself. Otherwise a choice is sealed at a version above the highest the server has held and this
 * device has sealed, sent with `basedOn` and written into the trustee's record; a Remove is sent
 * with `basedOn` and empties the record; either leaves the queue. Offline, a session to renew, or a
 * 404 (the trustee or an item not on the server yet: it syncs first): it waits for the next send. A
 * busy or unreachable server: it waits a growing while (retry.ts backOff) before it is sent again.
 */
export async function sendPendingChoices(deps: SendDeps, queue: MetaMap<PendingEmergencyChoice>, source: ShareSource): Promise<SendOutcome> {
  const out: SendOutcome = { sent: [], removed: [], notSent: [] };
  const clock = deps.now ?? Date.now;
  const rows = Object.values(await queue.all()).filter((p) => !p.problem && due(p, clock()));
  if (rows.length === 0 || !isOnline(deps)) return out;
  for (const p of rows) {
    const trustee = source.trustees.find((t) => t.id === p.trusteeId);
    if (!trustee) {
      await queue.set(p.trusteeId, null); // the trustee was deleted: nothing to give or remove
      continue;
    }
    const fail = async (why: string) => {
      await queue.set(p.trusteeId, { ...p, problem: why });
      out.notSent.push(p.remove ? removeNotSentText(trustee.name, why) : notSentText(trustee.name, why));
    };
    try {
      const held = await deps.api<Held>('/api/emergency');
      const refused = p.remove ? await sendRemove(deps, p, trustee.name, held) : await sendChoice(deps, p, trustee, held, source);
      if (refused) {
        await fail(refused);
        continue;
      }
      await queue.set(p.trusteeId, null);
      (p.remove ? out.removed : out.sent).push(trustee.name);
    } catch (err) {
      if (passingFailure(err)) await queue.set(p.trusteeId, { ...p, ...backOff(p, clock()) }); // asked again once its wait is over
      else if (err instanceof ApiError && err.status === 404 && err.serverMessage === NO_SUCH_TRUSTEE) continue; // not synced yet
      else if (!waitsOn(err)) await fail(whyNot(err, p, trustee.name));
    }
  }
  return out;
}
