/**
 * The dashboard (SPEC.md §2 "Dashboard"): welcome banner, the profile-completion wizard, the four
 * 'Suggested for You' cards, the AI recommendations and astrological insights panels, and Quick
 * Actions. Everything it shows comes from the local database (live), except the AI panels.
 */
import { lazy, Suspense } from 'react';
import type { DashboardData } from '../../../shared/dashboard-cards';
import { useCurrentUserState } from '../../app/current-user';
import { useCollection, useRecord } from '../../db';
import { useT } from '../../i18n/i18n';
import { Spinner } from '../../ui/Spinner';
import { WelcomeBanner } from './WelcomeBanner';
import { AstrologyPanel } from './AstrologyPanel';
import { ProfileCompleteNote } from './ProfileCompleteNote';
import { QuickActions } from './QuickActions';
import { BinderCard } from '../export';
import { SharedWithYouSection } from '../sharing'; // links others shared with this person and they kept (issue 43): a lazy chunk
import { RecommendationsPanel } from './RecommendationsPanel';
import { SuggestedCards } from './SuggestedCards';
import { useDashboardMessages } from './messages';
import { firstIncompleteStep } from './wizard-step';

// The wizard (its forms: react-hook-form, the record-form machinery, Radix Select) is a chunk of its
// own, loaded only while the profile is incomplete (issue #20); meanwhile the spinner shown while the
// profile loads stays. Precached by the PWA, so it loads offline too.
const ProfileWizard = lazy(() => import('./ProfileWizard').then((m) => ({ default: m.ProfileWizard })));
/**
 * The person's live records for the progress cards (shared/dashboard-cards.ts ticks each item from
 * them); undefined until all four have loaded, so a card never shows 'Not Started' / 'Start Now'
 * for a moment to someone who has begun (and never changes colour under them as they arrive).
 */
function useDashboardData(userId: string): DashboardData | undefined {
  const plan = useRecord('deathPlan', userId);
  const messages = useCollection('messages');
  const documents = useCollection('documents');
  const tasks = useCollection('survivorTasks');
  if (plan === undefined || !messages || !documents || !tasks) return undefined;
  return { plan: plan ?? null, messages, documents, survivorTasks: tasks };
}

export default function DashboardPage() {
  useDashboardMessages();
  const { t } = useT();
  const { user, profileLoaded } = useCurrentUserState();
  const data = useDashboardData(user?.id ?? '');
  if (!user) return null;
  const completion = user.profileCompletion ?? 0;
  const loadingProfile = <Spinner label={t('dashboard.loadingProfile')} showLabel />;
  return (
    <div className="flex flex-col gap-6">
      <WelcomeBanner firstName={user.firstName} profileCompletion={completion} />
      {!profileLoaded ? (
        loadingProfile
      ) : firstIncompleteStep(completion) === null ? (
        <ProfileCompleteNote />
      ) : (
        <Suspense fallback={loadingProfile}>
          <ProfileWizard user={user} />
        </Suspense>
      )}
      {data ? <SuggestedCards data={data} /> : <Spinner label={t('dashboard.loadingPlans')} />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <RecommendationsPanel />
        <AstrologyPanel birthdate={user.birthdate ?? null} />
      </div>
      <SharedWithYouSection />
      <QuickActions />
      <BinderCard />
    </div>
  );
}
