/**
 * The words of the viewer's page of a shared link (SharedPage.tsx, KeepSharedCard.tsx;
 * docs/sharing.md): the catalogs' namespace 'shared-view' (issue 44, docs/i18n.md), its own and not
 * the owner's 'sharing' (share-words.ts), so the viewer's page carries only its own words, and in
 * another language fetches only that language's file of them. English is registered when this
 * module loads; the page's components call `useSharedViewMessages()` first.
 */
import en from '../../i18n/catalogs/en/shared-view.json';
import { namespace, type useT } from '../../i18n/i18n';
import { formatDate } from '../../../shared/intl-format';
import type { SharedView } from './viewer';

export const useSharedViewMessages = namespace('shared-view', en, import.meta.glob(['../../i18n/catalogs/*/shared-view.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));

/** An outcome of opening a link that is not an open item (the page says it in a title and a line). */
export type ViewOutcome = Exclude<SharedView['kind'], 'open'>;

/** What `useT()` answers: the words and the language shown. */
type Words = ReturnType<typeof useT>;

/** The page's title and line for `outcome`, in the language shown (`words`: the component's `useT()`). */
export function outcomeWords({ t }: Words, outcome: ViewOutcome): { title: string; body: string } {
  return { title: t(`sharedView.outcome.${outcome}.title`), body: t(`sharedView.outcome.${outcome}.body`) };
}

/**
 * The line under a shared item's title: shared with `name` (or "you" when the owner named no one),
 * read-only, always the latest version, last changed `updatedAt` (a date in `language`; left out when '').
 */
export function sharedWithText({ t, language }: Words, name: string, updatedAt: string): string {
  const date = updatedAt ? formatDate(updatedAt, language) : '';
  return t('sharedView.sharedWith', { who: name ? 'other' : 'you', name, changed: date ? 'yes' : 'no', date });
}
