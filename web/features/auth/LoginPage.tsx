/**
 * /login (SPEC.md §2 "Login", §5 "Login", §8 "Login"): username and password, both required
 * (else the toast 'Missing information'); on success the session starts, 'Welcome back!' greets
 * the person by first name, and the app goes to /dashboard. The form never sends the password
 * (web/features/keys/sign-in.ts): a server answer it refuses is shown in the refusal's words, and
 * an account made before keys is sent to the deliberate /upgrade-account page.
 */
import { useState } from 'react';
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { preloadSignedInApp } from '../../app/preload-signed-in';
import { loadAccountFlows, prepareAccountFlows } from './account-deps';
import { AuthProgress, type AuthStep } from './AuthProgress';
import { enterApp, useCredentialsForm } from './credentials-form';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { AuthCard, authLinkClasses } from './AuthCard';

export default function LoginPage() {
  const navigate = useAppNavigate();
  const [step, setStep] = useState<AuthStep | null>(null);
  const { register, isSubmitting, hydrated, onValid, preload } = useCredentialsForm(async (values) => {
    try {
      // The password is stretched on this device (a Worker) and only the login secret is sent.
      setStep('start');
      preloadSignedInApp('dashboard'); // fetched while the keys are made, not after the server answers
      const flows = await loadAccountFlows();
      const signed = await flows.signInAccount(flows.deps, values.username, values.password, setStep);
      const greeting = { title: 'Welcome back!', description: `Good to see you, ${signed.user.firstName}.` };
      enterApp(navigate, signed, signed.kdfNote ? [greeting, { title: 'About your password', description: signed.kdfNote }] : [greeting]);
    } catch (err) {
      setStep(null);
      throw err;
    }
  }, 'Login failed');
  /** When the person starts on the form: its rules, the key flows and the KDF worker (issue 38 item 5). */
  const prepare = () => {
    preload();
    prepareAccountFlows();
  };

  return (
    <AuthCard
      title="Welcome back"
      intro="Sign in to continue your plan."
      footer={
        <>
          New to Afterword?{' '}
          <Link to="/register" className={authLinkClasses}>
            Create an account
          </Link>
          <br />
          Account from an older version of Afterword?{' '}
          <Link to="/upgrade-account" className={authLinkClasses}>
            Upgrade an older account
          </Link>
        </>
      }
    >
      <form onSubmit={onValid} noValidate onFocus={prepare} className="flex flex-col gap-5">
        <FormField label="Username">
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField label="Password">
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Link to="/forgot-password" className={`${authLinkClasses} self-end text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <AuthProgress form="login" step={step} />
      </form>
    </AuthCard>
  );
}
