/**
 * What the user menu's trigger and its lazy dropdown (UserMenu.tsx, UserMenuDropdown.tsx) share:
 * the round button's look and the initial it shows. Kept apart from UserMenu.tsx so the lazy
 * chunk does not import the module that loads it (no circle of imports, issue 42).
 */
import type { User } from '../../shared/schema';

/** The round button's look, shared by the plain button and the menu's trigger. */
export const userMenuButtonClasses =
  'flex size-10 items-center justify-center rounded-full bg-slate-800 font-semibold text-white hover:bg-slate-700';

/** The first name's initial, or 'U'. */
export function UserInitial({ user }: { user: User | null | undefined }) {
  return <span aria-hidden="true">{user?.firstName?.trim().charAt(0).toUpperCase() || 'U'}</span>;
}
