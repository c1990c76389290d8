/**
 * The header's user menu as a Radix DropdownMenu (see UserMenu.tsx): a lazy chunk, loaded when
 * the person first reaches for the menu (issue #20), then it replaces UserMenu's plain button.
 */
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/DropdownMenu';
import { logOutWithConfirmation } from './sign-out';
import { useCurrentUser } from './current-user';
import { UserInitial, userMenuButtonClasses } from './user-menu-parts';

/** `defaultOpen`: the person pressed the plain menu button, so the menu opens as it mounts. */
export default function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  useSignedInMessages();
  const { t } = useT();
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={t('userMenu.open')} className={userMenuButtonClasses}>
        <UserInitial user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-semibold text-slate-900">{fullName}</p>
          <p className="truncate text-slate-600">{user?.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound aria-hidden="true" />
          {t('nav.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" />
          {t('nav.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOutWithConfirmation(navigate)}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
