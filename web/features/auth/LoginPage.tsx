/**
 * /login (SPEC.md §2 "Login", §5 "Login", §8 "Login"): username and password, both required
 * (else the toast 'Missing information'); on success the session starts, 'Welcome back!' greets
 * the person by first name, and the app goes to /dashboard. The form never sends the password
 * (web/features/keys/sign-in.ts): a server answer it refuses is shown in the refusal's words, and
 * an account made before keys is sent to the deliberate /upgrade-account page.
 */
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { loadAccountFlows } from './account-deps';
import { enterApp, useCredentialsForm } from './credentials-form';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { AuthCard, authLinkClasses } from './AuthCard';

export default function LoginPage() {
  const navigate = useAppNavigate();
  const { register, isSubmitting, hydrated, onValid, preload } = useCredentialsForm(async (values) => {
    // The password is stretched on this device (a Worker) and only the login secret is sent.
    const flows = await loadAccountFlows();
    const signed = await flows.signInAccount(flows.deps, values.username, values.password);
    const greeting = { title: 'Welcome back!', description: `Good to see you, ${signed.user.firstName}.` };
    enterApp(navigate, signed, signed.kdfNote ? [greeting, { title: 'About your password', description: signed.kdfNote }] : [greeting]);
  }, 'Login failed');

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
      <form onSubmit={onValid} noValidate onFocus={preload} className="flex flex-col gap-5">
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
      </form>
    </AuthCard>
  );
}
