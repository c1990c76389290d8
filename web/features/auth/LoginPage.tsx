/**
 * /login (SPEC.md §2 "Login", §5 "Login", §8 "Login"): username and password, both required
 * (else the toast 'Missing information'); on success the session starts, 'Welcome back!' greets
 * the person by first name, and the app goes to /dashboard. The form never sends the password
 * (web/features/keys/sign-in.ts): a server answer it refuses is shown in the refusal's words, and
 * an account made before keys is sent to the deliberate /upgrade-account page.
 */
import { useState } from 'react';
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { loadAccountFlows, prepareAccountFlows, preloadSignedIn } from './account-deps';
import { AuthProgress, type AuthStep } from './AuthProgress';
import { enterApp, useCredentialsForm } from './credentials-form';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { AuthCard, authLinkClasses } from './AuthCard';
import { t as say, useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { LanguageField } from '../../app/LanguageField';
import { useAuthMessages } from './messages';

export default function LoginPage() {
  useAuthMessages();
  const { t } = useT();
  const navigate = useAppNavigate();
  const [step, setStep] = useState<AuthStep | null>(null);
  const { register, isSubmitting, hydrated, onValid, preload } = useCredentialsForm(async (values) => {
    try {
      // The password is stretched on this device (a Worker) and only the login secret is sent.
      setStep('start');
      preloadSignedIn('dashboard'); // fetched while the keys are made, not after the server answers
      const flows = await loadAccountFlows();
      const signed = await flows.signInAccount(flows.deps, values.username, values.password, setStep);
      const greeting = { title: say('login.welcomeTitle'), description: say('login.welcomeDescription', { firstName: signed.user.firstName }) };
      enterApp(navigate, signed, signed.kdfNote ? [greeting, { title: 'About your password', description: signed.kdfNote }] : [greeting]);
    } catch (err) {
      setStep(null);
      throw err;
    }
  }, t('login.failedTitle'));
  /** When the person starts on the form: its rules, the key flows and the KDF worker (issue 38 item 5). */
  const prepare = () => {
    preload();
    prepareAccountFlows();
  };

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          <T id="login.newHere" components={{ 0: <Link to="/register" className={authLinkClasses} /> }} />
          <br />
          <T id="login.olderAccount" components={{ 0: <Link to="/upgrade-account" className={authLinkClasses} /> }} />
        </>
      }
      below={<LanguageField />}
    >
      <form onSubmit={onValid} noValidate onFocus={prepare} className="flex flex-col gap-5">
        <FormField label={t('auth.username')}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField label={t('auth.password')}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Link to="/forgot-password" className={`${authLinkClasses} self-end text-sm`}>
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
        <AuthProgress form="login" step={step} />
      </form>
    </AuthCard>
  );
}
