/**
 * /upgrade-account, "Upgrade an older account" (issue 39 "No back door"; SECURITY.md "What this
 * device pins"): the one page that sends a password, once, for an account made before Afterword
 * sealed what people write. The person opens it on purpose (from the sign-in page's link); it
 * says what is sent and why, then signs in with the password, sets up the account's keys
 * (web/features/keys/sign-in.ts upgradeOlderAccount), shows the recovery kit, and the device seals
 * the words (web/sync/lifecycle.ts). The normal sign-in form never falls back to this.
 */
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { loadAccountFlows } from './account-deps';
import { enterApp, useCredentialsForm } from './credentials-form';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { AuthCard, authLinkClasses } from './AuthCard';

export default function UpgradeAccountPage() {
  const navigate = useAppNavigate();
  const { register, isSubmitting, hydrated, onValid, preload } = useCredentialsForm(async (values) => {
    const flows = await loadAccountFlows();
    const signed = await flows.upgradeAccount(flows.deps, values.username, values.password);
    enterApp(navigate, signed, [{ title: 'Your account is upgraded', description: 'From now on your password stays on your devices.' }]);
  }, 'The upgrade did not happen');

  return (
    <AuthCard
      title="Upgrade an older account"
      intro="For an account made before Afterword sealed what you write."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onValid} noValidate onFocus={preload} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2 text-slate-700">
          <p>
            Your account was made before your words were sealed, so your server still checks your password itself. This
            page sends your password to your server <strong>once</strong>, to prove it is you. This device then makes your
            account&apos;s keys, gives you a recovery kit, and seals what you wrote.
          </p>
          <p>After this, your password never leaves your devices again, and the usual sign-in page is all you need.</p>
          <p>If your account already has keys, do not use this page: the usual sign-in page keeps your password on this device.</p>
        </div>
        <FormField label="Username">
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
        </FormField>
        <FormField label="Password">
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? 'Upgrading...' : 'Upgrade my account'}
        </Button>
      </form>
    </AuthCard>
  );
}
