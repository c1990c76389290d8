/**
 * The header's Notifications menu (notifications.ts): the bell shows how many things need the
 * person's attention and lists them, each leading to where it can be dealt with; or says plainly
 * that nothing does. Reads what the device already knows (release status, sync state).
 * Until first used, the bell is a plain button of the same look and name: the menu
 * (NotificationsMenuDropdown.tsx, Radix DropdownMenu with its positioning, ~18 KB gzip) loads when
 * the pointer or focus reaches the button, and a press opens it as soon as it is there (issue 41,
 * web/ui/LazyMenuButton.tsx; precached, so offline too).
 */
import { lazy } from 'react';
import { useSyncStore } from '../../sync/sync-store';
import { LazyMenuButton } from '../../ui/LazyMenuButton';
import { useReleaseStore } from '../release';
import { BellFace, bellButtonClasses } from './notifications-bell';
import { noticesOf } from './notifications';

const loadDropdown = () => import('./NotificationsMenuDropdown');
const NotificationsMenuDropdown = lazy(loadDropdown);

export function NotificationsMenu() {
  const release = useReleaseStore((s) => s.status);
  const status = useSyncStore((s) => s.status);
  const rejected = useSyncStore((s) => s.lastRejected.length);
  const notices = noticesOf({ release, sync: { status, rejected }, now: Date.now() });
  return (
    <LazyMenuButton load={loadDropdown} menu={<NotificationsMenuDropdown notices={notices} defaultOpen />} className={bellButtonClasses}>
      <BellFace notices={notices} />
    </LazyMenuButton>
  );
}
