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
 * with no connection waits the same way (`remove`: the choice removed in `removed`, never `choice`,
 * web/db/schema.ts; `basedOn` its version), and is always sent, with `?basedOn=`: it never removes a
 * choice saved on another device meanwhile. A pass writes a row only while it is still the one it
 * read (compare-and-set on `at`): a choice saved, or a Remove cancelled, while it was on its way
 * stays as the person left it.
 */
import { ApiError, refusedForGood } from '../../api/client';
import { backOff, due, passingFailure } from '../../api/retry';
import type { AfterwordDexie, PendingEmergencyChoice } from '../../db/schema';
import { metaMap, type MetaMap } from '../../db/meta-map';
import type { Trustee } from '../../../shared/schema';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import type { ShareSource } from '../sharing';
import { EmergencyAccessError, isChangedChoice, isStaleChoice, removeEmergency, saveFailedWords, sealEmergency, type EmergencyDeps } from './emergency-access';
import { changedBeforeRemovalText, changedMeanwhileText, notSendableText, notSentText, refusedForGoodText, removeNotSentText, serverStatusWords } from './emergency-words';

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
  /** When the server could be reached again (device ms): a choice that failed before it is due at once (retry.ts due; sharing/when-online.ts). */
  reconnectedAt?: () => number;
  /** Writes `choice` (null: removed) into trustee `trusteeId`'s owner-sealed record (synced to the owner's other devices). */
  writeChoice(trusteeId: string, choice: EmergencyChoice | null): Promise<void>;
  /** True when a change of record `collection`/`id` waits in this device's outbox (sharing/item-on-server.ts recordChangeWaits): a 404 for it is "not yet". */
  changeWaits(collection: 'trustees' | 'documents', id: string): Promise<boolean>;
}

/** What one pass did: the trustees whose choice the server took, whose Remove it took, and the words of each not sent (told once: the row keeps them). */
export interface SendOutcome {
  sent: string[];
  removed: string[];
  notSent: string[];
}

/** The row of a Remove made offline from `saved` (trustee `trusteeId`'s choice as this device holds it) at device time `at`: no `choice` (web/db/schema.ts PendingEmergencyChoice). */
export const removalRow = (trusteeId: string, saved: EmergencyChoice, at: number): PendingEmergencyChoice => ({ trusteeId, removed: saved, basedOn: saved.version ?? 0, at, remove: true });

/** Writes `value` (null: deletes) over row `p` only while the queue still holds `p` (the same `at`); true when it wrote. */
const over = (queue: MetaMap<PendingEmergencyChoice>, p: PendingEmergencyChoice, value: PendingEmergencyChoice | null) =>
  queue.update(p.trusteeId, (current) => (current?.at === p.at ? value : undefined));

/**
 * Row `p` was sent and the server now holds version `held` (0: none): it leaves the queue; a newer
 * row saved here meanwhile over the same choice (edited from `p` as the dialog showed it) is now
 * made over what `p` left, so it is not taken for a change made on another device.
 */
const sentOver = (queue: MetaMap<PendingEmergencyChoice>, p: PendingEmergencyChoice, held: number) =>
  queue.update(p.trusteeId, (current) => (current?.at === p.at ? null : current && !current.problem && current.basedOn === p.basedOn ? { ...current, basedOn: held } : undefined));

/** A Remove stored before Removes were stored without `choice` (web/db/schema.ts): rewritten so, while still the row read. */
const asRemoval = (queue: MetaMap<PendingEmergencyChoice>, p: PendingEmergencyChoice) => {
  if (!p.remove || !p.choice) return undefined;
  const { choice, ...rest } = p;
  return over(queue, p, { ...rest, removed: rest.removed ?? choice });
};

const isOnline = (deps: SendDeps) => (deps.online ? deps.online() : typeof navigator === 'undefined' || navigator.onLine !== false);

/** True when a failure is none the queue knows (a WebCrypto OperationError, a database error): it waits a growing while, and is logged. */
const unexpected = (err: unknown): boolean => !(err instanceof ApiError) && !(err instanceof EmergencyAccessError) && !passingFailure(err);

/** True when the server's answer means "not now" (a session to renew, an item or trustee not synced yet: 404): the choice waits for the next sync. */
const waitsOn = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || (!refusedForGood(err.status) && !isStaleChoice(err) && !isChangedChoice(err)));

/**
 * True when `err` is a 404 and nothing `p` names (its trustee, its chosen documents) waits in this
 * device's outbox: the server does not have them and will not by waiting (deleted on another device,
 * or never sent), so the choice is refused for good rather than waiting for ever (docs/sharing.md
 * "An item the server no longer has").
 */
async function goneFromServer(deps: SendDeps, p: PendingEmergencyChoice, err: unknown): Promise<boolean> {
  if (!(err instanceof ApiError) || err.status !== 404) return false;
  const docs = (p.choice?.items ?? []).filter((i) => i.kind === 'document').map((i) => i.id);
  for (const [collection, id] of [['trustees', p.trusteeId] as const, ...docs.map((d) => ['documents', d] as const)]) if (await deps.changeWaits(collection, id)) return false;
  return true;
}

