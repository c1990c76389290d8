/**
 * The sidebar's links (SPEC.md §2 "Layout"), shared by the desktop sidebar and the mobile sheet.
 * Each is named as its screen is titled (SPEC.md §1's route table: "My After-Death Plan", "Legal
 * Documents"), one name per screen (issue "Promises kept", finding 9; §2 used shorter names).
 */
import type { LucideIcon } from 'lucide-react';
import { ClipboardList, FileText, LayoutDashboard, LifeBuoy, ListChecks, Mail, Settings, UserRound, Users } from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const MAIN_NAV: readonly NavLinkItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/death-plan', label: 'My After-Death Plan', icon: ClipboardList },
  { to: '/message-vault', label: 'Message Vault', icon: Mail },
  { to: '/documents', label: 'Legal Documents', icon: FileText },
  { to: '/trustees', label: 'Trustees', icon: Users },
  // Beyond SPEC.md §2 "Layout" (issue #14): the protected Survivor Tasks screen, otherwise reachable only from the dashboard.
  { to: '/survivor-tasks', label: 'Survivor Tasks', icon: ListChecks },
];

export const SUPPORT_NAV: readonly NavLinkItem[] = [
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/help', label: 'Help Center', icon: LifeBuoy },
  { to: '/settings', label: 'Settings', icon: Settings },
];
