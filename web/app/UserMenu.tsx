/**
 * The header's user menu (SPEC.md §2 "Layout"): the trigger shows the first name's initial
 * (or 'U'); the menu shows the full name and email and offers Profile, Settings and Logout.
 * Until first used, the trigger is a plain button of the same look: the menu (UserMenuDropdown.tsx,
 * Radix DropdownMenu with its positioning, ~25 KB gzip) loads when the pointer or focus reaches the
 * button, and a press opens it as soon as it is there (issue #20; precached, so offline too).
 */
import { lazy, Suspense, useState } from 'react';
import type { User } from '../../shared/schema';
import { useCurrentUser } from './current-user';

const loadDropdown = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(loadDropdown);

/** The round button's look, shared by the plain button and the menu's trigger. */
export const userMenuButtonClasses =
  'flex size-10 items-center justify-center rounded-full bg-slate-800 font-semibold text-white hover:bg-slate-700';

/** The first name's initial, or 'U'. */
export function UserInitial({ user }: { user: User | null | undefined }) {
  return <span aria-hidden="true">{user?.firstName?.trim().charAt(0).toUpperCase() || 'U'}</span>;
}

export function UserMenu() {
  const user = useCurrentUser();
  const [pressed, setPressed] = useState(false);
  const plain = (
    <button
      type="button"
      aria-label="Open user menu"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={userMenuButtonClasses}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setPressed(true)}
    >
      <UserInitial user={user} />
    </button>
  );
  if (!pressed) return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenuDropdown defaultOpen />
    </Suspense>
  );
}
