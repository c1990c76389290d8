/**
 * What runs only while someone is signed in: the sync lifecycle (database open, syncing), the
 * attachment queue (file uploads, issue #17; once the network is quiet), check-ins when the person uses the app, the
 * sign-in-again and Confirm-your-password dialogs (their hosts loaded once the network is quiet or a prompt waits), the account's language (issue 44), and the host of confirm() questions (deletes, logout; loaded likewise). Loaded lazily by the router, so the landing, login and register pages
 * never download the database and sync code (issue #8 "Route-level code splitting").
 */
import { type ComponentType, useEffect } from 'react';
import { installCheckIns } from '../features/release/check-in';
import { keySessionLoaded, SyncLifecycle } from '../sync/lifecycle';
import { useConfirmStore } from '../ui/confirm';
import { SignedOutElsewhere } from './SignedOutElsewhere';
import { lazyPiece } from '../ui/lazy-piece';
import { networkQuiet } from '../pwa/network-quiet';
import { loadWriteKit } from '../db/user-database';
import { ShareRefresher } from '../features/sharing';
import { EmergencyRefresher } from '../features/emergency';
import { followAccountLanguage } from './account-language';
import { useSession } from './session';
import { usePasswordPrompt } from '../pwa/confirm-password';
import { type Store, whenState } from './when-state';

/**
 * The attachment queue's lifecycle (web/files), loaded once the page's network is quiet (issue 41:
 * not among what the first screen waits for). Until then nothing is lost: a file added meanwhile
 * is stored and its upload started by the screen that added it (the queue runs when kicked); the
 * lifecycle then resumes what waits from before and follows writes, the network and the sync.
 */
const FilesLifecycle = lazyPiece(() =>
  networkQuiet()
    .then(() => import('../files'))
    .then((m) => m.FilesLifecycle),
);

/**
 * What follows the key session (the Unlock screen, the escrow deposit and the kits' message wraps:
 * web/features/keys/KeyServices.tsx), loaded once the sync lifecycle has fetched the key session's
 * code, on the engine's schedule (issue 41): the session cannot be locked or open before.
 */
const KeyServices = lazyPiece(() =>
  keySessionLoaded()
    .then(() => import('../features/keys/KeyServices'))
    .then((m) => m.KeyServices),
);

/**
 * The hosts of the sign-in-again and Confirm-your-password dialogs and of confirm()'s questions, which render nothing until asked:
 * loaded once the network is quiet (issue 41: not among what the first screen fetches), or at once
 * when their prompt is waiting (already, or before then: a 401 from the first sync, a sensitive
 * action's 403), so a prompt never waits for the quiet.
 */
function hostWhenAsked<S, P extends object>(store: Store<S>, asked: (s: S) => boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyPiece(() => whenState(store, asked, networkQuiet()).then(load));
}
const ReauthDialog = hostWhenAsked(useSession, (s) => s.needsReauth && s.status === 'signed-in', () => import('../pwa/ReauthDialog').then((m) => m.ReauthDialog));
const ConfirmPasswordDialog = hostWhenAsked(usePasswordPrompt, (s) => s.pending !== null, () => import('../pwa/ConfirmPasswordDialog').then((m) => m.ConfirmPasswordDialog));
const ConfirmHost = hostWhenAsked(useConfirmStore, (s) => s.pending !== null, () => import('../ui/ConfirmHost').then((m) => m.ConfirmHost));

export default function SignedInServices() {
  // The family binder's pdf-lib and fonts, cached for offline use once the app is idle (not precached);
  // its code comes once the page is quiet too, as the service worker it waits for (issue 41).
  useEffect(
    () =>
      void networkQuiet()
        .then(() => import('../features/export/warm-binder'))
        .then((m) => m.warmBinderCache())
        .catch((err: unknown) => console.warn('Could not warm the binder cache', err)),
    [],
  );
  // The write kit (validation with the zod schemas, web/db/write-kit.ts): not needed to paint, so
  // fetched once the page is quiet (issue 41), that the first save need not wait for it; a save or
  // a pull with records before then fetches it itself (loadWriteKit), and a failure here is retried there.
  useEffect(() => void networkQuiet().then(loadWriteKit).catch(() => undefined), []);
  // The person using the app is the only check-in a device makes (DESIGN.md §8 "Check-ins").
  useEffect(() => installCheckIns(window), []);
  // The account's language, and a choice made on this device sent to it (issue 44, account-language.ts).
  useEffect(() => followAccountLanguage(), []);
  return (
    <>
      <SyncLifecycle />
      <FilesLifecycle />
      <ReauthDialog />
      <KeyServices />
      <ConfirmPasswordDialog />
      <ConfirmHost />
      <SignedOutElsewhere />
      <ShareRefresher />
      <EmergencyRefresher />
    </>
  );
}
