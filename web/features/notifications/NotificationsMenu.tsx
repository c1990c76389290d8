/**
 * The header's Notifications menu (notifications.ts): the bell shows how many things need the
 * person's attention and lists them, each leading to where it can be dealt with; or says plainly
 * that nothing does. Reads what the device already knows (release status, sync state).
 */
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useSyncStore } from '../../sync/sync-store';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../ui/DropdownMenu';
import { useReleaseStore } from '../release';
import { noticesOf } from './notifications';

export function NotificationsMenu() {
  const release = useReleaseStore((s) => s.status);
  const status = useSyncStore((s) => s.status);
  const rejected = useSyncStore((s) => s.lastRejected.length);
  const navigate = useNavigate();
  const notices = noticesOf({ release, sync: { status, rejected }, now: Date.now() });
  const urgent = notices.some((n) => n.tone === 'urgent');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="relative flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-stone-100">
          <Bell className="size-5" aria-hidden="true" />
          {/* The name is "Notifications" or "Notifications, 2": the visible count is part of it (axe label-content-name-mismatch). */}
          <span className="sr-only">{notices.length ? 'Notifications, ' : 'Notifications'}</span>
          {notices.length > 0 && (
            <span
              className={`absolute top-1.5 right-1.5 flex min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold text-white ${urgent ? 'bg-red-700' : 'bg-slate-700'}`}
            >
              {notices.length}
            </span>
          )}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {notices.length === 0 ? (
          <p className="px-2 py-2 text-sm text-slate-700">Nothing needs your attention.</p>
        ) : (
          notices.map((n) => (
            <DropdownMenuItem key={n.id} onSelect={() => navigate(n.href)} className="flex flex-col items-start gap-0.5">
              <span className={`font-medium ${n.tone === 'urgent' ? 'text-red-800' : 'text-slate-900'}`}>{n.title}</span>
              <span className="text-sm text-slate-700">{n.detail}</span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
