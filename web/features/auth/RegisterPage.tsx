/**
 * /register (SPEC.md §2 "Register", §5 "Registration", §8 "Registration"): six fields checked
 * with registerFormSchema, errors under each field; the confirmation is not sent. On success
 * the session starts, 'Account created' welcomes the person, and the app goes to /dashboard.
 */
import { useState } from 'react';
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { REDIRECT_AFTER_AUTH_MS } from '../../../shared/product';
import type { RegisterForm } from '../../../shared/schema/auth';
import { lazySchema, useSchemaForm } from '../../forms/schema-form';
import { fieldRuleText, useFieldRuleMessages } from '../../forms/field-rule-words';
import { useHydrated } from '../../app/hydrated';
import { serverMessage } from '../../api/client';
import { RECOVERY_KIT_PATH, useRecoveryKit } from '../keys';
import { loadAccountFlows, preparingForm, preloadSignedIn } from './account-deps';
import { AuthProgress, type AuthStep } from './AuthProgress';
import { completeSignIn } from '../../app/auth-actions';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { AuthCard, authLinkClasses } from './AuthCard';
import { t as say, useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { LanguageField } from '../../app/LanguageField';
import { keepShownLanguageForNewAccount } from '../../app/account-language';
import { useAuthMessages } from './messages';

/** The form's rules (shared/schema/auth.ts), loaded on first use (web/forms/schema-form.ts: no react-hook-form, issue 41). */
const rules = lazySchema<RegisterForm>(() => import('../../../shared/schema/auth').then((m) => m.registerFormSchema));
/** The fields in the order they show: a refused submit focuses the first invalid one. */
const FIELDS = ['firstName', 'lastName', 'email', 'username', 'password', 'confirmPassword'] as const;

/** When the person starts on the form: its rules, the key flows and the KDF worker (issue 38 item 5). */
const prepare = preparingForm(rules);

export default function RegisterPage() {
  useAuthMessages();
  useFieldRuleMessages(); // the rules' messages under the fields
  const { t } = useT();
  const navigate = useAppNavigate();
  const [step, setStep] = useState<AuthStep | null>(null);
  const hydrated = useHydrated(); // no native submit (password in the URL) before the page is live
  const { register, handleSubmit, errors, isSubmitting } = useSchemaForm(rules, FIELDS);

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, password, ...profile }) => {
    try {
      // Keys are made on this device; the password and the sealed fields never travel (SECURITY.md).
      setStep('start');
      preloadSignedIn('recovery-kit'); // fetched while the keys are made, not after the server answers
      const flows = await loadAccountFlows();
      const { user, code } = await flows.registerAccount(flows.deps, profile, password, setStep);
      useRecoveryKit.getState().show(code, '/dashboard'); // the recovery kit comes first (SECURITY.md "Recovery")
      keepShownLanguageForNewAccount(); // the new account speaks the language its person signed up in (issue 44)
      completeSignIn(user);
      toast({ title: say('register.createdTitle'), description: say('register.createdDescription', { firstName: user.firstName }) });
      setTimeout(() => navigate(RECOVERY_KIT_PATH, { replace: true }), REDIRECT_AFTER_AUTH_MS);
    } catch (err) {
      setStep(null);
      toast({
        title: say('register.failedTitle'),
        description: serverMessage(err, say('register.failedDescription')),
        variant: 'destructive',
      });
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={<T id="register.haveAccount" components={{ 0: <Link to="/login" className={authLinkClasses} /> }} />}
      below={<LanguageField />}
    >
      <form onSubmit={onSubmit} noValidate onFocus={prepare} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t('register.firstName')} error={fieldRuleText(errors.firstName)}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label={t('register.lastName')} error={fieldRuleText(errors.lastName)}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label={t('register.email')} error={fieldRuleText(errors.email)}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label={t('auth.username')} error={fieldRuleText(errors.username)}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
        </FormField>
        <FormField label={t('auth.password')} error={fieldRuleText(errors.password)} hint={t('register.passwordHint')}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label={t('register.confirmPassword')} error={fieldRuleText(errors.confirmPassword)}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </Button>
        <AuthProgress form="register" step={step} />
      </form>
    </AuthCard>
  );
}
