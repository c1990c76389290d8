/**
 * Putting the executor kit away (issue "Release through trustees' key shares", "Fewer than k kits":
 * an optional kit the owner prints and keeps with the will, counting as one share). It is "handed
 * over" when the owner, on their device, types back the code of the kit they printed: the browser
 * checks it against the kit's commitment (web/release/kit/kit-code.ts fitOf, as a trustee's kit page
 * does) and sends the server only that commitment (`POST /api/kit/:token/handover`), never the
 * code, the share or the kit secret. Scanning the printed QR code with a phone opens the kit page,
 * which does the same.
 */
import { fitOf, type KitCodeProblem, readKitCode } from '../../../release/kit/kit-code';
import type { Api } from '../../keys';
import { KitSetupError, type KitHandout } from './make-kits';

/**
 * Checks `typed` (the printed code, as the owner typed it) against the executor kit `handout` of
 * `account` and records it put away. Throws KitSetupError with the owner's words for a mistyped
 * code (naming the group) or another kit's code (nothing is sent then), and what `api` throws.
 */
export async function putAwayExecutorKit(deps: { api: Api; account: string }, handout: KitHandout, typed: string): Promise<void> {
  if (!handout.executor) throw new TypeError('Only the executor kit is put away here');
  const read = readKitCode(typed);
  if (!('kit' in read)) throw new KitSetupError(executorCodeWords(read));
  const fit = await fitOf({ account: deps.account, generation: handout.generation, index: handout.index, commitment: handout.commitment }, read.kit);
  if (fit !== 'ok') throw new KitSetupError('This is not the code of this executor kit. Please type the code printed on the executor kit you made last.');
  await deps.api(`/api/kit/${encodeURIComponent(handout.token)}/handover`, { method: 'POST', body: { commitment: handout.commitment } });
}

/** The owner's words for a mistyped executor kit code (English, as the Trustees screen's). */
function executorCodeWords(read: KitCodeProblem): string {
  if (read.problem === 'empty') return 'Please type the code printed on the executor kit.';
  return read.group
    ? `Group ${read.group} does not look right. Please check it against the printed kit, letter by letter.`
    : 'This code is not complete or two groups are swapped. It has 22 groups of 5 letters and numbers.';
}
