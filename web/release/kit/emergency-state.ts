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
import type { KitEmergency, KitInfo } from './api';

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
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (hours % (24 * 7) === 0) return unit(hours / (24 * 7), 'week');
  if (hours % 24 === 0 && hours > 48) return unit(hours / 24, 'day');
  return unit(hours, 'hour');
}

/** What the trustee may ask for and what happens next, before they ask (issue 43 "Words for a person"). */
export function askTexts(name: string, e: KitEmergency): string[] {
  const items = e.itemCount === 1 ? 'one thing' : `${e.itemCount} things`;
  const wait = e.waitHours ? waitText(e.waitHours) : 'the wait they set';
  return [
    `If ${name} cannot act for themselves for a while, for example during a stay in hospital, you can ask to open what ${name} chose for an emergency (${items}).`,
    `${name} is told at once and can refuse. If nobody refuses within ${wait}, you can open those things here, read-only, and nothing else.`,
    `This is not what happens after a death: nothing is released, and no letter is sent.`,
  ];
}

/** The words of each state after asking (dates in the reader's own time zone). */
export function stateText(step: Exclude<EmergencyStep, 'none' | 'can-ask'>, name: string, e: KitEmergency): string {
  const r = e.request!;
  const at = (iso: string | null) => (iso ? dateTimeText(iso) : 'recently');
  switch (step) {
    case 'waiting':
      return r.waitEndsAt
        ? `You asked for emergency access on ${at(r.requestedAt)}. ${name} has been told and can refuse until ${at(r.waitEndsAt)}. If nobody refuses, you can open what ${name} chose for an emergency here from then on.`
        : `You asked for emergency access on ${at(r.requestedAt)}. ${name} is being told now; the wait of ${waitText(r.waitHours)} starts then.`;
    case 'refused':
      return `${name} refused your request on ${at(r.decidedAt)}, so nothing was opened.`;
    case 'ended':
      return `${name} ended the emergency on ${at(r.endedAt)}. You can no longer open anything new. Anything you saved or printed, please keep safe, or delete it when it is no longer needed.`;
    case 'withdrawn':
      return `Your request ended on ${at(r.decidedAt)} before the wait was over, so nothing was opened.`;
    case 'granted':
      return `The wait ended on ${at(r.waitEndsAt)} and nobody refused: you can open what ${name} chose for an emergency. It opens here, on this device, with your kit.`;
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
  switch (why) {
    case 'no-kit':
      return `Nothing was opened: this page needs your kit to open it. Open the link from your kit, or type its code.`;
    case 'early':
      return `Nothing was opened: Afterword's server sent the key to open it while it also says your request is not granted. This page does not open anything early. Please come back when the wait is over.`;
    case 'other-kit':
      return `Nothing was opened: what ${name} chose for you was made for another of your kits (${name} made new kits since), and has not been made again for this one. Nothing of it is lost; please tell the people close to ${name}.`;
    case 'key':
      return `Nothing was opened: what Afterword's server sent does not fit your kit. It may be an older kit, or it was changed on the way. Please use the newest kit ${name} gave you; if it still does not open, tell ${name} or the people close to them.`;
    case 'bundle':
      return `Nothing was opened: what Afterword's server sent is not what ${name} chose for you (it was changed on the way, or belongs to someone else), so none of it is shown. Please tell ${name} or the people close to them.`;
  }
}

/** "2 of the things could not be shown…", or null when every item was shown. */
export const notShownText = (n: number): string | null =>
  n === 0 ? null : `${n === 1 ? 'One thing' : `${n} things`} could not be shown on this page: it may need a newer version of Afterword. Nothing of ${n === 1 ? 'it' : 'them'} is shown.`;

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
