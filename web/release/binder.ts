/**
 * A full-access trustee's family binder, made on their device (issue #18; the owner's binder is
 * made the same way in the app, web/features/export/actions.ts): the same builder
 * (shared/binder) and fonts (web/features/export/binder-fonts.ts), loaded only when asked, and the
 * same save-or-share (web/features/export/save-file.ts). The server never makes a binder.
 */
import type { BinderRecords } from '../../shared/release/pages';
import { saveFile } from '../features/export/save-file';

/**
 * Makes the binder of `records` dated `madeAt` in `lang` (the trustee's: TrusteePageData `lang`,
 * issue 44; web/features/export/binder-words.ts), then shares or downloads it as
 * "Family binder - <name>.pdf".
 */
export async function downloadBinder(records: BinderRecords, ownerName: string, madeAt: Date, lang?: string): Promise<'shared' | 'cancelled' | 'downloaded'> {
  // paths.ts pulls zod (through the export format): loaded with the binder, not with the page.
  const [{ binderInputOf, buildBinder }, { safeFileName }, fonts, words] = await Promise.all([
    import('../../shared/binder'),
    import('../../shared/export/paths'),
    import('../features/export/binder-fonts').then((m) => m.loadBinderFonts()),
    import('../features/export/binder-words').then((m) => m.loadBinderMessages(lang)),
  ]);
  // The trustee's copy after the release: the family's own ticks, each message as the page says it now (shared/binder afterRelease).
  const pdf = await buildBinder({ ...binderInputOf(records, madeAt), afterRelease: true, lang }, fonts, words);
  return saveFile(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), safeFileName(`Family binder - ${ownerName}.pdf`));
}
