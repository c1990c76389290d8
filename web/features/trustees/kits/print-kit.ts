/**
 * "Print kit": the one-page PDF of a trustee's kit made on this device (kit-pdf.ts, with the
 * binder's pdf-lib chunk and fonts, and `qrcode`, all loaded only now, from the binder's offline
 * cache when there is no connection: web/features/export/binder-cache.ts), then shared or
 * downloaded as the family binder is (save-file.ts). Nothing of it is sent to the server.
 */
import { safeFileName } from '../../../../shared/export/paths';
import { saveFile, type SaveOutcome } from '../../export/save-file';
import { KitSetupError, kitPageAddress, type KitHandout } from './make-kits';
import type { KitPeople } from './kit-words';

/** When pdf-lib or the fonts cannot be had: offline before the binder's cache was filled. */
export const PRINTING_NOT_ON_DEVICE = 'Printing is not on this device yet. Open Afterword once online, then try again.';

/** kit-pdf.ts and the fonts; a failed fetch of either (a TypeError) becomes PRINTING_NOT_ON_DEVICE. */
async function loadPrinting() {
  try {
    return await Promise.all([import('./kit-pdf'), import('../../export/binder-fonts').then((m) => m.loadBinderFonts())]);
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

/** What the owner can do when a kit's names are too long for one page (kit-pdf.ts KitTooLongError). */
const SHORTER_NAMES = 'Please use a shorter form of the name (Edit Trustee on the Trustees screen, or your name in Profile Settings), then';

/** `err` in the owner's words when it is kit-pdf.ts's KitTooLongError (`then` says what to do next), else `err` itself. */
function inOwnersWords(err: unknown, KitTooLongError: new (...args: never[]) => Error, then: string): unknown {
  return err instanceof KitTooLongError ? new KitSetupError(`${err.message} ${SHORTER_NAMES} ${then}.`, { cause: err }) : err;
}

/** Makes `handout`'s printed kit (a trustee's, or the executor kit) for `people` and shares or downloads it; `madeAt` is printed as its date. */
export async function printKit(people: KitPeople, handout: KitHandout, madeAt: Date): Promise<SaveOutcome> {
  const [{ buildKitPdf, KitTooLongError }, fonts] = await loadPrinting();
  const pdf = await buildKitPdf(
    { people, index: handout.index, code: handout.code, page: handout.page, link: handout.link, fingerprint: handout.fingerprint, madeAt, executor: handout.executor },
    fonts,
  ).catch((err: unknown) => {
    throw inOwnersWords(err, KitTooLongError, 'try again');
  });
  const name = handout.executor ? executorKitFileName(madeAt) : kitFileName(people.trusteeName, madeAt);
  return saveFile(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
}

/**
 * Checks, before kits are made ("Make kits", issue 38), that every kit of `kits` will print on one
 * page on `origin` (kit-pdf.ts checkKitsFit: measured with the widest code and date, nothing
 * drawn), so that no owner hands out a kit that cannot be printed. Throws KitSetupError in the
 * owner's words naming the kit whose names are too long. When printing is not on this device
 * (offline before the binder's cache was filled) it checks nothing: "Print kit" says so itself.
 * `load` is the printing code and fonts (tests give node's).
 */
export async function checkKitsPrint(kits: readonly { people: KitPeople; executor: boolean }[], origin: string, load = loadPrinting): Promise<void> {
  let printing: Awaited<ReturnType<typeof loadPrinting>>;
  try {
    printing = await load();
  } catch (err) {
    if (err instanceof Error && err.message === PRINTING_NOT_ON_DEVICE) return;
    throw err;
  }
  const [{ checkKitsFit, KitTooLongError }, fonts] = printing;
  // A kit page's address with a token as wide as any (16 random bytes, base64url: 22 characters).
  await checkKitsFit(kits, kitPageAddress(origin, 'W'.repeat(22)), fonts).catch((err: unknown) => {
    throw inOwnersWords(err, KitTooLongError, 'make the kits');
  });
}
