/**
 * No lost typing (issue #14, finding 7): every open record form reports whether it holds unsaved
 * typing; while one does, leaving the screen inside the app asks first (an accessible Radix
 * confirm dialog, through react-router's useBlocker), and reloading or closing the tab asks the
 * browser's own question (`beforeunload`). Signing out is never blocked.
 */
import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { create } from 'zustand';
import { useSession } from '../app/session';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/** Ids of the mounted forms that hold unsaved typing. */
export const useUnsavedForms = create<{ dirty: ReadonlySet<string> }>()(() => ({ dirty: new Set<string>() }));

function mark(id: string, dirty: boolean): void {
  const current = useUnsavedForms.getState().dirty;
  if (current.has(id) === dirty) return;
  const next = new Set(current);
  if (dirty) next.add(id);
  else next.delete(id);
  useUnsavedForms.setState({ dirty: next });
}

/** Reports this form's unsaved typing (`dirty`) until it unmounts. */
export function useReportUnsaved(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    mark(id, dirty);
  }, [id, dirty]);
  useEffect(() => () => mark(id, false), [id]);
}

/** True when some open form holds unsaved typing. */
export const hasUnsavedTyping = () => useUnsavedForms.getState().dirty.size > 0;

/**
 * Mount once inside the signed-in layout: asks before leaving a screen with unsaved typing.
 * Texts are ours (SPEC.md has none for this question).
 */
export function UnsavedChangesGuard() {
  const anyDirty = useUnsavedForms((s) => s.dirty.size > 0);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedTyping() && useSession.getState().user !== null && currentLocation.pathname !== nextLocation.pathname,
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
    if (!anyDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show their question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && answer(false)}
      onConfirm={() => answer(true)}
      title="Leave without saving?"
      description="You have typed changes on this screen that are not saved yet. If you leave now, they will be lost."
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      destructive
    />
  );
}
