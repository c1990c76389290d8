/**
 * The "Please sign in again" dialog's description for `username`, given the changes waiting in the
 * outbox (`pending`; undefined while the count is read: no count and no promise is said before it
 * is known).
 */
export function reauthDescription(pending: number | undefined, username: string): string {
  if (pending === undefined) return `Your session has ended. Sign in as ${username} to go on.`;
  if (pending === 0) return `Your session has ended. Your work will sync once you sign in as ${username}.`;
  const waiting = pending === 1 ? '1 change is' : `${pending} changes are`;
  return `Your session has ended. ${waiting} saved on this device and will be sent once you sign in as ${username}.`;
}
