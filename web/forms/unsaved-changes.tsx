/**
 * No lost typing (issue #14, finding 7): every open record form reports whether it holds unsaved
 * typing; while one does, leaving the screen inside the app asks first (an accessible Radix
 * confirm dialog, through react-router's useBlocker), and reloading or closing the tab asks the
 * browser's own question (`beforeunload`), as it does while a save is still being written on the
 * device. Signing out is never blocked.
 */
import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { create } from 'zustand';
import { useSession } from '../app/session';
import { useCurrentDb } from '../db/current';
import { LazyConfirmDialog, confirm } from '../ui/confirm';

/**
 * The mounted forms, each as a question "do you hold unsaved typing now?". Asked at the moment
 * of leaving, so a form that has just saved (and reset) never blocks the navigation that follows.
 */
const forms = new Map<string, () => boolean>();

/** The forms holding typing right now, as their render last reported: what the header's sync status reads. */
export const useTypingStore = create<{ typing: ReadonlySet<string> }>()(() => ({ typing: new Set<string>() }));

const reportTyping = (id: string, on: boolean) =>
  useTypingStore.setState((s) => {
    if (s.typing.has(id) === on) return s;
    const typing = new Set(s.typing);
    if (on) typing.add(id);
    else typing.delete(id);
    return { typing };
  });

/** True while some form on screen holds typing not saved yet (the header never says "All changes saved" then). */
export const useHasUnsavedTyping = () => useTypingStore((s) => s.typing.size > 0);

/**
 * Registers this form's question `isDirty` (read when the person leaves) until it unmounts, and
 * `typingNow` (this render's answer) for the header.
 */
export function useReportUnsaved(isDirty: () => boolean, typingNow = false): void {
  const id = useId();
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => {
    forms.set(id, () => latest.current());
    return () => {
      forms.delete(id);
      reportTyping(id, false);
    };
  }, [id]);
  useEffect(() => reportTyping(id, typingNow), [id, typingNow]);
}

/** True when some mounted form holds unsaved typing. */
export const hasUnsavedTyping = () => [...forms.values()].some((isDirty) => isDirty());

/**
 * True when unloading the page now would lose something: typing not saved yet, or a save begun and
 * not yet committed to this device's store (UserDatabase.writing). The browser's own question then.
 */
export const askBeforeUnload = (): boolean => hasUnsavedTyping() || (useCurrentDb.getState().db?.writing ?? false);

/** The one "Leave without saving?" question, for screens (below) and dialogs (askToDiscardTyping). */
const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  description: 'You have changes on this screen that are not saved yet. If you leave now, they will be lost.',
  confirmLabel: 'Leave without saving',
  cancelLabel: 'Stay on this page',
  destructive: true,
} as const;

/**
 * Before a form dialog closes (Escape, click outside, ✕, Cancel): resolves true when nothing
 * typed would be lost, or the person answered "Leave without saving"; false to keep it open.
 */
export async function askToDiscardTyping(): Promise<boolean> {
  if (!hasUnsavedTyping()) return true;
  return confirm({ ...LEAVE_QUESTION, cancelLabel: 'Keep editing' });
}

/**
 * Mount once inside the signed-in layout: asks before leaving a screen with unsaved typing.
 * Texts are ours (SPEC.md has none for this question).
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    // A replace (a dialog's route tidied on close, a redirect) is not the person leaving.
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction !== 'REPLACE' &&
      currentLocation.pathname !== nextLocation.pathname &&
      useSession.getState().user !== null &&
      hasUnsavedTyping(),
  );

  // Radix calls onOpenChange(false) after the confirm button's click: that must not undo proceed().
  const answered = useRef(false);
  useEffect(() => {
    if (blocker.state === 'blocked') answered.current = false;
  }, [blocker.state]);
  const answer = (leave: boolean) => {
    if (answered.current || blocker.state !== 'blocked') return;
    answered.current = true;
    if (leave) blocker.proceed();
    else blocker.reset();
  };

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!askBeforeUnload()) return;
      e.preventDefault();
      // Older browsers show their question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <LazyConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && answer(false)}
      onConfirm={() => answer(true)}
      {...LEAVE_QUESTION}
    />
  );
}
