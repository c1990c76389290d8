/**
 * The header's user menu (SPEC.md §2 "Layout"): the trigger shows the first name's initial
 * (or 'U'); the menu shows the full name and email and offers Profile, Settings and Logout.
 * Until first used, the trigger is a plain button of the same look: the menu (UserMenuDropdown.tsx,
 * Radix DropdownMenu with its positioning, ~25 KB gzip) loads when the pointer or focus reaches the
 * button, and a press opens it as soon as it is there (issue #20; precached, so offline too).
 */
import { lazy, Suspense, useState } from 'react';
import { UserInitial, userMenuButtonClasses } from './user-menu-parts';
import { useCurrentUser } from './current-user';

const loadDropdown = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(loadDropdown);

export { UserInitial, userMenuButtonClasses } from './user-menu-parts';

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
