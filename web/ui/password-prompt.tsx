/**
 * PasswordPromptDialog (./PasswordPromptDialog.tsx) whose code loads when it first opens (issue
 * 41): the Unlock and "Confirm your password" dialogs are mounted on every signed-in screen but
 * shown rarely, and their Radix Dialog (focus trap, scroll lock: ~14 KB gzip) is no part of
 * painting one. Precached by the PWA, so it opens offline too.
 */
import { lazy, Suspense } from 'react';
import type { PasswordPromptProps } from './PasswordPromptDialog';

const PasswordPromptChunk = lazy(() => import('./PasswordPromptDialog').then((m) => ({ default: m.PasswordPromptDialog })));

/** The dialog, loaded on first use; as PasswordPromptDialog, render it only while it should be open. */
export function LazyPasswordPromptDialog(props: PasswordPromptProps) {
  return (
    <Suspense fallback={null}>
      <PasswordPromptChunk {...props} />
    </Suspense>
  );
}
