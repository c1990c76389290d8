/**
 * The sidebar's links (SPEC.md §2 "Layout"), shared by the desktop sidebar and the mobile sheet.
 * Each is named as its screen is titled (SPEC.md §1's route table: "My After-Death Plan", "Legal
 * Documents"), one name per screen (issue "Promises kept", finding 9; §2 used shorter names).
 */
import type { LucideIcon } from 'lucide-react';
import type { MessageId } from '../i18n/i18n';
import '../ui/signed-in-messages'; // the 'signed-in' words these links are named by
import { ClipboardList, FileText, LayoutDashboard, LifeBuoy, ListChecks, Mail, Settings, UserRound, Users } from 'lucide-react';

export interface NavLinkItem {
  to: string;
  /** The link's name in the catalogs (web/i18n/catalogs/<lang>/signed-in.json; English: SPEC.md's). */
  label: MessageId;
  icon: LucideIcon;
}

export const MAIN_NAV: readonly NavLinkItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/death-plan', label: 'nav.deathPlan', icon: ClipboardList },
  { to: '/message-vault', label: 'nav.messageVault', icon: Mail },
  { to: '/documents', label: 'nav.documents', icon: FileText },
  { to: '/trustees', label: 'nav.trustees', icon: Users },
  // Beyond SPEC.md §2 "Layout" (issue #14): the protected Survivor Tasks screen, otherwise reachable only from the dashboard.
  { to: '/survivor-tasks', label: 'nav.survivorTasks', icon: ListChecks },
];

export const SUPPORT_NAV: readonly NavLinkItem[] = [
  { to: '/profile', label: 'nav.profile', icon: UserRound },
  { to: '/help', label: 'nav.help', icon: LifeBuoy },
  { to: '/settings', label: 'nav.settings', icon: Settings },
];
