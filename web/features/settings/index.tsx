/**
 * Settings screen (SPEC.md §2 lists /settings without showing it; DESIGN.md §8): release after
 * death — check-ins, waiting period, trustees' invitation state and the activity log.
 * Release state lives on the server, so this screen needs a connection; offline it says so.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReleaseActivity, ReleaseTrustee } from '../../../shared/schema/release';
import { PageHeader } from '../../ui/PageHeader';
import { getReleaseActivity, getReleaseTrustees } from '../release/api';
import { useReleaseStore } from '../release/release-store';
import { ActivityCard } from './ActivityCard';
import { ReleaseSettingsCard } from './ReleaseSettingsCard';
import { TrusteeInvitationsCard } from './TrusteeInvitationsCard';

export default function SettingsPage() {
  const [trustees, setTrustees] = useState<ReleaseTrustee[] | null>(null);
  const [activity, setActivity] = useState<ReleaseActivity[] | null>(null);
  const status = useReleaseStore((s) => s.status);

  const load = useCallback(() => {
    getReleaseTrustees().then(setTrustees, () => undefined);
    getReleaseActivity().then(setActivity, () => undefined);
  }, []);
  // Reload when the state changes (e.g. "I'm still here" pressed in the banner).
  useEffect(load, [load, status?.state, status?.startedAt]);

  return (
    <>
      <PageHeader title="Settings" subtitle="What happens to your messages and plans after you die." />
      <div className="flex max-w-3xl flex-col gap-6">
        <ReleaseSettingsCard onSaved={load} />
        <TrusteeInvitationsCard trustees={trustees} />
        <ActivityCard activity={activity} />
      </div>
    </>
  );
}
