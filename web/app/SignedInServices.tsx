/**
 * What runs only while someone is signed in: the sync lifecycle (database open, syncing), the
 * sign-in-again dialog, and the host of confirm() questions (deletes, logout). Loaded lazily by the router, so the landing, login and register pages
 * never download the database and sync code (issue #8 "Route-level code splitting").
 */
import { ReauthDialog } from '../pwa/ReauthDialog';
import { SyncLifecycle } from '../sync/lifecycle';
import { ConfirmHost } from '../ui/ConfirmDialog';
import { SignedOutElsewhere } from './SignedOutElsewhere';

export default function SignedInServices() {
  return (
    <>
      <SyncLifecycle />
      <ReauthDialog />
      <ConfirmHost />
      <SignedOutElsewhere />
    </>
  );
}
