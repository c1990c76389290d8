/** The landing page (SPEC.md §2 "Landing page"), composed of its sections in order; its words are the 'landing' catalog's (issue 44). */
import { PublicTopBar } from '../../app/PublicTopBar';
import { SiteFooter } from '../../app/SiteFooter';
import { SkipLink } from '../../app/SkipLink';
import { ClosingCta } from './ClosingCta';
import { FeatureTabs } from './FeatureTabs';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { useLandingMessages } from './messages';
import { StepStrip } from './StepStrip';
import { Testimonials } from './Testimonials';

export default function LandingPage() {
  useLandingMessages();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicTopBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <StepStrip />
        <FeatureTabs />
        <HowItWorks />
        <Testimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
