/**
 * Emergency access on the trustee's kit page, without the page (docs/sharing.md "Emergency
 * access"; issue 43 "the trustee's page explains what they can ask for and what happens next"):
 * which state the server's answer is in, the words for each, and the opening of a granted bundle
 * with the kit's own secret t (web/features/emergency/emergency-bundle.ts), in the browser.
 * Nothing here is ever shown unless it opened; every failure has words.
 */
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { openEmergencyAccess, type EmergencyOpened, type EmergencyOpenFailure } from '../../../shared/emergency-bundle';
import { dateTimeText } from '../dom';
import type { KitApi, KitEmergency, KitInfo } from './api';
import { kt } from './words';

/** Where the trustee stands: nothing given, may ask, asked and waiting, or how the last request ended. */
export type EmergencyStep = 'none' | 'can-ask' | 'waiting' | 'refused' | 'ended' | 'withdrawn' | 'granted';

/** The step of the server's answer `e`. */
export function emergencyStep(e: KitEmergency): EmergencyStep {
  const phase = e.request?.phase;
  if (phase === 'requested' || phase === 'waiting') return 'waiting';
  if (phase === 'granted') return 'granted';
  if (phase === 'refused' || phase === 'ended' || phase === 'withdrawn') return phase;
  return e.canAsk ? 'can-ask' : 'none';
}

/** "48 hours", "1 hour", "2 days", "1 week": the owner's wait in words. */
export function waitText(hours: number): string {
  if (hours % (24 * 7) === 0) return kt('kit.wait.weeks', { n: hours / (24 * 7) });
  if (hours % 24 === 0 && hours > 48) return kt('kit.wait.days', { n: hours / 24 });
  return kt('kit.wait.hours', { n: hours });
}

/** What the trustee may ask for and what happens next, before they ask (issue 43 "Words for a person"). */
export function askTexts(name: string, e: KitEmergency): string[] {
  const wait = e.waitHours ? waitText(e.waitHours) : kt('kit.emergency.waitUnset');
  return [kt('kit.emergency.askWhat', { name, n: e.itemCount }), kt('kit.emergency.askNext', { name, wait }), kt('kit.emergency.notDeath')];
}

/** The words of each state after asking (dates in the reader's own time zone). */
export function stateText(step: Exclude<EmergencyStep, 'none' | 'can-ask'>, name: string, e: KitEmergency): string {
  const r = e.request!;
  const at = (iso: string | null) => (iso ? dateTimeText(iso) : kt('kit.emergency.recently'));
  switch (step) {
    case 'waiting':
      return r.waitEndsAt
        ? kt('kit.emergency.waiting', { asked: at(r.requestedAt), name, until: at(r.waitEndsAt) })
        : kt('kit.emergency.waitingTold', { asked: at(r.requestedAt), name, wait: waitText(r.waitHours) });
    case 'refused':
      return kt('kit.emergency.refused', { name, at: at(r.decidedAt) });
    case 'ended':
      return kt('kit.emergency.ended', { name, at: at(r.endedAt) });
    case 'withdrawn':
      return kt('kit.emergency.withdrawn', { at: at(r.decidedAt) });
    case 'granted':
      return kt('kit.emergency.granted', { name, at: at(r.waitEndsAt) });
  }
}

/**
 * Why nothing opened: the bundle's failures; a server whose own answer says the request is not
 * granted (`early`); or a granted request with nothing served (`other-kit`: what the owner chose was
 * sealed for another kit generation than this kit's, the owner having made new kits since).
 */
export type OpenFailure = EmergencyOpenFailure | 'early' | 'other-kit';

/** The words for a failure to open (always shown: nothing is opened silently or in part). */
export function openFailureText(why: OpenFailure, name: string): string {
  return kt(FAILURE_IDS[why], { name });
}

const FAILURE_IDS = { 'no-kit': 'kit.emergency.fail.noKit', early: 'kit.emergency.fail.early', 'other-kit': 'kit.emergency.fail.otherKit', key: 'kit.emergency.fail.key', bundle: 'kit.emergency.fail.bundle' } as const satisfies Record<OpenFailure, string>;

/** "2 of the things could not be shown…", or null when every item was shown. */
export const notShownText = (n: number): string | null => (n === 0 ? null : kt('kit.emergency.notShown', { n }));

/**
 * Opens what the server's answer `e` grants, with `kit` (verified against `info`; null: no kit on
 * this page): only when the server's own answer says the request is granted (else `early`, nothing
 * opened; granted with nothing served: `other-kit`), then the gate and t unwrap E and E opens the bundle bound to this trustee and generation.
 */
export async function openGranted(info: Pick<KitInfo, 'account' | 'trusteeId' | 'generation'>, kit: Kit | null, e: KitEmergency): Promise<EmergencyOpened | { kind: 'failed'; why: 'early' | 'other-kit' }> {
  const granted = e.request?.phase === 'granted' && !!e.request.grantedAt;
  if (!e.access) return { kind: 'failed', why: granted ? 'other-kit' : 'early' }; // granted, nothing served: sealed for another kit generation
  if (!granted) return { kind: 'failed', why: 'early' };
  const ctx = { account: info.account, trusteeId: info.trusteeId, generation: kit?.generation ?? info.generation };
  return openEmergencyAccess(ctx, kit?.t ?? null, e.access);
}

/**
 * Tells the owner's timeline that the page opened the bundle of `e`'s granted request (POST
 * /api/kit/:token/emergency/opened; docs/sharing.md "Emergency access"). Never in the trustee's
 * way: a failure (offline, a busy server) is logged and the items stay shown; the server keeps the
 * first telling only, so a reload tells again harmlessly. Resolves true when the server took it.
 */
export async function tellOpened(api: Pick<KitApi, 'emergencyOpened'>, e: KitEmergency): Promise<boolean> {
  if (!e.request) return false;
  try {
    await api.emergencyOpened(e.request.id);
    return true;
  } catch (err) {
    console.warn('Telling the owner that the emergency items were opened failed:', err);
    return false;
  }
}
