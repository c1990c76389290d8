/**
 * Settings' entry to "Rehearse the release" (web/features/rehearsal/): see what each recipient and
 * trustee would receive, without anything being sent.
 */
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n';
import { buttonClasses } from '../../ui/button-classes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';

export function RehearsalCard() {
  const { t } = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.rehearsal.title')}</CardTitle>
        <CardDescription>{t('settings.rehearsal.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/rehearsal" className={buttonClasses('outline')}>
          {t('settings.rehearsal.open')}
        </Link>
      </CardContent>
    </Card>
  );
}
