/**
 * The two account calls of Profile Settings → Security (beyond SPEC.md, DESIGN.md §3: password
 * change and account deletion are real). Both need the server: they are not local writes.
 */
import { apiFetch } from '../../api/client';
import { deleteUserDatabase } from '../../db';
import { stopSync } from '../../sync';
import { signedInId, useSession } from '../../app/session';
import { useKeySession } from '../keys';

/**
 * POST /api/auth/password. The server revokes every other session of the account.
 * Throws ApiError (400 'Current password is incorrect') or a network TypeError.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const session = useKeySession.getState(); // with keys: login secrets and AK re-wrapped, never the passwords
  await apiFetch('/api/auth/password', { body: await session.passwordChangeBody(currentPassword, newPassword, signedInId()) });
  await session.refreshKeyring().catch(() => undefined); // the new wrap cached on this device (AK itself is unchanged)
}

/**
 * POST /api/auth/delete-account, then forgets the account on this device: stops sync, deletes
 * the local database, and `leave()`s to the landing page before the session is cleared (so the
 * guard does not send the person to /login). Throws ApiError (400 'Password is incorrect').
 */
export async function deleteAccount(userId: string, password: string, leave: () => void | Promise<void>): Promise<void> {
  await apiFetch('/api/auth/delete-account', { body: await useKeySession.getState().passwordProof(password, userId) });
  await stopSync();
  await useKeySession.getState().signOut().catch((err: unknown) => console.error('Could not forget the keys on this device', err));
  try {
    // Another tab holding the database open would block the delete: do not wait for it forever.
    await Promise.race([deleteUserDatabase(userId), new Promise((resolve) => setTimeout(resolve, 5000))]);
  } catch (err) {
    // The account is gone on the server; a local copy that could not be deleted now is not worth failing for.
    console.error('Could not delete the local database', err);
  }
  await leave();
  useSession.getState().clear();
}
