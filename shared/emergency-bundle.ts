/**
 * A trustee's emergency bundle (docs/sharing.md "Emergency access"; issue 43): what the owner chose
 * to let one trustee open in an emergency, sealed on the owner's device, opened only in the
 * trustee's browser.
 *
 *   E       a random key per (trustee, kit generation)
 *   wrap    E wrapped under emergencyKey(gate, t) (shared/crypto/trustee-kit.ts), wrap context
 *           emergencyWrapContext(account, trusteeId, 'bundle', generation)
 *   bundle  sealShared(E, { shareId: "emergency:<trusteeId>:<generation>", itemKind:
 *           'emergency-bundle', itemId: trusteeId }, 'copy', 1, { version: 1, items: [{ kind, id, copy }] })
 *           where each copy is the item's share-now projection (web/features/sharing/projections.ts)
 *
 * The server keeps gate, wrap and bundle and hands them to the trustee's kit page only once the
 * wait is over; it never holds t, so it opens nothing. Zod-free and React-free: the release pages'
 * bundle imports this file.
 */
import { fromB64url, toB64url, webRandom, type RandomSource } from './crypto/bytes';
import { CryptoError } from './crypto/errors';
import { openShared, sealShared, type ShareBinding } from './crypto/share-copy';
import { emergencyKey, emergencyWrapContext, type KitContext } from './crypto/trustee-kit';
import { newRawKey, unwrapKey, wrapKey } from './crypto/wrap';
import { isEmergencyKind, type ShareKind } from './share-items';
import { isSharedCopy, type SharedCopy } from './share-copy-view';

/** One item of a bundle: its kind and id as the owner's records name them, and its shared copy. */
export interface EmergencyItem {
  kind: ShareKind;
  id: string;
  copy: SharedCopy;
}

/** What a bundle holds once opened (version 1). */
export interface EmergencyBundle {
  version: 1;
  items: EmergencyItem[];
}

/** The gate, wrap and bundle as the server stores and serves them (`GET /api/kit/:token/emergency` `access`). */
export interface EmergencyAccessParts {
  gate: string;
  wrap: string;
  bundle: string;
}

/** The revision every bundle is sealed at (a new choice of items makes a new gate and E, not a new revision). */
export const EMERGENCY_BUNDLE_REVISION = 1;

/** The sealing binding of trustee `trusteeId`'s bundle for kit generation `generation`. */
export const emergencyBundleBinding = (trusteeId: string, generation: number): ShareBinding => ({
  shareId: `emergency:${trusteeId}:${generation}`,
  itemKind: 'emergency-bundle',
  itemId: trusteeId,
});

/**
 * The owner's device: makes a new gate and E for `ctx`'s trustee and kit generation, wraps E
 * under emergencyKey(gate, t) (t: that trustee's kit secret, from the kits' owner copy) and seals
 * `items` under E. Returns the three parts for `PUT /api/emergency/trustees/:id` (gate base64url).
 */
export async function sealEmergencyAccess(ctx: KitContext, t: Uint8Array, items: readonly EmergencyItem[], random: RandomSource = webRandom): Promise<EmergencyAccessParts> {
  const gate = newRawKey(random);
  const e = newRawKey(random);
  const wrap = await wrapKey(await emergencyKey(gate, t, ctx), e, emergencyWrapContext(ctx.account, ctx.trusteeId, 'bundle', ctx.generation), random);
  const value: EmergencyBundle = { version: 1, items: [...items] };
  const bundle = await sealShared(e, emergencyBundleBinding(ctx.trusteeId, ctx.generation), 'copy', EMERGENCY_BUNDLE_REVISION, value, random);
  return { gate: toB64url(gate), wrap, bundle };
}

/** Why a bundle did not open: the gate and kit do not open the wrap, or the bundle does not open with E (changed, or another trustee's or account's). */
export type EmergencyOpenFailure = 'no-kit' | 'key' | 'bundle';

/** The outcome of opening: the items (and how many could not be shown), or why nothing opened. */
export type EmergencyOpened = { kind: 'open'; items: EmergencyItem[]; notShown: number } | { kind: 'failed'; why: EmergencyOpenFailure };

/**
 * The trustee's page: opens `access` for `ctx` (the owner's account, this kit's trustee and
 * generation) with the kit secret `t` (null: no kit on this page, nothing opens). Never throws for
 * what the server sent: every failure is a `failed` outcome for the page to say in words. An item
 * that opened but is not a copy this page can show is counted in `notShown`, never shown.
 */
export async function openEmergencyAccess(ctx: KitContext, t: Uint8Array | null, access: EmergencyAccessParts): Promise<EmergencyOpened> {
  if (!t) return { kind: 'failed', why: 'no-kit' };
  const gate = fromB64url(access.gate);
  let e: Uint8Array;
  try {
    if (!gate || gate.length !== 32) return { kind: 'failed', why: 'key' };
    e = await unwrapKey(await emergencyKey(gate, t, ctx), access.wrap, emergencyWrapContext(ctx.account, ctx.trusteeId, 'bundle', ctx.generation));
  } catch (err) {
    if (err instanceof CryptoError || err instanceof TypeError) return { kind: 'failed', why: 'key' };
    throw err;
  }
  let value: unknown;
  try {
    value = await openShared(e, emergencyBundleBinding(ctx.trusteeId, ctx.generation), 'copy', EMERGENCY_BUNDLE_REVISION, access.bundle);
  } catch (err) {
    if (err instanceof CryptoError || err instanceof SyntaxError) return { kind: 'failed', why: 'bundle' };
    throw err;
  }
  const items = (value as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return { kind: 'failed', why: 'bundle' };
  const shown = items.filter((i): i is EmergencyItem => {
    const item = i as Partial<EmergencyItem> | null;
    // Only what emergencies may open (EMERGENCY_KINDS: never a letter or a trustee's details), whatever was sealed.
    return !!item && typeof item.id === 'string' && isEmergencyKind(item.kind) && isSharedCopy(item.copy) && item.copy.kind === item.kind;
  });
  return { kind: 'open', items: shown, notShown: items.length - shown.length };
}
