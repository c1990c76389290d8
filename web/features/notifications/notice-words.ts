/**
 * What a notice of the Notifications menu says (notifications.ts noticesOf): its title and detail
 * from the 'notifications' catalog (issue 44), its date in the reader's language. Imported by the
 * menu's lazy chunk only, with the catalog's English, so the signed-in start carries neither (the
 * dashboard's JS budget, issue 41); the bell's own name is the 'signed-in' catalog's.
 */
import { formatDate } from '../../../shared/intl-format';
import type { t as activeT } from '../../i18n/i18n';
import type { Notice } from './notifications';
import './messages';

/** How notices are worded: useT()'s `t` and language. */
export interface NoticeWords {
  t: typeof activeT;
  language: string;
}

/**
 * The title and detail of `notice` in `words`.
 */
export function noticeText(notice: Notice, { t, language }: NoticeWords): { title: string; detail: string } {
  const { date, ...values } = notice.values ?? {};
  return {
    title: t(`notifications.${notice.kind}.title`),
    detail: t(`notifications.${notice.kind}.detail`, { ...values, date: date ? formatDate(date, language) : ''}),
  };
}
