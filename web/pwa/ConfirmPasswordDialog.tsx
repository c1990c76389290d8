/**
 * "Confirm your password" (web/pwa/confirm-password.ts): shown when a sensitive action needs the
 * password entered again; posts it to `POST /api/auth/confirm-password`, then the action runs.
 * Mounted once while signed in (SignedInServices.tsx); renders nothing until asked.
 */
import { apiFetch, serverMessage } from '../api/client';
import { refusalWords } from '../features/keys/refusal';
import { LazyPasswordPromptDialog } from '../ui/password-prompt';
import { usePasswordPrompt } from './confirm-password';
import { signedInId } from '../app/session';

export function ConfirmPasswordDialog() {
  const pending = usePasswordPrompt((s) => s.pending);
  if (!pending) return null;
  const close = (ok: boolean) => {
    usePasswordPrompt.setState({ pending: null });
    pending(ok);
  };
  return (
    <LazyPasswordPromptDialog
      title="Confirm your password"
      description="For your safety, please enter your password again before changing this."
      dismissLabel="Cancel"
      submitLabel="Confirm"
      busyLabel="Checking..."
      autoFocus
      onPassword={async (password) => {
        // The key session's code is fetched here if the sync lifecycle has not yet (issue 41); the
        // session is restored for the signed-in account first if it was not yet (key-session.ts).
        const { useKeySession } = await import('../features/keys/key-session');
        await apiFetch('/api/auth/confirm-password', { body: await useKeySession.getState().passwordProof(password, signedInId()) }); // with keys: the login secret
        close(true);
      }}
      errorText={(err) => refusalWords(err) ?? serverMessage(err, navigator.onLine ? 'Could not check your password. Please try again.' : 'You are offline. Try again when you are connected.')}
      onDismiss={() => close(false)}
    />
  );
}
