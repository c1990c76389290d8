/**
 * The owner's device side of emergency access (docs/sharing.md "Emergency access"; issue 43): for
 * one trustee and the owner's choice (items, wait, order: the trustee record's owner-sealed
 * `emergency` field), it makes everything `PUT /api/emergency/trustees/:trusteeId` takes
 * (sync-server/sharing/emergency-routes.ts): a random 32-byte gate, a fresh key E, E wrapped under
 * emergencyKey(gate, t) with t the trustee's own kit secret (opened from the kits' owner copy with
 * AK), and one bundle: each chosen item's copy (the sharing projections, one code path with "share
 * now") sealed under E with sealShared, bound to `emergency:<trusteeId>:<generation>`,
 * `emergency-bundle`, `<trusteeId>`. Every seal makes a new gate and E. Nothing of an item leaves
 * the device unsealed; t and E never leave it at all. Letters are never among the items.
 * The kits' crypto (Shamir) and the bundle's sealing load when a bundle is sealed, not with the
 * signed-in start that runs the refresher (EmergencyRefresher; issue 41).
 */
import { isExecutorKit } from '../../../shared/crypto/executor-kit';
import type { KitGeneration, KitsState } from '../../../shared/schema/kits';
import { CHOICE_CHANGED, NO_SUCH_TRUSTEE, STALE_CHOICE, type EmergencyChoice } from '../../../shared/schema/trustee';
import { ApiError, serverMessage } from '../../api/client';
import type { Api, DeviceKeyStore } from '../keys';
import { copyDigest, followKey, projectItem, shareableItems, withoutFile, type SealedCopies, type SharedCopy, type ShareSource } from '../sharing';
import { isEmergencyKind } from '../../../shared/share-items';
import { changedMeanwhileText, noKitText, notSyncedText, nothingChosenText, olderChoiceText, retiredKitsText, staleChoiceText, trusteeNotOnServerText } from './emergency-words';
import type { ChoiceMemory } from './choice-memory';

/**
 * What sealing needs: the server, the account id (every key's context), AK (key-session.ts
 * withAccountKey) and this device's pins (device-key-store.ts: the highest kit generation seen in
 * force, which no server answer lowers).
 */
export interface EmergencyDeps {
  api: Api;
  account: string;
  withAccountKey: <T>(use: (ak: Uint8Array) => Promise<T>) => Promise<T>;
  device: Pick<DeviceKeyStore, 'pin'>;
  /** Syncs now and resolves when it ends (web/sync syncNow): the server holds another choice than this device (STALE_CHOICE). */
  resync?: () => void | Promise<void>;
  /** The choice this device holds now for a trustee (its record, after that sync), to tell whether the sync brought a newer one. */
  latest?: (trusteeId: string) => Promise<EmergencyChoice | null>;
  /** The highest choice version this device has sealed per trustee (choice-memory.ts): an older one is never sealed. */
  seen?: ChoiceMemory;
  /** What this device last sealed per bundle (sharing/sealed-copies.ts, key `emergency-bundle:<trusteeId>`): the follower seals again what differs from it. */
  sealed?: SealedCopies;
  /**
   * True only when this device holds item `ref`'s deletion mark (web/db deletedHere): a bundle whose
   * every chosen item is missing here is sealed empty only when each is known deleted, never for
   * one this device did not receive or could not open. Absent: never sealed empty.
   */
  deleted?: (ref: EmergencyChoice['items'][number]) => Promise<boolean>;
}

/** One item of a bundle: which it is, and what it shows (projections.ts). */
export interface EmergencyBundleItem {
  kind: EmergencyChoice['items'][number]['kind'];
  id: string;
  copy: SharedCopy;
}

/** A trustee who cannot be given emergency access (no kit), in words for the owner. */
export class EmergencyAccessError extends Error {
  override name = 'EmergencyAccessError';
}

/** The items as the server's setting names them: a document by its id, a section or a task list as `<kind>:<name>`. */
export const serverItems = (items: EmergencyChoice['items']): string[] => items.map((i) => (i.kind === 'document' ? i.id : `${i.kind}:${i.id}`));

/** The owner's items the emergency dialog offers (EMERGENCY_KINDS: documents, plan sections, task lists; never a letter or a trustee's details), with their copies. */
export const emergencyItems = (source: ShareSource) => shareableItems(source).filter(({ ref }) => isEmergencyKind(ref.kind));

/** The chosen items' copies from `source`, in the owner's order; an item no longer there (deleted) is left out. */
export function bundleItems(choice: Pick<EmergencyChoice, 'items'>, source: ShareSource): EmergencyBundleItem[] {
  return choice.items.flatMap((ref) => {
    // Never a letter or a trustee's details, whatever the choice names: their words never enter a bundle.
    if (!isEmergencyKind(ref.kind)) return [];
    const copy = projectItem(ref, source);
    return copy ? [{ kind: ref.kind, id: ref.id, copy: withoutFile(copy) }] : []; // its page cannot fetch a file: no file key in a bundle
  });
}

