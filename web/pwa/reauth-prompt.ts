/**
 * Whether the sign-in-again dialog (ReauthDialog) was put aside with "Not now", in a tiny store so
 * that the header's "Sign in again to sync" (web/sync/SyncStatus.tsx, given `onSignIn`) can open it
 * again instead of going to /login, which forwards a signed-in person to /dashboard.
 */
import { create } from 'zustand';

export const useReauthPrompt = create<{ dismissed: boolean }>()(() => ({ dismissed: false }));

/** "Not now": hides the dialog until `reopenReauth`. */
export const dismissReauth = () => useReauthPrompt.setState({ dismissed: true });

/** Shows the sign-in-again dialog again (it shows only while the session has ended). */
export const reopenReauth = () => useReauthPrompt.setState({ dismissed: false });
