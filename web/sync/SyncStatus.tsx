/**
 * The header's sync indicator (DESIGN.md §2 "never silent", §5): offline with the number of
 * changes waiting, saving, all saved, a retrying error (reason in the tooltip), or a prompt to
 * sign in again or reload. Icon always; text from 640 px up, kept for screen readers below.
 */
import { CloudCheck, CloudOff, LoaderCircle, LogIn, RefreshCw, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDatabaseNotice } from '../db/hooks';
import { cn } from '../ui/cn';
import { useSyncState, type SyncState } from './index';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

interface View {
  icon: LucideIcon;
  text: string;
  tone: string;
  spin?: boolean;
  title?: string;
  signIn?: boolean;
}

/** The words and icon for a sync state (exported for tests of the wording). */
export function syncStatusView(s: SyncState, dbNotice: string | null = null): View {
  if (dbNotice) return { icon: RefreshCw, text: 'Reload to keep syncing', tone: 'text-amber-800', title: 'Afterword was updated or signed out in another tab' };
  switch (s.status) {
    case 'needs-sign-in':
      return { icon: LogIn, text: 'Sign in again to sync', tone: 'text-amber-800', signIn: true };
    case 'update-required':
      return { icon: RefreshCw, text: 'Update required — reload', tone: 'text-amber-800', title: s.lastError };
    case 'offline':
      return { icon: CloudOff, text: s.pending ? `Offline — ${changes(s.pending)} waiting` : 'Offline', tone: 'text-slate-700' };
    case 'error':
      return { icon: CloudOff, text: 'Sync error — retrying', tone: 'text-red-700', title: s.lastError };
    default:
      if (s.pending > 0 || s.status === 'syncing') {
        return { icon: LoaderCircle, spin: true, text: s.pending ? `Saving ${changes(s.pending)}…` : 'Syncing…', tone: 'text-slate-700' };
      }
      return { icon: CloudCheck, text: 'All changes saved', tone: 'text-emerald-800' };
  }
}

export function SyncStatus() {
  const state = useSyncState();
  const notice = useDatabaseNotice();
  const view = syncStatusView(state, notice);
  const Icon = view.icon;
  const body = (
    <>
      <Icon className={cn('size-5 shrink-0', view.spin && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
      <span className="sr-only max-w-44 truncate text-sm sm:not-sr-only">{view.text}</span>
    </>
  );
  const box = cn('flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2', view.tone);
  return (
    <div role="status" aria-live="polite" title={view.title ?? view.text} className="flex items-center">
      {view.signIn ? (
        <Link to="/login" className={cn(box, 'hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2')}>
          {body}
        </Link>
      ) : (
        <span className={box}>{body}</span>
      )}
      {view.title && view.title !== view.text ? <span className="sr-only">{view.title}</span> : null}
    </div>
  );
}
