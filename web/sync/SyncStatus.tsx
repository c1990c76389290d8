/**
 * The header's sync indicator (DESIGN.md §2 "never silent", §5): offline, saving, all saved, a
 * retrying error (plain-words reason in the tooltip, never the server's text), or a prompt to sign
 * in again or reload; the number of changes waiting in every state, and a badly-off device clock
 * in words (rule 17). Icon always; text from 640 px up, kept for screen readers below.
 */
import { CloudCheck, CloudOff, LoaderCircle, LogIn, PencilLine, RefreshCw, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDatabaseNotice } from '../db/hooks';
import { useHasUnsavedTyping } from '../forms/unsaved-changes';
import { cn } from '../ui/cn';
import { CLOCK_OFF_WARN_MS, useSyncState, type SyncState } from './sync-state';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;
/** ' — 3 changes waiting', or '' when nothing waits: shown in every state (issue 14 finding 7). */
const waiting = (n: number) => (n > 0 ? ` — ${changes(n)} waiting` : '');

interface View {
  icon: LucideIcon;
  text: string;
  tone: string;
  spin?: boolean;
  title?: string;
  signIn?: boolean;
  /** Set when the device clock is badly off (rule 17): a sentence for the person. */
  clock?: string;
  /** Set when pulled words could not be opened (rule 26): a sentence naming the screens. */
  unopened?: string;
  /** Set while a pull has more pages to come (issue 41): how far this device has got, in words and in short. */
  progress?: { words: string; short: string };
}

/**
 * "Bringing your plan to this device: 12,400 of 30,000" (issue 41), and "12,400 of 30,000" for a
 * narrow screen; undefined without progress.
 */
export function progressWords(progress: SyncState['progress']): { words: string; short: string } | undefined {
  if (!progress) return undefined;
  const short = `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
  return { words: `Bringing your plan to this device: ${short}`, short };
}

/**
 * Words for a device clock `offMs` behind (positive: server ahead, so the device is slow) or
 * ahead of the server, when more than CLOCK_OFF_WARN_MS; otherwise undefined (rule 17).
 */
export function clockWords(offMs: number | undefined): string | undefined {
  if (offMs === undefined || Math.abs(offMs) <= CLOCK_OFF_WARN_MS) return undefined;
  const minutes = Math.round(Math.abs(offMs) / 60_000);
  const amount = minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  return `This device's clock is ${amount} ${offMs > 0 ? 'slow' : 'fast'}. Afterword corrects for it; please check the date and time settings.`;
}

/**
 * The words and icon for a sync state (exported for tests of the wording); `typing`: a form on
 * screen holds typing not saved yet, so nothing may be called saved.
 */
export function syncStatusView(s: SyncState, dbNotice: string | null = null, typing = false): View {
  const clock = clockWords(s.clockOffMs);
  const base = baseView(s, dbNotice);
  const view = typing && base.text === 'All changes saved' ? { icon: PencilLine, text: 'Not saved yet — press Save', tone: 'text-amber-800' } : base;
  // Rule 26: words that did not open are named like a clock that is off, in a sentence beside the status.
  const notes = { ...(clock ? { clock } : {}), ...(s.unopened ? { unopened: s.unopened } : {}) };
  return clock || s.unopened ? { ...view, ...notes, tone: view.tone === 'text-emerald-800' ? 'text-amber-800' : view.tone } : view;
}

function baseView(s: SyncState, dbNotice: string | null): View {
  if (dbNotice) return { icon: RefreshCw, text: `Reload to keep syncing${waiting(s.pending)}`, tone: 'text-amber-800', title: 'Afterword was updated or signed out in another tab' };
  switch (s.status) {
    case 'needs-sign-in':
      return { icon: LogIn, text: `Sign in again to sync${waiting(s.pending)}`, tone: 'text-amber-800', signIn: true };
    case 'update-required':
      return { icon: RefreshCw, text: `Update required — reload${s.pending ? ` (${changes(s.pending)} waiting)` : ''}`, tone: 'text-amber-800', title: 'This version of Afterword is out of date. Reload the app to update it.' };
    case 'offline':
      return { icon: CloudOff, text: `Offline${waiting(s.pending)}`, tone: 'text-slate-700' };
    case 'error':
      return { icon: CloudOff, text: `Sync error — retrying${s.pending ? ` (${changes(s.pending)} waiting)` : ''}`, tone: 'text-red-700', title: s.lastError };
    default:
      if (s.pending > 0 || s.status === 'syncing') {
        const progress = s.status === 'syncing' ? progressWords(s.progress) : undefined;
        return { icon: LoaderCircle, spin: true, text: s.pending ? `Saving ${changes(s.pending)}…` : 'Syncing…', tone: 'text-slate-700', ...(progress ? { progress } : {}) };
      }
      return { icon: CloudCheck, text: 'All changes saved', tone: 'text-emerald-800' };
  }
}

/** `onSignIn`: what "Sign in again to sync" does instead of going to /login (the app reopens its sign-in-again dialog). */
export function SyncStatus({ onSignIn }: { onSignIn?: () => void } = {}) {
  const state = useSyncState();
  const notice = useDatabaseNotice();
  const typing = useHasUnsavedTyping();
  const view = syncStatusView(state, notice, typing);
  const note = [view.unopened, view.clock].filter(Boolean).join(' ');
  const Icon = view.icon;
  const body = (
    <>
      <Icon className={cn('size-5 shrink-0', view.spin && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
      <span className="sr-only max-w-44 truncate text-sm sm:not-sr-only">{view.text}</span>
    </>
  );
  const box = cn('flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2', view.tone);
  return (
    <div role="status" aria-live="polite" title={[view.title ?? view.text, view.progress?.words, note].filter(Boolean).join(' ')} className="flex items-center">
      {view.signIn ? (
        <Link to="/login" onClick={onSignIn && ((e) => (e.preventDefault(), onSignIn()))} className={cn(box, 'hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2')}>
          {body}
        </Link>
      ) : (
        <span className={box}>{body}</span>
      )}
      {view.title && view.title !== view.text ? <span className="sr-only">{view.title}</span> : null}
      {view.progress ? (
        // The count changes with every page: shown, not announced (the live region says it once, without the numbers).
        <span className="ml-1 text-xs leading-tight whitespace-nowrap text-slate-700" data-testid="sync-progress">
          <span className="sr-only">Bringing your plan to this device</span>
          <span className="hidden md:inline" aria-hidden="true">
            {view.progress.words}
          </span>
          <span className="hidden sm:inline md:hidden" aria-hidden="true">
            {view.progress.short}
          </span>
          {/* A phone's header has room for a few characters beside its icons (390 px): the share. */}
          <span className="sm:hidden" aria-hidden="true">
            {state.progress ? `${Math.floor((100 * state.progress.done) / Math.max(1, state.progress.total))}%` : null}
          </span>
        </span>
      ) : null}
      {note ? (
        <span className="ml-1 hidden max-w-56 text-xs leading-tight text-amber-800 md:block" data-testid={view.clock ? 'clock-off' : 'unopened'}>
          {note}
        </span>
      ) : null}
      {note ? (
        <>
          <span className="sr-only md:hidden">{note}</span>
          <span className="text-xs font-medium whitespace-nowrap text-amber-800 md:hidden" aria-hidden="true">
            {view.unopened ? 'Words not shown' : 'Clock off'}
          </span>
        </>
      ) : null}
    </div>
  );
}
