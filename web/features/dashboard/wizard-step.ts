/**
 * Which step of the profile-completion wizard a person is at (SPEC.md §4 "Wizard", §9: 25/50/75/100),
 * on its own so that the dashboard, which asks whether the profile is complete on every start,
 * does not load the wizard's rules (./wizard-patches.ts re-exports these; issue 41).
 */
import { WIZARD_COMPLETION, WIZARD_STEPS } from '../../../shared/labels';

export type WizardStep = 1 | 2 | 3 | 4;

/** profileCompletion after finishing `step` (SPEC.md §9: 25/50/75/100). */
export const completionAfter = (step: WizardStep): number => WIZARD_COMPLETION[step - 1]!;

/**
 * The step a returning person continues at: the first step not yet completed according to
 * `profileCompletion`, or null when the profile is complete (100).
 */
export function firstIncompleteStep(profileCompletion: number | null | undefined): WizardStep | null {
  const done = WIZARD_COMPLETION.filter((c) => (profileCompletion ?? 0) >= c).length;
  return done >= WIZARD_STEPS ? null : ((done + 1) as WizardStep);
}
