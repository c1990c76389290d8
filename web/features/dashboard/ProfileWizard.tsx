/**
 * The profile-completion wizard (SPEC.md §2 "Profile-completion wizard", §4 "Wizard", §5, §8).
 * Each step saves to the local 'profile' record (works offline, syncs later) and advances only
 * after the save succeeded; Previous goes back without saving. Each step's form is a useRecordForm
 * (web/forms) on the profile: pre-filled from the saved profile, following it live in every field
 * the person has not touched, and saving only the fields the person changed (with the step's
 * profileCompletion).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { User, ValueId } from '../../../shared/schema';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { type MessageId, t as words, useT } from '../../i18n/i18n';
import { type RecordForm, useRecordForm } from '../../forms/use-record-form';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { errorDescription } from '../profile';
import { WizardBasicInfoStep } from './WizardBasicInfoStep';
import { useWizardMessages } from './wizard-messages';
import { wizardStepTitle, WizardStepper } from './WizardStepper';
import { WizardValuesStep } from './WizardValuesStep';
import {
  basicInfoFromProfile,
  basicInfoToRecord,
  checkBasicInfo,
  checkValues,
  completionAfter,
  firstIncompleteStep,
  stepOneAlso,
  valuesFromProfile,
  valuesToRecord,
  type StepCheck,
  type WizardStep,
} from './wizard-patches';

/** SPEC.md §8: success and failure toasts of each step ('Basic information saved', …). */
const stepToasts = (step: WizardStep): { title: MessageId; description: MessageId; failure: MessageId } => ({
  title: `dashboard.wizard.toast${step}`,
  description: `dashboard.wizard.toast${step}Description`,
  failure: `dashboard.wizard.toast${step}Failed`,
});

/** A step's patch applied as the person's changes to its form. */
const setAll =
  <V extends FieldValues>(rf: RecordForm<V>) =>
  (patch: Partial<V>) => {
    for (const [k, v] of Object.entries(patch)) rf.set(k as keyof V & string, v as V[keyof V & string]);
  };

/** The conflict note of a step's field (web/forms/ChangedElsewhere.tsx). */
const noticeOf =
  <V extends FieldValues>(rf: RecordForm<V>) =>
  (field: keyof V & string) => <ChangedElsewhere record={rf} field={field} display={field === 'values' ? valueTitles : undefined} />;

/** Chosen values as their titles (SPEC.md §3 "Selectable values"), in the language shown. */
const valueTitles = (ids: unknown) =>
  (ids as ValueId[]).length ? (ids as ValueId[]).map((id) => words(`dashboard.value.${id}`)).join(', ') : words('dashboard.wizard.valuesEmpty');

export function ProfileWizard({ user }: { user: User }) {
  useWizardMessages();
  const { t } = useT();
  const [step, setStep] = useState<WizardStep>(() => firstIncompleteStep(user.profileCompletion) ?? 1);
  const [pending, setPending] = useState(false);
  const basicForm = useRecordForm({ collection: 'profile', id: user.id, toForm: basicInfoFromProfile, toRecord: basicInfoToRecord });
  const valuesForm = useRecordForm({ collection: 'profile', id: user.id, toForm: valuesFromProfile, toRecord: valuesToRecord });
  const basic = basicForm.values;
  const values = valuesForm.values;
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
    const check: StepCheck<object> = step === 1 ? checkBasicInfo(basic) : step === 2 ? checkValues(values) : { ok: true, patch: {} };
    if (!check.ok) {
      toast({ title: check.message, variant: 'destructive' });
      return;
    }
    const texts = stepToasts(step);
    setPending(true);
    try {
      // The fields the person changed in this step, and the step's completion.
      const also = { profileCompletion: completionAfter(step) };
      if (step === 1) await basicForm.save(undefined, stepOneAlso(basic));
      else if (step === 2) await valuesForm.save(undefined, also);
      else await valuesForm.save({}, also);
      toast({ title: t(texts.title), description: t(texts.description) });
      // After step 4 only the toast shows; the dashboard then shows the profile as complete.
      if (step < 4) goTo((step + 1) as WizardStep);
    } catch (err) {
      toast({ title: t(texts.failure), description: errorDescription(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const nextLabel = t(step === 4 ? (pending ? 'dashboard.wizard.completing' : 'dashboard.wizard.finish') : pending ? 'dashboard.wizard.saving' : 'dashboard.wizard.saveContinue');

  return (
    <Card aria-labelledby="wizard-heading">
      <CardHeader className="gap-4">
        <div>
          <CardTitle as="h2" id="wizard-heading">
            {t('dashboard.wizard.title')}
          </CardTitle>
          <CardDescription>
            {t('dashboard.wizard.stepOf', { step: String(step) })}
          </CardDescription>
        </div>
        <WizardStepper step={step} />
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-labelledby="wizard-step-heading" className="flex flex-col gap-5">
          <h3 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-slate-900 focus:outline-none">
            {t(wizardStepTitle(step))}
          </h3>
          {step === 1 && <WizardBasicInfoStep form={basic} onChange={setAll(basicForm)} notice={noticeOf(basicForm)} />}
          {step === 2 && <WizardValuesStep form={values} onChange={setAll(valuesForm)} notice={noticeOf(valuesForm)} />}
          {step === 3 && (
            <p className="text-slate-700">
              {t('dashboard.wizard.step3Text')}{' '}
              <Link to="/death-plan" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
                {t('dashboard.wizard.step3Link')}
              </Link>
            </p>
          )}
          {step === 4 && (
            <p className="text-slate-700">{t('dashboard.wizard.step4Text')}</p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {step > 1 ? (
              <Button variant="outline" disabled={pending} onClick={() => goTo((step - 1) as WizardStep)}>
                {t('dashboard.wizard.previous')}
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
