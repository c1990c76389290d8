/**
 * My After-Death Plan (SPEC.md §2 "My After-Death Plan", §4 "Death plan", §8 "Plan"). The plan is
 * one record per user in the local store (its id is the user's id), so it can be created and
 * edited offline and two offline devices never make two plans.
 */
import { useCurrentUser } from '../../app/current-user';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { PlanEditor } from './PlanEditor';
import { useT } from '../../i18n/i18n';
import { usePlanMessages } from './messages';

export default function DeathPlanPage() {
  usePlanMessages();
  const { t } = useT();
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title={t('plan.title')}
        subtitle={t('plan.subtitle')}
      />
      {!user ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('plan.loading')} className="[&_svg]:size-8" />
        </div>
      ) : (
        <PlanEditor user={user} />
      )}
    </>
  );
}
