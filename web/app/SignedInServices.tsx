/**
 * What runs only while someone is signed in: the sync lifecycle (database open, syncing), the
 * attachment queue (file uploads, issue #17), the
 * sign-in-again dialog, and the host of confirm() questions (deletes, logout). Loaded lazily by the router, so the landing, login and register pages
 * never download the database and sync code (issue #8 "Route-level code splitting").
 */
import { useEffect } from 'react';
import { warmBinderCache } from '../features/export/warm-binder';
import { FilesLifecycle } from '../files';
import { ReauthDialog } from '../pwa/ReauthDialog';
import { SyncLifecycle } from '../sync/lifecycle';
import { ConfirmHost } from '../ui/confirm';
import { SignedOutElsewhere } from './SignedOutElsewhere';

export default function SignedInServices() {
  // The family binder's pdf-lib and fonts, cached for offline use once the app is idle (not precached).
  useEffect(() => void warmBinderCache(), []);
  return (
    <>
      <SyncLifecycle />
      <FilesLifecycle />
      <ReauthDialog />
      <ConfirmHost />
      <SignedOutElsewhere />
    </>
  );
}
