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
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import type { Api } from '../keys';
import { projectItem, type SharedCopy, type ShareSource } from '../sharing';
import { noKitText, NOTHING_CHOSEN } from './emergency-words';

/** What sealing needs: the server, the account id (every key's context) and AK (key-session.ts withAccountKey). */
export interface EmergencyDeps {
  api: Api;
  account: string;
  withAccountKey: <T>(use: (ak: Uint8Array) => Promise<T>) => Promise<T>;
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

/** The chosen items' copies from `source`, in the owner's order; an item no longer there (deleted) is left out. */
export function bundleItems(choice: Pick<EmergencyChoice, 'items'>, source: ShareSource): EmergencyBundleItem[] {
  return choice.items.flatMap((ref) => {
    const copy = projectItem(ref, source);
    return copy ? [{ kind: ref.kind, id: ref.id, copy }] : [];
  });
}

/** The kit generation a bundle for `trusteeId` is made for: the current one when they hold a kit of it, else the pending one; null when they hold none. */
export const kitGenerationFor = (state: KitsState, trusteeId: string): KitGeneration | null =>
  [state.current, state.pending].find((g) => g?.kits.some((k) => k.trusteeId === trusteeId && !isExecutorKit(k.trusteeId))) ?? null;

/**
 * The kit of trustee `trusteeId` the bundle is made for: the current generation's when they hold
 * one, else the pending one's, with its t opened from the owner copy. Throws
 * EmergencyAccessError in the owner's words when they hold no kit.
 */
export async function trusteeKitSecret(deps: EmergencyDeps, trusteeId: string, name: string): Promise<{ generation: number; t: Uint8Array }> {
  const gen = kitGenerationFor(await deps.api<KitsState>('/api/kits'), trusteeId);
  if (!gen) throw new EmergencyAccessError(noKitText(name));
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

/**
 * Seals `choice` for trustee `trustee` from the owner's records `source` and sends it with
 * `PUT /api/emergency/trustees/:id`; with `refresh` (the refresher's), only replacing a setting the
 * server still holds (a 404 NOTHING_TO_REFRESH when it was removed on another device). Throws
 * EmergencyAccessError (no kit, nothing chosen that is still there), KeysLockedError while the keys
 * are locked, and what `api` throws.
 */
export async function sealEmergency(deps: EmergencyDeps, trustee: { id: string; name: string }, choice: EmergencyChoice, source: ShareSource, opts: { refresh?: boolean } = {}): Promise<void> {
  const items = bundleItems(choice, source);
  if (items.length === 0) throw new EmergencyAccessError(NOTHING_CHOSEN);
  const { generation, t } = await trusteeKitSecret(deps, trustee.id, trustee.name);
  // Gate, E, wrap and bundle in the one format the trustee's page opens (emergency-bundle.ts).
  const { sealEmergencyAccess } = await import('../../../shared/emergency-bundle');
  const parts = await sealEmergencyAccess({ account: deps.account, trusteeId: trustee.id, generation }, t, items);
  const body = { position: choice.position, waitHours: choice.waitHours, generation, items: serverItems(items), ...parts, ...(opts.refresh ? { refresh: true } : {}) };
  await deps.api(`/api/emergency/trustees/${encodeURIComponent(trustee.id)}`, { method: 'PUT', body });
  lastSealed.set(`${deps.account}:${trustee.id}`, fingerprint(deps.account, trustee.id, choice, items));
}

/** Ends emergency access for `trusteeId` on the server (they can no longer ask). Throws what `api` throws. */
export async function removeEmergency(deps: Pick<EmergencyDeps, 'api' | 'account'>, trusteeId: string): Promise<void> {
  await deps.api(`/api/emergency/trustees/${encodeURIComponent(trusteeId)}`, { method: 'DELETE' });
  lastSealed.delete(`${deps.account}:${trusteeId}`);
}
