/**
 * The header's user menu (SPEC.md §2 "Layout"): the trigger shows the first name's initial
 * (or 'U'); the menu shows the full name and email and offers Profile, Settings and Logout.
 * Until first used, the trigger is a plain button of the same look: the menu (UserMenuDropdown.tsx,
 * Radix DropdownMenu with its positioning, ~25 KB gzip) loads when the pointer or focus reaches the
 * button, and a press opens it as soon as it is there (issue #20, web/ui/LazyMenuButton.tsx;
 * precached, so offline too).
 */
import { lazy } from 'react';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';
import { LazyMenuButton } from '../ui/LazyMenuButton';
import { UserInitial, userMenuButtonClasses } from './user-menu-parts';
import { useCurrentUser } from './current-user';

const loadDropdown = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(loadDropdown);

export { UserInitial, userMenuButtonClasses } from './user-menu-parts';

export function UserMenu() {
  const user = useCurrentUser();
  useSignedInMessages();
  const { t } = useT();
  return (
    <LazyMenuButton load={loadDropdown} menu={<UserMenuDropdown defaultOpen />} aria-label={t('userMenu.open')} className={userMenuButtonClasses}>
      <UserInitial user={user} />
    </LazyMenuButton>
  );
}
