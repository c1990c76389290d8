/**
 * What follows the signed-in account's key session while someone is signed in (mounted lazily by
 * web/app/SignedInServices.tsx once the key session's code has been fetched, issue 41): the Unlock
 * screen while the keys are locked (UnlockKeysDialog.tsx), and the escrow deposit, the kits' message
 * wraps and the told refusals (key-effects.ts followKeySession). Renders what the dialog renders.
 */
import { useEffect } from 'react';
import { followKeySession } from './key-effects';
import { UnlockKeysDialog } from './UnlockKeysDialog';

export function KeyServices() {
  // Keeps the release escrow's keys current and binds the messages to the kits (key-effects.ts).
  useEffect(() => followKeySession(), []);
  return <UnlockKeysDialog />;
}
