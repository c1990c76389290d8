/**
 * The dashboard's "Shared with you" (SharedWithYouCard.tsx) as the sharing feature gives it to
 * other features: a lazy chunk of its own, loaded after the dashboard paints, showing nothing
 * meanwhile (and nothing while no link is kept).
 */
import { lazy, Suspense } from 'react';

const SharedWithYouCard = lazy(() => import('./SharedWithYouCard'));

export function SharedWithYouSection() {
  return (
    <Suspense fallback={null}>
      <SharedWithYouCard />
    </Suspense>
  );
}
