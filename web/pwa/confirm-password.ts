/**
 * The password asked again before a sensitive action (SECURITY.md "Sessions";
 * sync-server/accounts/reauth.ts): `await withRecentPassword(() => putReleaseSettings(…))` runs the
 * call; when the server answers 403 REAUTH_REQUIRED it shows the "Confirm your password" dialog
 * (ConfirmPasswordDialog.tsx, mounted once while signed in), and after the password is confirmed
 * runs the call once more. Cancelling rejects with PasswordNotConfirmed (the caller says nothing).
 */
import { create } from 'zustand';
import { REAUTH_REQUIRED } from '../../shared/schema/reauth';
import { ApiError } from '../api/client';

/** The person closed the dialog without confirming: the action did not happen. */
export class PasswordNotConfirmed extends Error {
  constructor() {
    super('Password not confirmed');
    this.name = 'PasswordNotConfirmed';
  }
}

/** The open question, if any: resolves true once the server accepted the password, false when cancelled. */
export const usePasswordPrompt = create<{ pending: ((ok: boolean) => void) | null }>()(() => ({ pending: null }));

/** Opens the dialog; resolves true when the password was confirmed, false when cancelled. */
export function askForPassword(): Promise<boolean> {
  usePasswordPrompt.getState().pending?.(false);
  return new Promise((resolve) => usePasswordPrompt.setState({ pending: resolve }));
}

/** True when `err` is the server's "enter your password again" answer. */
export const needsPassword = (err: unknown) => err instanceof ApiError && err.status === 403 && err.serverMessage === REAUTH_REQUIRED;

/** Runs `call`; if the server wants the password again, asks for it and runs `call` once more. */
export async function withRecentPassword<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!needsPassword(err)) throw err;
    if (!(await askForPassword())) throw new PasswordNotConfirmed();
    return call();
  }
}
