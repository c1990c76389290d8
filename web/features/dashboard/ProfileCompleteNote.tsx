/** What the wizard's place shows once the profile is complete (profileCompletion 100). */
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n';
import { Card } from '../../ui/Card';

export function ProfileCompleteNote() {
  const { t } = useT();
  return (
    <Card className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden="true" />
        {t('dashboard.complete.note')}
      </p>
      <Link to="/profile" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
        {t('dashboard.complete.review')}
      </Link>
    </Card>
  );
}
