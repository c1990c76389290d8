/**
 * The words of the forgotten-password and reset pages (issue 44): catalog namespace
 * 'password-reset' (web/i18n/catalogs/<lang>/password-reset.json), apart from 'auth' so the sign-in
 * and sign-up pages do not carry them. English is registered when this module loads; each page
 * calls `usePasswordResetMessages()` first (in another language it waits, Suspense, for its words).
 */
import en from '../../i18n/catalogs/en/password-reset.json';
import { namespace } from '../../i18n/i18n';

/** Call first in /forgot-password and /reset-password. */
export const usePasswordResetMessages = namespace('password-reset', en, import.meta.glob(['../../i18n/catalogs/*/password-reset.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
