/**
 * The header's user menu (SPEC.md §2 "Layout"): the trigger shows the first name's initial
 * (or 'U'); the menu shows the full name and email and offers Profile, Settings and Logout.
 */
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
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

export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const initial = user?.firstName?.trim().charAt(0).toUpperCase() || 'U';
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="flex size-10 items-center justify-center rounded-full bg-slate-800 font-semibold text-white hover:bg-slate-700"
      >
        <span aria-hidden="true">{initial}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-semibold text-slate-900">{fullName}</p>
          <p className="truncate text-slate-600">{user?.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOutWithConfirmation(navigate)}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