/**
 * Why `p` was not sent, for good, in the owner's words: changed elsewhere meanwhile (advice
 * included); refused by the server (its words, else its status); or refused on this device (no
 * kit, retired kits, nothing chosen: EmergencyAccessError's own words), each with what they can do.
 */
function whyNot(err: unknown, p: PendingEmergencyChoice, name: string): string {
  const removing = Boolean(p.remove);
  if (isStaleChoice(err) || isChangedChoice(err)) return removing ? changedBeforeRemovalText(name) : changedMeanwhileText(name);
  if (err instanceof ApiError) return refusedForGoodText(err.serverMessage ?? serverStatusWords(err.status), removing);
  return notSendableText(saveFailedWords(err, name), removing);
}

/** What sending one row came to: the owner's words when it was not sent, or the choice version the server holds now (0: none). */
type Sent = { refused: string } | { held: number };

/**
 * Sends Remove `p` (made from the choice `p.basedOn`) always, with `?basedOn=`: the server removes
 * that choice, answers done when it holds none, and refuses (409 CHOICE_CHANGED) when it holds
 * another, also one saved after `held` was read. Then the trustee's record is emptied and the
 * removed version kept (the next save here is above it). Refused at once when `held` names another.
 */
async function sendRemove(deps: SendDeps, p: PendingEmergencyChoice, name: string, held: Held): Promise<Sent> {
  const now = held.settings.find((s) => s.trusteeId === p.trusteeId);
  if (now && (now.choiceVersion ?? 0) !== p.basedOn) return { refused: changedBeforeRemovalText(name) };
  await removeEmergency(deps, p.trusteeId, p.basedOn);
  await deps.seen?.note(p.trusteeId, p.basedOn);
  await deps.writeChoice(p.trusteeId, null);
  return { held: 0 };
}

/** Seals and sends `choice` of row `p` (see sendPendingChoices) over what the server holds, `held`; refused when it holds another choice than `p` was edited from. */
async function sendChoice(deps: SendDeps, p: PendingEmergencyChoice, picked: EmergencyChoice, trustee: Trustee, held: Held, source: ShareSource): Promise<Sent> {
  const now = held.settings.find((s) => s.trusteeId === p.trusteeId);
  if ((now ? (now.choiceVersion ?? 0) : 0) !== p.basedOn) return { refused: changedMeanwhileText(trustee.name) };
  const floor = Math.max(held.choiceVersions?.[p.trusteeId] ?? 0, (await deps.seen?.highest(p.trusteeId)) ?? 0);
  const choice = { ...picked, version: Math.max(picked.version ?? 0, floor + 1) };
  await sealEmergency(deps, trustee, choice, source, { basedOn: p.basedOn });
  await deps.writeChoice(p.trusteeId, choice);
  return { held: choice.version };
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
 * 404 while the trustee's or a chosen document's change waits in the outbox (not on the server yet:
 * it syncs first): it waits for the next send; a 404 with none waiting is refused for good. A
 * busy or unreachable server, or a failure none of these (logged): it waits a growing while
 * (retry.ts backOff) before it is sent again. Every write is made only over the row read (`over`).
 */
export async function sendPendingChoices(deps: SendDeps, queue: MetaMap<PendingEmergencyChoice>, source: ShareSource): Promise<SendOutcome> {
  const out: SendOutcome = { sent: [], removed: [], notSent: [] };
  const clock = deps.now ?? Date.now;
  for (const p of Object.values(await queue.all())) await asRemoval(queue, p);
  const rows = Object.values(await queue.all()).filter((p) => !p.problem && due(p, clock(), deps.reconnectedAt?.()));
  if (rows.length === 0 || !isOnline(deps)) return out;
  for (const p of rows) {
    const trustee = source.trustees.find((t) => t.id === p.trusteeId);
    if (!trustee) {
      await over(queue, p, null); // the trustee was deleted: nothing to give or remove
      continue;
    }
    const fail = async (why: string) => {
      if (await over(queue, p, { ...p, problem: why })) out.notSent.push(p.remove ? removeNotSentText(trustee.name, why) : notSentText(trustee.name, why));
    };
    try {
      const held = await deps.api<Held>('/api/emergency');
      const sent = p.remove ? await sendRemove(deps, p, trustee.name, held) : await sendChoice(deps, p, p.choice, trustee, held, source);
      if ('refused' in sent) {
        await fail(sent.refused);
        continue;
      }
      await sentOver(queue, p, sent.held);
      (p.remove ? out.removed : out.sent).push(trustee.name);
    } catch (err) {
      if (unexpected(err)) console.error(`Sending the emergency choice kept for trustee ${p.trusteeId} failed:`, err);
      if (unexpected(err) || passingFailure(err)) await over(queue, p, { ...p, ...backOff(p, clock()) }); // asked again once its wait is over
      else if (!waitsOn(err) || (await goneFromServer(deps, p, err))) await fail(whyNot(err, p, trustee.name)); // else: not now (e.g. not synced yet), asked again after the next sync
    }
  }
  return out;
}
