/**
 * The trustee kits section's words (issue 44, docs/i18n.md): its catalog namespace 'trustee-kits'
 * (web/i18n/catalogs/<lang>/trustee-kits.json), English registered when this module loads, so it
 * ships with the Trustees screen's lazy chunk (TrusteeKitsSection, KitRow, ExecutorKitRow, the
 * notices of kit-plan.ts and the owner's words of kit-words.ts), never with the signed-in start or
 * the dashboard. The printed kit's words are `kit-pdf`'s (kit-pdf-words.ts). The section's
 * components call `useTrusteeKitsMessages()` first; kit-plan.ts and kit-words.ts, which say their
 * words outside React, import this module for its side effect.
 */
import en from '../../../i18n/catalogs/en/trustee-kits.json';
import { currentLanguage, namespace } from '../../../i18n/i18n';

/** Call first in a component of the section: in another language it waits (Suspense) for that language's words. */
export const useTrusteeKitsMessages = namespace(
  'trustee-kits',
  en,
  import.meta.glob(['../../../i18n/catalogs/*/trustee-kits.json', '!../../../i18n/catalogs/en/*'], { import: 'messages' }),
);

/** People's names as one list in the active language ("Ann, Bob"; Arabic's comma "،"): names only, no "and". */
export const nameList = (names: readonly string[]): string => names.join(currentLanguage() === 'ar' ? '، ' : ', ');
