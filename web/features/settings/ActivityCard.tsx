/**
 * The release activity log, newest first (DESIGN.md §8: every step is in a log the owner can read),
 * each line in the owner's language (server-words.ts). The server names people by address; the
 * names this device holds are put beside them.
 */
import { formatDateTime } from '../../../shared/intl-format';
import type { ReleaseActivity } from '../../../shared/schema/release';
import { useT } from '../../i18n/i18n';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { nameAddresses, usePeopleByAddress } from '../release';
import { sayServerWord, useServerWordsMessages } from './server-words';

export function ActivityCard({ activity }: { activity: ReleaseActivity[] | null }) {
  useServerWordsMessages();
  const people = usePeopleByAddress();
  const { t, language } = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity === null ? (
          <p className="text-slate-700">{t('settings.loading')}</p>
        ) : activity.length === 0 ? (
          <p className="text-slate-700">{t('settings.activity.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {activity.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                <time dateTime={a.at} className="shrink-0 text-sm text-slate-700 sm:w-48">
                  {formatDateTime(a.at, language)}
                </time>
                <span className="text-slate-900">{nameAddresses(sayServerWord(a, language), people)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
