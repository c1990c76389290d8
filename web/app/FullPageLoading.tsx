/** 'Loading...' over the whole page (SPEC.md §2 "While the profile loads, the app shows 'Loading...'"). */
import { useT } from '../i18n/i18n';
import { Spinner } from '../ui/Spinner';

export function FullPageLoading() {
  const { t } = useT();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('shell.loading')} showLabel className="text-lg" />
    </div>
  );
}
