/**
 * The kit page after the release (issue "Release": "A trustee's page then opens their level's
 * content in the browser"; contract §4): on a click, the server hands over `Q`, this trustee's gate
 * `G_i` and sealed blob; the browser derives the access key with the kit's own secret `t_i`
 * (trusteeAccessKey), opens the blob's level keys (openTrusteeBlob) and shows the trustee's page
 * (trustee.ts) opened with those keys (open.ts) instead of the escrow's. `t_i` never leaves the page.
 */
import { CryptoError } from '../../../shared/crypto/errors';
import { fromB64url } from '../../../shared/crypto/bytes';
import { openTrusteeBlob, trusteeAccessKey, type Kit } from '../../../shared/crypto/trustee-kit';
import { h, say, type View } from '../dom';
import { openPage } from '../open';
import { fetchPageData } from '../page-data';
import { trusteeView } from '../trustee';
import { showInLanguage } from '../words';
import type { KitAccess, KitApi, KitInfo } from './api';
import { handoverLinks, handoverSection, withSealedAddresses } from './handovers';
import { kitAction } from './code-form';
import { busyWhile, type Flow } from './flow';
import { kt } from './words';

/** A kit that fits its link but does not open what was left (an older generation's, a changed answer): words for the person. */
export class KitDoesNotOpenError extends Error {}

/**
 * The level's keys (kid → raw key) that released kit `kit` (already verified against `info`) opens,
 * and the trustee's page token: GET access, then trusteeAccessKey(Q, G_i, t_i) and
 * openTrusteeBlob, in the browser. Throws KitDoesNotOpenError (words for the person) when the kit
 * cannot open the blob (another generation's, a changed answer), KitApiError when the server refuses.
 */
export async function kitLevelKeys(api: KitApi, info: KitInfo, kit: Kit): Promise<{ keys: Map<string, Uint8Array>; pageToken: string; access: KitAccess }> {
  const access = await api.access();
  const q = fromB64url(access.q);
  const gate = fromB64url(access.gate);
  const { trusteeId } = access;
  const cannot = new KitDoesNotOpenError(kt('kit.released.cannot', { name: info.ownerFirstName }));
  if (!q || !gate || !trusteeId) throw cannot;
  const ctx = { account: info.account, trusteeId, generation: info.generation };
  try {
    return { keys: await openTrusteeBlob(await trusteeAccessKey(q, gate, kit.t, ctx), ctx, access.blob), pageToken: access.pageToken, access };
  } catch (err) {
    if (err instanceof CryptoError) throw cannot;
    throw err;
  }
}

/**
 * The trustee's page opened with released kit `kit`'s keys (trustee.ts, open.ts), after the letters
 * it hands over (handovers.ts). Throws as kitLevelKeys.
 */
export async function openWithKit(api: KitApi, info: KitInfo, kit: Kit): Promise<View> {
  const { keys, pageToken, access } = await kitLevelKeys(api, info, kit);
  const data = await fetchPageData('t', pageToken);
  if (!data) throw new Error(kt('kit.released.gone'));
  // What was left is shown in the trustee's language (issue 44), as the kit's own steps are.
  await showInLanguage(data.lang);
  const handed = await handoverLinks(api, info, access, kit, location.origin);
  const view = trusteeView(withSealedAddresses(await openPage('t', data, null, keys), handed.links), pageToken);
  const section = handoverSection(handed, info.ownerFirstName);
  if (!section) return view;
  const [heading, ...rest] = view.nodes;
  return { ...view, nodes: [heading!, section, ...rest] };
}

/** `released`: one click (with the link's kit, or after typing the code) opens what was left. */
export function releasedView(flow: Flow): View {
  const { info } = flow;
  const name = info.ownerFirstName;
  const title = kt('kit.released.title', { name });
  const button = kt('kit.released.button', { name });
  const open = (kit: Kit, at: HTMLButtonElement) =>
    busyWhile(at, kt('kit.released.busy', { name }), async () => {
      const view = await openWithKit(flow.api, info, kit);
      flow.keep(kit); // a typed code too: a reload or a later visit opens without it (device-kit.ts)
      flow.show(view);
      say('');
    }, say);
  const act = kitAction({ info, kit: flow.kit, button, onKit: open });
  return {
    title,
    nodes: [
      h('h1', {}, title),
      h('p', {}, kt('kit.released.sorry', { name })),
      act,
    ],
  };
}
