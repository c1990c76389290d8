/** The not-found page of SPEC.md §2: any path no route matches. */
import { Link } from 'react-router-dom';
import { Card, CardContent } from '../../ui/Card';
import { buttonClasses } from '../../ui/button-classes';
import { useT } from '../../i18n/i18n';
import { useNotFoundMessages } from './messages';

export default function NotFoundPage() {
  useNotFoundMessages();
  const { t } = useT();
  return (
    <div className="flex justify-center py-8">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <h1 className="font-serif text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
          <p className="text-slate-600">{t('notFound.description')}</p>
          <Link to="/" className={buttonClasses('outline', 'md', 'mt-2')}>
            {t('notFound.home')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
