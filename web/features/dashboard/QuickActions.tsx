/** Quick Actions (SPEC.md §2 "Dashboard"): five shortcuts to the screens people use most. */
import { CircleHelp, FileUp, ListChecks, MessageSquarePlus, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';

const ACTIONS = [
  { label: 'dashboard.quick.createMessage', href: '/message-vault/new', icon: MessageSquarePlus },
  { label: 'dashboard.quick.uploadDocument', href: '/documents/upload', icon: FileUp },
  { label: 'dashboard.quick.addTrustee', href: '/trustees/new', icon: UserPlus },
  { label: 'dashboard.quick.survivorTasks', href: '/survivor-tasks', icon: ListChecks },
  { label: 'dashboard.quick.help', href: '/help', icon: CircleHelp },
] as const;

export function QuickActions() {
  const { t } = useT();
  return (
    <Card aria-labelledby="quick-actions-heading">
      <CardHeader>
        <CardTitle as="h2" id="quick-actions-heading">
          {t('dashboard.quick.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {ACTIONS.map(({ label, href, icon: Icon }) => (
            <li key={href}>
              <Link
                to={href}
                className="flex h-full min-h-20 flex-col items-center justify-center gap-2 rounded-lg border border-stone-200 bg-white p-3 text-center text-sm font-medium text-slate-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
              >
                <Icon className="size-5 text-accent-700" aria-hidden="true" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
