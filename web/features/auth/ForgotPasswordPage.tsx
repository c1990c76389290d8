/**
 * /forgot-password (SPEC.md §2: "screen not shown"; SECURITY.md "Password reset"): the person
 * types their e-mail address; the server answers the same for every address, and e-mails a
 * 30-minute, single-use link only to an account's confirmed address (accounts/password-reset-routes.ts).
 * So this page says the same thing whatever the address, and says where the link can come from,
 * and who to ask when none comes (the operator's SUPPORT_EMAIL, static-pages/service-info.ts).
 * In the person's language (namespace 'password-reset', issue 44); the form is a schema form
 * (web/forms/schema-form.ts), so what was typed into the prerendered English page before the
 * language's words arrived is carried into the new one (web/forms/typed-before-render.ts).
 */
import { useState } from 'react';
import { AppLink as Link } from '../../app/navigation';
import type { ForgotPasswordInput } from '../../../shared/schema/auth';
import { lazySchema, useSchemaForm } from '../../forms/schema-form';
import { fieldRuleText, useFieldRuleMessages } from '../../forms/field-rule-words';
import { useHydrated } from '../../app/hydrated';
import { apiFetch, serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { AuthCard, authLinkClasses } from './AuthCard';
import { useServiceInfo } from '../static-pages';
import { useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { usePasswordResetMessages } from './password-reset-messages';

/** The form's rule (shared/schema/auth.ts), loaded on first use. */
const rules = lazySchema<ForgotPasswordInput>(() => import('../../../shared/schema/auth').then((m) => m.forgotPasswordSchema));
const FIELDS = ['email'] as const;

export default function ForgotPasswordPage() {
  usePasswordResetMessages();
  useFieldRuleMessages(); // the rule's message under the field
  const { t } = useT();
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const service = useServiceInfo(sentTo !== null); // asked only when the page says who to ask
  const { register, handleSubmit, isSubmitting, errors } = useSchemaForm(rules, FIELDS);

  const onValid = handleSubmit(
    async (values) => {
      try {
        await apiFetch('/api/auth/forgot-password', { body: values });
        setSentTo(values.email);
      } catch (err) {
        toast({ title: t('forgot.failedTitle'), description: serverMessage(err), variant: 'destructive' });
      }
    },
    () => toast({ title: t('forgot.missingTitle'), description: t('forgot.missingDescription'), variant: 'destructive' }),
  );
  const supportEmail = service?.supportEmail ?? null;

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <Link to="/login" className={authLinkClasses}>
          {t('forgot.back')}
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="flex flex-col gap-3 text-slate-700">
          <p>
            <T id="forgot.sent" values={{ email: sentTo }} components={{ 0: <strong /> }} />
          </p>
          <p>{t('forgot.noEmail')}</p>
          <p>
            {supportEmail ? (
              <T id="forgot.writeTo" values={{ email: supportEmail }} components={{ 0: <a href={`mailto:${supportEmail}`} /> }} />
            ) : (
              t('forgot.askOperator')
            )}
          </p>
        </div>
      ) : (
        <form onSubmit={onValid} noValidate onFocus={rules.preload} className="flex flex-col gap-5">
          <FormField label={t('forgot.email')} error={fieldRuleText(errors.email)}>
            <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </FormField>
          <p className="text-sm text-slate-600">{t('forgot.keeps')}</p>
          <Button type="submit" size="lg" disabled={isSubmitting || !hydrated}>
            {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
