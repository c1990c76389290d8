/**
 * The header's Notifications menu as a Radix DropdownMenu (see NotificationsMenu.tsx): a lazy
 * chunk, loaded when the person first reaches for the bell (issue 41: the menu's code, with its
 * positioning, is no part of painting the dashboard), then it replaces the plain bell button.
 * Its words (the 'notifications' catalog, notice-words.ts) come with it, in the person's language.
 */
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/i18n';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../ui/DropdownMenu';
import { useNotificationsMessages } from './messages';
import { noticeText } from './notice-words';
import type { Notice } from './notifications';
import { BellFace, bellButtonClasses } from './notifications-bell';

/** `notices`: what to list (NotificationsMenu reads them); `defaultOpen`: the person pressed the plain bell button, so the menu opens as it mounts. */
export default function NotificationsMenuDropdown({ notices, defaultOpen }: { notices: readonly Notice[]; defaultOpen: boolean }) {
  useNotificationsMessages();
  const navigate = useNavigate();
  const words = useT();
  const { t } = words;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <button type="button" className={bellButtonClasses}>
          <BellFace notices={notices} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenuLabel>{t('bell.name')}</DropdownMenuLabel>
        {notices.length === 0 ? (
          // An item, not a paragraph: a menu must hold menu items (axe aria-required-children), and a
          // screen reader then reads the sentence as the menu's one entry.
          <DropdownMenuItem disabled className="text-sm text-slate-700 data-[disabled]:opacity-100">
            {t('notifications.empty')}
          </DropdownMenuItem>
        ) : (
          notices.map((n) => {
            const { title, detail } = noticeText(n, words);
            return (
              <DropdownMenuItem key={n.id} onSelect={() => navigate(n.href)} className="flex flex-col items-start gap-0.5">
                <span className={`font-medium ${n.tone === 'urgent' ? 'text-red-800' : 'text-slate-900'}`}>{title}</span>
                <span className="text-sm text-slate-700">{detail}</span>
              </DropdownMenuItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
