/**
 * My After-Death Plan (SPEC.md §2 "My After-Death Plan", §4 "Death plan", §8 "Plan"). The plan is
 * one record per user in the local store (its id is the user's id), so it can be created and
 * edited offline and two offline devices never make two plans.
 */
import { useCurrentUser } from '../../app/current-user';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { PlanEditor } from './PlanEditor';

export default function DeathPlanPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="My After-Death Plan"
        subtitle="Funeral and memorial wishes, music, readings and the words you want said."
      />
      {!user ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your plan..." className="[&_svg]:size-8" />
        </div>
      ) : (
        <PlanEditor user={user} />
      )}
    </>
  );
}
