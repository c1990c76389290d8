/**
 * The words of a shared item's view (shared/share-copy-view.ts `copyView`) in the app: the catalog
 * namespace `copy-view` (issue 44), which the viewer's page (SharedPage.tsx) loads with its own
 * `shared-view`; the kit page's emergency access says the same catalog through the release pages'
 * words (web/release/kit/words.ts). English is registered when this module loads; the page calls
 * `useCopyViewMessages()` first.
 */
import en from '../../i18n/catalogs/en/copy-view.json';
import { namespace } from '../../i18n/i18n';
import type { CopyWordId } from '../../../shared/share-copy-view';

export const useCopyViewMessages = namespace('copy-view', en, import.meta.glob(['../../i18n/catalogs/*/copy-view.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));

// Every id copyView says is in the English catalog: a missing one fails `npm run typecheck`.
void (en satisfies Record<CopyWordId, string>);