/** The kit generation a bundle for `trusteeId` is made for: the current one when they hold a kit of it, else the pending one; null when they hold none. */
export const kitGenerationFor = (state: KitsState, trusteeId: string): KitGeneration | null =>
  [state.current, state.pending].find((g) => g?.kits.some((k) => k.trusteeId === trusteeId && !isExecutorKit(k.trusteeId))) ?? null;

/**
 * The number of the generation `current` the server names as in force, only when its owner copy
 * opens with the account key and names that same generation: the server cannot make one up (a
 * higher made-up number pinned would lock the owner out of emergency access on this device, and one
 * that is not a number would turn the guard off; security review of session 21, finding 3).
 * Undefined otherwise (nothing is pinned from it).
 */
async function provenGeneration(deps: EmergencyDeps, current: KitGeneration | null | undefined): Promise<number | undefined> {
  const n = current?.generation;
  if (!current || typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return undefined;
  try {
    const { openOwnerCopy } = await import('../../../shared/crypto/trustee-kit');
    const made = await deps.withAccountKey((ak) => openOwnerCopy(ak, deps.account, current.ownerCopy));
    return made.generation === n ? n : undefined;
  } catch {
    return undefined; // not the owner's: nothing pinned (the kit actually used is checked below)
  }
}

/**
 * The kit of trustee `trusteeId` the bundle is made for: the current generation's when they hold
 * one, else the pending one's, with its t opened from the owner copy. The generation in force is
 * pinned on this device first, and a generation below the highest it has seen in force is refused:
 * that kit was replaced (a lying server could name it, its owner copy being genuine; security
 * review of session 20). Throws EmergencyAccessError in the owner's words when they hold no kit or
 * the server named replaced kits.
 */
export async function trusteeKitSecret(deps: EmergencyDeps, trusteeId: string, name: string): Promise<{ generation: number; t: Uint8Array }> {
  const state = await deps.api<KitsState>('/api/kits');
  const pin = await deps.device.pin(deps.account, { kitsInForce: await provenGeneration(deps, state.current) });
  const gen = kitGenerationFor(state, trusteeId);
  if (!gen) throw new EmergencyAccessError(noKitText(name));
  if (gen.generation < (pin.kitsInForce ?? 0)) throw new EmergencyAccessError(retiredKitsText(name));
  const { openOwnerCopy } = await import('../../../shared/crypto/trustee-kit');
  const made = await deps.withAccountKey((ak) => openOwnerCopy(ak, deps.account, gen.ownerCopy));
  const kit = made.kits.find((k) => k.trusteeId === trusteeId);
  if (made.generation !== gen.generation || !kit) throw new EmergencyAccessError(noKitText(name));
  return { generation: gen.generation, t: kit.kit.t };
}

/** The last bundle sealed on this device per trustee (its choice and contents), so a save and the refresher do not seal the same thing twice. */
const lastSealed = new Map<string, string>();
const fingerprint = (account: string, trusteeId: string, choice: EmergencyChoice, items: EmergencyBundleItem[]) => JSON.stringify([account, trusteeId, choice.waitHours, choice.position, items]);

/** True when this device last sealed exactly `choice` with these contents for `trusteeId` (EmergencyRefresher skips it). */
export const alreadySealed = (account: string, trusteeId: string, choice: EmergencyChoice, source: ShareSource): boolean =>
  lastSealed.get(`${account}:${trusteeId}`) === fingerprint(account, trusteeId, choice, bundleItems(choice, source));

/** True when `err` is the server's refusal of a seal from an older choice than it holds (409 STALE_CHOICE): this device must sync first. */
export const isStaleChoice = (err: unknown): boolean => err instanceof ApiError && err.status === 409 && err.serverMessage === STALE_CHOICE;

/** True when `err` is the server's refusal of a new choice edited from another than the one it holds now (409 CHOICE_CHANGED: changed or removed on another device meanwhile). */
export const isChangedChoice = (err: unknown): boolean => err instanceof ApiError && err.status === 409 && err.serverMessage === CHOICE_CHANGED;

/**
 * `choice` as the owner saves it anew: its version one above both `saved` (the choice this device
 * holds, or none after a Remove) and `floor` (choiceFloor: the highest the server has held, kept past
 * a Remove, and the highest this device has sealed), so it never starts again at 1 (security review s22 H1).
 */
export const nextChoice = (saved: EmergencyChoice | null, choice: Omit<EmergencyChoice, 'version'>, floor = 0): EmergencyChoice => ({ ...choice, version: Math.max(saved?.version ?? 0, floor) + 1 });

/**
 * The highest choice version known for `trusteeId`: the server's (`GET /api/emergency`
 * choiceVersions, set or removed) or `server` when the caller has read it already, and the
 * highest this device has sealed (deps.seen). Offline, this device's alone.
 */
export async function choiceFloor(deps: Pick<EmergencyDeps, 'api' | 'seen'>, trusteeId: string, server?: Record<string, number>): Promise<number> {
  const held = server ?? (await deps.api<{ choiceVersions?: Record<string, number> }>('/api/emergency').then((r) => r.choiceVersions ?? {}, () => ({}) as Record<string, number>));
  return Math.max(held[trusteeId] ?? 0, (await deps.seen?.highest(trusteeId)) ?? 0);
}

/**
 * Seals `choice` for trustee `trustee` from the owner's records `source` and sends it with
 * `PUT /api/emergency/trustees/:id`, with the choice's version (the server refuses an older one
 * than it holds: 409 STALE_CHOICE, isStaleChoice); with `refresh` (the refresher's), only replacing a setting the
 * server still holds (a 404 NOTHING_TO_REFRESH when it was removed on another device); with
 * `basedOn` (a new choice: the version of the one it was edited from, 0 for none), only while the
 * server holds exactly that one (409 CHOICE_CHANGED otherwise, isChangedChoice). Throws
 * EmergencyAccessError (no kit, nothing chosen that is still there), KeysLockedError while the keys
 * are locked, and what `api` throws.
 */
export async function sealEmergency(deps: EmergencyDeps, trustee: { id: string; name: string }, choice: EmergencyChoice, source: ShareSource, opts: { refresh?: boolean; basedOn?: number } = {}): Promise<void> {
  const items = bundleItems(choice, source);
  // A refresh whose every item was deleted seals an empty bundle over the last one (the trustee
  // then opens nothing, never a deleted item's last words); a new choice names at least one.
  if (items.length === 0 && !opts.refresh) throw new EmergencyAccessError(nothingChosenText());
  // Never an older choice than this device has sealed (a lying server's replayed record: security review s22 L5).
  if (deps.seen && (choice.version ?? 0) < (await deps.seen.highest(trustee.id))) throw new EmergencyAccessError(olderChoiceText(trustee.name));
  const { generation, t } = await trusteeKitSecret(deps, trustee.id, trustee.name);
  // Gate, E, wrap and bundle in the one format the trustee's page opens (emergency-bundle.ts).
  const { sealEmergencyAccess } = await import('../../../shared/emergency-bundle');
  const parts = await sealEmergencyAccess({ account: deps.account, trusteeId: trustee.id, generation }, t, items);
  // The choice's version: the server refuses a seal from an older choice than the one it holds (STALE_CHOICE).
  const body = { position: choice.position, waitHours: choice.waitHours, generation, items: serverItems(items), ...parts, choiceVersion: choice.version ?? 0, ...(opts.refresh ? { refresh: true } : {}), ...(opts.basedOn !== undefined ? { basedOn: opts.basedOn } : {}) };
  await deps.api(`/api/emergency/trustees/${encodeURIComponent(trustee.id)}`, { method: 'PUT', body });
  await deps.seen?.note(trustee.id, choice.version ?? 0);
  lastSealed.set(`${deps.account}:${trustee.id}`, fingerprint(deps.account, trustee.id, choice, items));
  await deps.sealed?.set(followKey({ kind: 'emergency-bundle', id: trustee.id }), await copyDigest({ choice, items }));
}

/**
 * Ends emergency access for `trusteeId` on the server (they can no longer ask); with `basedOn` (the
 * version of the choice removed), only while the server holds that choice or none (409
 * CHOICE_CHANGED when another device saved another meanwhile: isChangedChoice). Throws what `api` throws.
 */
export async function removeEmergency(deps: Pick<EmergencyDeps, 'api' | 'account'>, trusteeId: string, basedOn?: number): Promise<void> {
  await deps.api(`/api/emergency/trustees/${encodeURIComponent(trusteeId)}${basedOn === undefined ? '' : `?basedOn=${basedOn}`}`, { method: 'DELETE' });
  lastSealed.delete(`${deps.account}:${trusteeId}`);
}

/**
 * Why saving or removing emergency access for `name` failed, in the owner's words (the dialog's
 * toast): an EmergencyAccessError's own words; a newer choice saved on another device; one changed
 * or removed there after the choice this one was edited from; a 404 by the server's error: the trustee not on the
 * server as theirs (NO_SUCH_TRUSTEE), else an item not there yet; else what the server said, or a
 * connection problem.
 */
export function saveFailedWords(err: unknown, name: string): string {
  if (err instanceof EmergencyAccessError) return err.message;
  if (isStaleChoice(err)) return staleChoiceText(name);
  if (isChangedChoice(err)) return changedMeanwhileText(name);
  if (err instanceof ApiError && err.status === 404) return err.serverMessage === NO_SUCH_TRUSTEE ? trusteeNotOnServerText(name) : notSyncedText();
  return serverMessage(err, 'Check your connection and try again.');
}
