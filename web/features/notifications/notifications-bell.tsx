/**
 * What the Notifications menu's plain button and its lazy dropdown (NotificationsMenu.tsx,
 * NotificationsMenuDropdown.tsx) share: the button's look and what it shows (the bell, its name
 * and the count; its name is the 'signed-in' catalog's, issue 44). Kept apart from NotificationsMenu.tsx so the lazy chunk does not import the
 * module that loads it (no circle of imports, issue 42).
 */
import { Bell } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import type { Notice } from './notifications';

/** The bell button's look, shared by the plain button and the menu's trigger. */
export const bellButtonClasses = 'relative flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-stone-100';

/** The bell, the button's name ("Notifications" or "Notifications, 2") and the count's badge. */
export function BellFace({ notices }: { notices: readonly Notice[] }) {
  const { t } = useT();
  const urgent = notices.some((n) => n.tone === 'urgent');
  return (
    <>
      <Bell className="size-5" aria-hidden="true" />
      {/* The name is "Notifications" or "Notifications, 2" (in the person's language): the visible count is part of it (axe label-content-name-mismatch). */}
      <span className="sr-only">{t(notices.length ? 'bell.nameCounted' : 'bell.name')}</span>
      {notices.length > 0 && (
        <span
          className={`absolute end-1.5 top-1.5 flex min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold text-white ${urgent ? 'bg-red-700' : 'bg-slate-700'}`}
        >
          {notices.length}
        </span>
      )}
    </>
  );
}
