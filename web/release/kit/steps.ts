/**
 * What the kit page shows and checks, without the page (unit-tested in steps.test.ts; contract §4,
 * issue "Release through trustees' key shares"): which step a kit is at, whether a kit (from the
 * link's fragment or typed) is the one this link's commitment names, and what a mistyped code's
 * error says. The page acts only on a person's click (mail scanners open links); nothing here
 * talks to the server.
 */
import { parseKitFragment, type Kit } from '../../../shared/crypto/trustee-kit';
import { type Fit, readKitCode } from './kit-code';
import type { KitInfo } from './api';
import { kt } from './words';

export { fitOf, type Fit } from './kit-code';

/**
 * The page's step for `info` and whether the person's kit was already verified in this browser
 * (from the link's fragment):
 * - `retired`: a newer kit replaced this one; `not-in-use`: a new kit whose generation is not live
 *   yet, at a time only the live one can act;
 * - `handover`: not handed over and the link carried the kit → "Keep this kit";
 * - `need-link`: not handed over and no kit: open the whole link or scan the printed QR (the code is
 *   never asked for outside a death's confirmation: issue constraint "Kits pass through the
 *   operator's code");
 * - `kit-good`: handed over, and the link's kit verified → record a check; `check`: handed over, no
 *   kit → compare the fingerprint;
 * - `confirm` / `confirmed`: awaiting confirmations (this kit's trustee has not / has confirmed);
 * - `released`: open what was left with the kit.
 */
export type Step = 'retired' | 'not-in-use' | 'handover' | 'need-link' | 'kit-good' | 'check' | 'confirm' | 'confirmed' | 'released';

/** The step of kit `info` when the link's kit verified (`verified`) or not. */
export function stepOf(info: KitInfo, verified: boolean): Step {
  if (info.status === 'retired') return 'retired';
  if (info.phase === 'released') return info.status === 'current' ? 'released' : 'not-in-use';
  if (info.phase === 'awaiting-confirmations' && info.status === 'current') return info.confirmed ? 'confirmed' : 'confirm';
  if (!info.handedOverAt) return verified ? 'handover' : 'need-link';
  if (info.phase === 'awaiting-confirmations') return 'not-in-use';
  return verified ? 'kit-good' : 'check';
}

/** The kit of the link's fragment (`#…`, without the `#`), or null when there is none; throws KitCodeError. */
export const kitOfFragment = (fragment: string | null): Kit | null => (fragment ? parseKitFragment(fragment) : null);

/**
 * A typed or pasted kit code (issue 38: the whole code pasted, with or without spaces, dashes or
 * line breaks, in any case; or the whole kit link): the kit, or the words for the person naming
 * what is wrong (a group, as the recovery code's input does), in the kit page's language.
 */
export function readTypedCode(typed: string): { kit: Kit } | { error: string } {
  const read = readKitCode(typed);
  if ('kit' in read) return read;
  if (read.problem === 'empty') return { error: kt('kit.code.empty') };
  return { error: read.group ? kt('kit.code.group', { group: String(read.group) }) : kt('kit.code.incomplete') };
}

/** What the page says when a kit does not fit its link (`fit` not `ok`), for a kit from the link or typed. */
export function misfitText(fit: Exclude<Fit, 'ok'>, from: 'link' | 'code', ownerFirstName: string): string {
  const name = ownerFirstName;
  if (from === 'code') return kt(fit === 'other-kit' ? 'kit.code.otherKit' : 'kit.code.wrongShare', { name });
  return kt('kit.link.misfit', { name });
}

/** "1 of 2 trustees have confirmed" (contract §4 "n of k confirmed"). */
export const confirmedText = (confirmations: number, k: number): string => kt('kit.confirmations', { confirmations, k });
