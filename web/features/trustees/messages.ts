/**
 * The trustees feature's words (issue 44): its catalog namespace 'trustees'
 * (web/i18n/catalogs/<lang>/trustees.json), English registered when this module loads (so it
 * ships in the feature's chunk). The Trustees screens call `useTrusteesMessages()` first.
 */
import type { AccessLevel } from '../../../shared/schema/trustee';
import en from '../../i18n/catalogs/en/trustees.json';
import { type MessageId, namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useTrusteesMessages = namespace('trustees', en, import.meta.glob(['../../i18n/catalogs/*/trustees.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));

/** The message id of an access level's label ('Full Access'; shared/labels.ts's words in English, SPEC.md §3). */
export const accessLevelId = (level: AccessLevel): MessageId => `trustees.access.${level}`;
