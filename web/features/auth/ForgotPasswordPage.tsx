/**
 * /forgot-password (SPEC.md §2: "screen not shown"; SECURITY.md "Password reset"): the person
 * types their e-mail address; the server answers the same for every address, and e-mails a
 * 30-minute, single-use link only to an account's confirmed address (accounts/password-reset-routes.ts).
 * So this page says the same thing whatever the address, and says where the link can come from,
 * and who to ask when none comes (the operator's SUPPORT_EMAIL, static-pages/service-info.ts).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink as Link } from '../../app/navigation';
import type { ForgotPasswordInput } from '../../../shared/schema/auth';
import { lazyZodResolver } from '../../forms/lazy-resolver';
import { useHydrated } from '../../app/hydrated';
import { apiFetch, serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { AuthCard, authLinkClasses } from './AuthCard';
import { useServiceInfo, WriteTo } from '../static-pages';

const resolver = lazyZodResolver<ForgotPasswordInput>(() => import('../../../shared/schema/auth').then((m) => m.forgotPasswordSchema));

export default function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const service = useServiceInfo(sentTo !== null); // asked only when the page says who to ask
  const {
    register,
    handleSubmit,
    formState: { isSubmitting, errors },
  } = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: '' } });

  const onValid = handleSubmit(
    async (values) => {
      try {
        await apiFetch('/api/auth/forgot-password', { body: values });
        setSentTo(values.email);
      } catch (err) {
        toast({ title: 'Could not send the link', description: serverMessage(err), variant: 'destructive' });
      }
    },
    () => toast({ title: 'Missing information', description: 'Please enter a valid e-mail address.', variant: 'destructive' }),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Type the e-mail address of your account. We will send a link to choose a new password."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="flex flex-col gap-3 text-slate-700">
          <p>
            If <strong>{sentTo}</strong> is the confirmed e-mail address of an Afterword account, a link to choose a new
            password is on its way. It works for 30 minutes and only once.
          </p>
          <p>No e-mail? Check your spam folder. The link only goes to an address you confirmed in Settings.</p>
          <p>
            If nothing comes, <WriteTo supportEmail={service?.supportEmail ?? null} />.
          </p>
        </div>
      ) : (
        <form onSubmit={onValid} noValidate onFocus={resolver.preload} className="flex flex-col gap-5">
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </FormField>
          <p className="text-sm text-slate-600">
            Resetting your password keeps what you wrote. If you made a recovery kit, your words open again with its
            code or on a device where you are still signed in; without either, you cannot open them again, and we cannot
            open them for you.
          </p>
          <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
