/**
 * A kit's code and its fit, without words (issue 41/44): read by the kit page (steps.ts, which says
 * what is wrong in the trustee's language) and by the owner's executor kit in the app
 * (web/features/trustees/kits/executor-kit.ts), which must not carry the kit page's catalogs.
 */
import { commitShare } from '../../../shared/crypto/shamir';
import { KitCodeError } from '../../../shared/crypto/errors';
import { parseKitInput, type Kit } from '../../../shared/crypto/trustee-kit';
import type { KitInfo } from './api';

/** Whether a kit fits this link: `ok`, or why not (another kit's link, or the wrong share). */
export type Fit = 'ok' | 'other-kit' | 'wrong-share';

/**
 * Verifies `kit` against `info` in the browser: its generation and index must be the link's, and
 * commitShare of its share (shamir.ts, for the owner's account and the generation) must be the
 * commitment the server keeps. The kit secret `t` plays no part and is never sent.
 */
export async function fitOf(info: Pick<KitInfo, 'account' | 'generation' | 'index' | 'commitment'>, kit: Kit): Promise<Fit> {
  if (kit.generation !== info.generation || kit.index !== info.index) return 'other-kit';
  const commitment = await commitShare({ account: info.account, generation: info.generation }, { index: kit.index, bytes: kit.share });
  return commitment === info.commitment.toLowerCase() ? 'ok' : 'wrong-share';
}

/**
 * What a paste may bring that is not part of a code: any dash (en, em, minus, soft hyphen) reads
 * as `-`, invisible characters (zero-width spaces, byte-order marks) go; the code's own reader
 * (group-code.ts) then ignores case, white space of any kind and the dashes.
 */
const pastedCode = (text: string) => text.replace(/[\p{Pd}\u2212\u00ad]/gu, '-').replace(/[\u200b-\u200d\u2060\ufeff]/g, '');

/** What is wrong with a typed code: nothing typed, or not a whole code (`group`: the first group that does not read, when one is known). */
export type KitCodeProblem = { problem: 'empty' } | { problem: 'incomplete'; group: number | null };

/**
 * A typed or pasted kit code (issue 38: the whole code pasted, with or without spaces, dashes or
 * line breaks, in any case; or the whole kit link): the kit, or what is wrong with it (the caller
 * words it). Throws what parseKitInput throws other than KitCodeError.
 */
export function readKitCode(typed: string): { kit: Kit } | KitCodeProblem {
  if (!typed.trim()) return { problem: 'empty' };
  try {
    return { kit: parseKitInput(pastedCode(typed)) };
  } catch (err) {
    if (!(err instanceof KitCodeError)) throw err;
    return { problem: 'incomplete', group: err.group ?? null };
  }
}
