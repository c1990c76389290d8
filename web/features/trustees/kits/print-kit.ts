/**
 * "Print kit": the one-page PDF of a trustee's kit made on this device (kit-pdf.ts, with the
 * binder's pdf-lib chunk and fonts, and `qrcode`, all loaded only now, from the binder's offline
 * cache when there is no connection: web/features/export/binder-cache.ts), then shared or
 * downloaded as the family binder is (save-file.ts), in its holder's language (kit-pdf-words.ts:
 * its `kit-pdf` words come with kit-pdf.ts's lazy chunk). Nothing of it is sent to the server.
 */
import { safeFileName } from '../../../../shared/export/paths';
import { importBinderFonts, saveFile, type SaveOutcome } from '../../export';
import type { KitHandout } from './make-kits';
import type { KitPeople } from './kit-words';

/** When pdf-lib or the fonts cannot be had: offline before the binder's cache was filled. */
export const PRINTING_NOT_ON_DEVICE = 'Printing is not on this device yet. Open Afterword once online, then try again.';

/** Whose language a kit is printed in: its holder's as the owner chose it (null for the executor kit or "Same as yours"), and the account's. */
export interface KitLanguages {
  holder: string | null | undefined;
  account: string | null | undefined;
}

/** kit-pdf.ts, the fonts and the kit's words in its language (kit-pdf-words.ts kitLanguage); a failed fetch of any (a TypeError) becomes PRINTING_NOT_ON_DEVICE. */
async function loadPrinting(langs: KitLanguages) {
  try {
    const words = import('./kit-pdf-words').then((m) => m.loadKitPdfWords(m.kitLanguage(langs.holder, langs.account)));
    return await Promise.all([import('./kit-pdf'), importBinderFonts().then((m) => m.loadBinderFonts()), words]);
  } catch (err) {
    if (err instanceof TypeError) throw new Error(PRINTING_NOT_ON_DEVICE, { cause: err });
    throw err;
  }
}

/** The kit's file name, e.g. "Trustee kit for Grace Hopper - 2026-11-27.pdf". */
export const kitFileName = (trusteeName: string, madeAt: Date): string =>
  safeFileName(`Trustee kit for ${trusteeName} - ${madeAt.toISOString().slice(0, 10)}.pdf`);

/** The executor kit's file name, e.g. "Executor kit - 2026-11-27.pdf". */
export const executorKitFileName = (madeAt: Date): string => safeFileName(`Executor kit - ${madeAt.toISOString().slice(0, 10)}.pdf`);

/**
 * Makes `handout`'s printed kit (a trustee's, or the executor kit) for `people` in its holder's
 * language (`langs`: kit-pdf-words.ts kitLanguage) and shares or downloads it; `madeAt` is printed as its date.
 */
export async function printKit(people: KitPeople, handout: KitHandout, madeAt: Date, langs: KitLanguages): Promise<SaveOutcome> {
  const [{ buildKitPdf }, fonts, words] = await loadPrinting(langs);
  const pdf = await buildKitPdf(
    { people, index: handout.index, code: handout.code, page: handout.page, link: handout.link, fingerprint: handout.fingerprint, madeAt, executor: handout.executor },
    fonts,
    words,
  );
  const name = handout.executor ? executorKitFileName(madeAt) : kitFileName(people.trusteeName, madeAt);
  return saveFile(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
}
