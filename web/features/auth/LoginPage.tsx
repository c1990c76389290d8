/**
 * /login (SPEC.md §2 "Login", §5 "Login", §8 "Login"): username and password, both required
 * (else the toast 'Missing information'); on success the session starts, 'Welcome back!' greets
 * the person by first name, and the app goes to /dashboard.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { REDIRECT_AFTER_AUTH_MS } from '../../../shared/labels';
import type { LoginInput } from '../../../shared/schema/auth';
import { lazyZodResolver } from '../../forms/lazy-resolver';
import { useHydrated } from '../../app/hydrated';
import { serverMessage } from '../../api/client';
import { RECOVERY_KIT_PATH, useRecoveryKit } from '../keys/recovery-kit-store';
import { loadAccountFlows, preparingForm } from './account-deps';
import { AuthProgress, type AuthStep } from './AuthProgress';
import { preloadSignedInApp } from '../../app/preload-signed-in';
import { completeSignIn } from '../../app/auth-actions';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { AuthCard, authLinkClasses } from './AuthCard';

/** The form's rules (shared/schema/auth.ts), loaded on first use (web/forms/lazy-resolver.ts). */
const resolver = lazyZodResolver<LoginInput>(() => import('../../../shared/schema/auth').then((m) => m.loginSchema));

/** When the person starts on the form: its rules, the key flows and the KDF worker (issue 38 item 5). */
const prepare = preparingForm(resolver);

export default function LoginPage() {
  const navigate = useAppNavigate();
  const [step, setStep] = useState<AuthStep | null>(null);
  const hydrated = useHydrated(); // no native submit (password in the URL) before the page is live
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginInput>({ resolver, defaultValues: { username: '', password: '' } });

  const onValid = handleSubmit(
    async (values) => {
      try {
        // The password is stretched on this device (a Worker) and only the login secret is sent.
        setStep('start');
        preloadSignedInApp('dashboard'); // fetched while the keys are made, not after the server answers
        const flows = await loadAccountFlows();
        const { user, code } = await flows.signInAccount(flows.deps, values.username, values.password, setStep);
        if (code) useRecoveryKit.getState().show(code, '/dashboard'); // an older account just got its keys: the kit first
        completeSignIn(user);
        toast({ title: 'Welcome back!', description: `Good to see you, ${user.firstName}.` });
        setTimeout(() => navigate(code ? RECOVERY_KIT_PATH : '/dashboard', { replace: true }), REDIRECT_AFTER_AUTH_MS);
      } catch (err) {
        setStep(null);
        toast({ title: 'Login failed', description: serverMessage(err, 'Invalid username or password.'), variant: 'destructive' });
      }
    },
    () => toast({ title: 'Missing information', description: 'Please enter both username and password.', variant: 'destructive' }),
  );

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
