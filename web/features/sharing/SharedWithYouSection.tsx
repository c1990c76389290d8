/**
 * The dashboard's "Shared with you" (SharedWithYouCard.tsx) as the sharing feature gives it to
 * other features: its chunk loads only once the person's profile holds a kept link, so a dashboard
 * with none loads nothing more (bench/bundle.ts); nothing shows meanwhile.
 */
import { lazy, Suspense } from 'react';
import { useSession } from '../../app/session';
import { useRecord } from '../../db/hooks';

const SharedWithYouCard = lazy(() => import('./SharedWithYouCard'));

export function SharedWithYouSection() {
  const userId = useSession((s) => s.user?.id ?? null);
  const profile = useRecord('profile', userId);
  if (!profile?.keptShares?.length) return null;
  return (
    <Suspense fallback={null}>
      <SharedWithYouCard />
    </Suspense>
  );
}
