/**
 * The release banners' words (issue 44, docs/i18n.md): namespace 'release'
 * (web/i18n/catalogs/<lang>/release.json), English registered when this module loads. Only the
 * banners' own chunk (ReleaseBanners.tsx) and waiting-words.ts imports it, so the signed-in start
 * carries none of these words (issue 41). What the server writes (an e-mail's subject, a reason) stays its own.
 */
import en from '../../i18n/catalogs/en/release.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a banner: in another language it waits (Suspense) for that language's words. */
export const useReleaseMessages = namespace('release', en, import.meta.glob(['../../i18n/catalogs/*/release.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
