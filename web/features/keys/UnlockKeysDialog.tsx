/**
 * The Unlock screen (shared/crypto/README.md "Keys"): the account has keys but this device does
 * not hold the key that opens them (its storage was cleared, or the password changed on another
 * device), so the key session is `locked` and sealed sync waits, keeping every change. The
 * password opens them here (useKeySession.unlock: the KDF in a Worker, the account's stored KDF
 * parameters); "Not now" puts the dialog aside until the next start. Works offline when the
 * keys were seen on this device before. The dialog's code and words (UnlockKeysPrompt.tsx) load
 * when the keys are found locked (issue 41); one that cannot be fetched is asked for again online (lazyPiece).
 */
import { useState } from 'react';
import { lazyPiece } from '../../ui/lazy-piece';
import { useKeySession } from './key-session';

const UnlockKeysPrompt = lazyPiece(() => import('./UnlockKeysPrompt').then((m) => m.UnlockKeysPrompt));

/** Shown while the signed-in account's keys are locked on this device (mounted by SignedInServices). */
export function UnlockKeysDialog() {
  const locked = useKeySession((s) => s.status === 'locked');
  const replaced = useKeySession((s) => s.akReplaced);
  const [dismissed, setDismissed] = useState(false);
  if (!locked || dismissed) return null;
  return <UnlockKeysPrompt replaced={replaced} onDismiss={() => setDismissed(true)} />;
}
