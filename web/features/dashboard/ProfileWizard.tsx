/**
 * The profile-completion wizard (SPEC.md §2 "Profile-completion wizard", §4 "Wizard", §5, §8).
 * Each step saves to the local 'profile' record (works offline, syncs later) and advances only
 * after the save succeeded; Previous goes back without saving. The forms are pre-filled from the
 * saved profile and follow it until the person starts typing.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../shared/schema';
import { save } from '../../db';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { errorDescription } from '../profile/error-description';
import { WizardBasicInfoStep } from './WizardBasicInfoStep';
import { WIZARD_STEP_TITLES, WizardStepper } from './WizardStepper';
import { WizardValuesStep } from './WizardValuesStep';
import {
  basicInfoFromProfile,
  checkBasicInfo,
  checkValues,
  completionAfter,
  firstIncompleteStep,
  valuesFromProfile,
  type StepCheck,
  type WizardStep,
} from './wizard-patches';

/** SPEC.md §8: success and failure toasts of each step. */
const STEP_TOASTS: Record<WizardStep, { title: string; description: string; failure: string }> = {
  1: { title: 'Basic information saved', description: 'Your basic information has been saved.', failure: 'Failed to save information' },
  2: { title: 'Values saved successfully', description: 'Your values and beliefs have been saved.', failure: 'Failed to save values' },
  3: { title: 'Preferences saved', description: 'Your preferences have been saved.', failure: 'Failed to save preferences' },
  4: { title: 'Profile complete!', description: 'You have completed your profile setup.', failure: 'Failed to complete profile' },
};

/** A form pre-filled from `source` that follows it until the person edits it. */
function usePrefilledForm<F>(source: F): [F, (patch: Partial<F>) => void] {
  const sourceKey = JSON.stringify(source);
  const [state, setState] = useState({ form: source, edited: false, key: sourceKey });
  useEffect(() => {
    setState((s) => (s.edited || s.key === sourceKey ? s : { form: JSON.parse(sourceKey) as F, edited: false, key: sourceKey }));
  }, [sourceKey]);
  return [state.form, (patch) => setState((s) => ({ ...s, form: { ...s.form, ...patch }, edited: true }))];
}

export function ProfileWizard({ user }: { user: User }) {
  const [step, setStep] = useState<WizardStep>(() => firstIncompleteStep(user.profileCompletion) ?? 1);
  const [pending, setPending] = useState(false);
  const [basic, setBasic] = usePrefilledForm(basicInfoFromProfile(user));
  const [values, setValues] = usePrefilledForm(valuesFromProfile(user));
  // After Next/Previous, move focus (and the view, on a phone) to the new step's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const goTo = (next: WizardStep) => {
    moved.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const check: StepCheck<object> =
      step === 1 ? checkBasicInfo(basic) : step === 2 ? checkValues(values) : { ok: true, patch: { profileCompletion: completionAfter(step) } };
    if (!check.ok) {
      toast({ title: check.message, variant: 'destructive' });
      return;
    }
    const texts = STEP_TOASTS[step];
    setPending(true);
    try {
      await save('profile', user.id, check.patch);
      toast({ title: texts.title, description: texts.description });
      // After step 4 only the toast shows; the dashboard then shows the profile as complete.
      if (step < 4) goTo((step + 1) as WizardStep);
    } catch (err) {
      toast({ title: texts.failure, description: errorDescription(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const nextLabel = step === 4 ? (pending ? 'Completing...' : 'Finish Setup') : pending ? 'Saving...' : 'Save & Continue';

  return (
    <Card aria-labelledby="wizard-heading">
      <CardHeader className="gap-4">
        <div>
          <CardTitle as="h2" id="wizard-heading">
            Complete Your Profile
          </CardTitle>
          <CardDescription>
            Step {step} of 4 · A few details help us tailor your plan.
          </CardDescription>
        </div>
        <WizardStepper step={step} />
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-labelledby="wizard-step-heading" className="flex flex-col gap-5">
          <h3 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-slate-900 focus:outline-none">
            {WIZARD_STEP_TITLES[step]}
          </h3>
          {step === 1 && <WizardBasicInfoStep form={basic} onChange={setBasic} />}
          {step === 2 && <WizardValuesStep form={values} onChange={setValues} />}
          {step === 3 && (
            <p className="text-slate-700">
              Your funeral type, burial preference, music, readings and special requests are set in your After-Death Plan.
              You can fill it in at your own pace, now or later.{' '}
              <Link to="/death-plan" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
                Open My Death Plan
              </Link>
            </p>
          )}
          {step === 4 && (
            <p className="text-slate-700">
              Thank you for sharing what matters most. Finish setup to save your profile; you can change any of it later in
              Profile Settings.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {step > 1 ? (
              <Button variant="outline" disabled={pending} onClick={() => goTo((step - 1) as WizardStep)}>
                Previous
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" variant="accent" disabled={pending}>
              {nextLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
