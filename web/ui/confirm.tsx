/**
 * The imperative yes/no question: `if (await confirm({ title, description, confirmLabel: 'Delete',
 * destructive: true })) …` resolves true on confirm, false on cancel/escape; <ConfirmHost /> (mounted
 * once while signed in, ConfirmHost.tsx) shows it. Apart from ConfirmDialog.tsx so that asking costs nothing until a
 * question is asked: the dialog (Radix AlertDialog, ~12 KB gzip with its focus trap and scroll lock)
 * is a lazy chunk loaded on the first question (issue #20), precached by the PWA for offline use.
 */
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import type { ConfirmDialogProps, ConfirmOptions } from './ConfirmDialog';

export type { ConfirmOptions } from './ConfirmDialog';

/** ConfirmDialog, loaded on first use; render it only while open (it unmounts when closed). */
const ConfirmDialogChunk = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** A ConfirmDialog whose code loads when it first opens: nothing is rendered (or loaded) while `open` is false. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogChunk {...props} />
    </Suspense>
  );
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

/** The question asked, if any (shown by ConfirmHost.tsx). */
export const useConfirmStore = create<{ pending: PendingConfirm | null }>()(() => ({ pending: null }));

/** Asks the question in a ConfirmDialog; resolves true when confirmed, false otherwise. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  useConfirmStore.getState().pending?.resolve(false);
  return new Promise((resolve) => useConfirmStore.setState({ pending: { ...options, resolve } }));
}
