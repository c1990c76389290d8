/**
 * Settings screen (SPEC.md §2 lists /settings without showing it; DESIGN.md §8): release after
 * death — check-ins, waiting period, whether the plan would work today (readiness: e-mail,
 * PUBLIC_URL, trustees' states; issue #16) and the activity log.
 * Release state lives on the server, so this screen needs a connection; offline it says so.
 * "Your data" (issue #18: family binder, export, import) works offline on the device's data. The
 * person's language (issue 44, LanguageCard.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReleaseActivity, ReleaseReadiness } from '../../../shared/schema/release';
import { useT } from '../../i18n/i18n';
import { PageHeader } from '../../ui/PageHeader';
import { getReleaseActivity, getReleaseReadiness, useReleaseStore } from '../release';
import { DataCard } from '../export';
import { InstallCard } from '../../pwa/InstallCard';
import { PrivacyNote } from '../static-pages';
import { ShareTimelineCard } from '../sharing';
import { ActivityCard } from './ActivityCard';
import { ReleaseSettingsCard } from './ReleaseSettingsCard';
import { ReadinessCard } from './ReadinessCard';
import { RehearsalCard } from './RehearsalCard';
import { RecoveryKitCard } from './RecoveryKitCard';
import { LanguageCard } from './LanguageCard';
import { useReloadOnline } from './connection';
import { useSettingsMessages } from './messages';
import { useServerWordsMessages } from './server-words';

export default function SettingsPage() {
  useSettingsMessages();
  useServerWordsMessages();
  const { t } = useT();
  const [readiness, setReadiness] = useState<ReleaseReadiness | null>(null);
  const [failed, setFailed] = useState(false);
  const [activity, setActivity] = useState<ReleaseActivity[] | null>(null);
  const status = useReleaseStore((s) => s.status);

  const load = useCallback(() => {
    getReleaseReadiness().then(
      (r) => {
        setReadiness(r);
        setFailed(false);
      },
      () => setFailed(true),
    );
    getReleaseActivity().then(setActivity, () => undefined);
  }, []);
  // Reload when the state changes (e.g. "I'm still here" pressed in the banner) and when the connection returns.
  useEffect(load, [load, status?.state, status?.startedAt]);
  useReloadOnline(load);

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="flex max-w-3xl flex-col gap-6">
        <ReleaseSettingsCard onSaved={load} />
        <LanguageCard />
        <ReadinessCard readiness={readiness} failed={failed} onChanged={load} />
        <RehearsalCard />
        <RecoveryKitCard />
        <ActivityCard activity={activity} />
        <ShareTimelineCard />
        <DataCard />
        <InstallCard />
        <PrivacyNote />
      </div>
    </>
  );
}
