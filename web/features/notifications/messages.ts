/**
 * The Notifications menu's words (issue 44, docs/i18n.md): its catalog namespace 'notifications'
 * (web/i18n/catalogs/<lang>/notifications.json), English registered when this module loads: the
 * menu's lazy chunk (NotificationsMenuDropdown.tsx, notice-words.ts) imports it, so the signed-in
 * start does not carry the notices' words (the bell's name is the 'signed-in' catalog's).
 */
import en from '../../i18n/catalogs/en/notifications.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the menu: in another language it waits (Suspense) for that language's words. */
export const useNotificationsMessages = namespace('notifications', en, import.meta.glob(['../../i18n/catalogs/*/notifications.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
