/**
 * /reset-password#<token> (SECURITY.md "Password reset"): the link of the reset e-mail. The token
 * is read from the fragment (never sent in a request line, so no log or Referer sees it) and the
 * fragment is removed from the address bar at once. New password and its confirmation; on success
 * every other device is signed out and this browser is signed in (accounts/password-reset-routes.ts).
 * After the reset of an account with keys the page goes on to open the words again
 * (web/features/keys/ReopenWords.tsx): with this browser's AK when it still holds it, or the
 * recovery code; without either it says plainly what is lost and what still works. It says so
 * before the person needs it. What is sent is judged on this device against its own pin for the
 * account (reset-credential.ts): a server that answers "no keys" or a weaker KDF gets nothing, and
 * an account made before keys sends its new password only when the person ticks OLDER_ACCOUNT_CHOICE.
 * In the person's language (namespace 'password-reset', issue 44), except the older account's
 * choice, which the keys' refusal words (still English) quote word for word.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink as Link, useAppNavigate } from '../../app/navigation';
import { REDIRECT_AFTER_AUTH_MS } from '../../../shared/product';
import type { User } from '../../../shared/schema';
import type { ResetPasswordForm } from '../../../shared/schema/auth';
import { lazyZodResolver } from '../../forms/lazy-resolver';
import { useHydrated } from '../../app/hydrated';
import { apiFetch, serverMessage } from '../../api/client';
import { completeSignIn } from '../../app/auth-actions';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { AuthCard, authLinkClasses } from './AuthCard';
import { checkResetLink, type ResetLink } from './reset-link';
import { importReopenWords, importResetKeys, OLDER_ACCOUNT_CHOICE, refusalWords, type NewPasswordKeys } from '../keys';
import { t as say, useT } from '../../i18n/i18n';
import { usePasswordResetMessages } from './password-reset-messages';
import { fieldRuleText, useFieldRuleMessages } from '../../forms/field-rule-words';

// Loaded only once a password with keys was reset: the page itself stays light (it is public).
const ReopenWords = lazy(() => importReopenWords().then((m) => ({ default: m.ReopenWords })));

const resolver = lazyZodResolver<ResetPasswordForm>(() => import('../../../shared/schema/auth').then((m) => m.resetPasswordFormSchema));

/**
 * The token of the link, read from the fragment, which is then removed from the address bar
 * (also when the link is pasted into this open page: a change of fragment only).
 */
function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => {
      const raw = location.hash.slice(1);
      if (raw) history.replaceState(history.state, '', location.pathname + location.search);
      setToken((kept) => (raw ? raw : (kept ?? null)));
    };
    read();
    addEventListener('hashchange', read);
    return () => removeEventListener('hashchange', read);
  }, []);
  return token;
}

type LinkState = ResetLink | 'invalid' | undefined;

/**
 * What the reset does to the person's words, as it really is for this account: an account with
 * keys opens again only with its recovery code or a device still signed in; one without keys
 * (every account the app has made so far) keeps everything readable as before.
 */
function afterResetWords(link: LinkState): 'reset.wordsWithKeys' | 'reset.wordsKept' {
  return link && link !== 'invalid' && link.kdf ? 'reset.wordsWithKeys' : 'reset.wordsKept';
}

/** Whether `token`'s link is live and which credential its account takes (POST /api/auth/reset-password/check; not used up). */
function useLinkState(token: string | null | undefined): LinkState {
  const [state, setState] = useState<LinkState>(undefined);
  useEffect(() => {
    if (!token) return;
    let live = true;
    setState(undefined);
    checkResetLink(apiFetch, token).then(
      (r) => live && setState(r),
      () => live && setState('invalid'),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}

export default function ResetPasswordPage() {
  usePasswordResetMessages();
  useFieldRuleMessages(); // the rules' messages under the fields
  const { t } = useT();
  const navigate = useAppNavigate();
  const hydrated = useHydrated();
  const token = useFragmentToken();
  const link = useLinkState(token);
  const [reopen, setReopen] = useState<{ user: User; unlock: NewPasswordKeys } | null>(null);
  const [olderAccount, setOlderAccount] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting, errors },
  } = useForm<ResetPasswordForm>({ resolver, defaultValues: { password: '', confirmPassword: '' } });

  const onValid = handleSubmit(
    async (values) => {
      try {
        if (!link || link === 'invalid') return;
        const [{ resetPassword }, [{ createDeviceKeyStore }, { deriveInWorker }]] = await Promise.all([import('./reset-credential'), importResetKeys()]);
        const device = createDeviceKeyStore();
        const { user, unlock, note } = await resetPassword<User>({ api: apiFetch, derive: deriveInWorker, device }, token!, link, values.password, { olderAccount }).finally(() => device.close());
        // One toast: a second would replace this one at once (one toast at a time, SPEC.md §9).
        const signedOut = say('reset.changedDescription');
        toast({ title: say('reset.changedTitle'), description: note ? `${signedOut} ${note}` : signedOut });
        // With keys the words open again first (ReopenWords); the app is entered after that, since
        // signing in switches the layout around this page and would lose this step.
        if (unlock) return setReopen({ user, unlock });
        completeSignIn(user);
        setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_AFTER_AUTH_MS);
      } catch (err) {
        const refused = refusalWords(err);
        // A refusal asks the person to act (tick the box, use another device): it stays until dismissed.
        toast({ title: say('reset.failedTitle'), description: refused ?? serverMessage(err), variant: 'destructive', persistent: refused !== null });
      }
    },
    (errs) =>
      toast({
        title: say('reset.missingTitle'),
        description: errs.confirmPassword?.message ?? errs.password?.message ?? say('reset.missingDescription'),
        variant: 'destructive',
      }),
  );

  const footer = (
    <Link to="/forgot-password" className={authLinkClasses}>
      {t('reset.askNew')}
    </Link>
  );
  if (reopen) {
    return (
      <AuthCard title={t('reset.reopenTitle')} intro={t('reset.reopenIntro')}>
        <Suspense fallback={<p className="text-slate-700">{t('reset.loading')}</p>}>
          <ReopenWords
            user={reopen.user}
            unlock={reopen.unlock}
            onDone={() => {
              completeSignIn(reopen.user);
              navigate('/dashboard', { replace: true });
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }
  if (link === 'invalid') {
    return (
      <AuthCard title={t('reset.title')} intro={t('reset.invalid')} footer={footer}>
        <p className="text-slate-700">{t('reset.invalidHint')}</p>
      </AuthCard>
    );
  }
  if (token === null) {
    return (
      <AuthCard title={t('reset.title')} intro={t('reset.needsLink')} footer={footer}>
        <p className="text-slate-700">{t('reset.openAgain')}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')} footer={footer}>
      <form onSubmit={onValid} noValidate onFocus={resolver.preload} className="flex flex-col gap-5">
        <FormField label={t('reset.newPassword')} error={fieldRuleText(errors.password?.message)}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label={t('reset.confirmPassword')} error={fieldRuleText(errors.confirmPassword?.message)}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <p className="text-sm text-slate-600">{t(afterResetWords(link))}</p>
        {link && link.kdf == null && (
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" className="mt-1 size-5 shrink-0 accent-slate-800" checked={olderAccount} onChange={(e) => setOlderAccount(e.target.checked)} />
            <span>
              {OLDER_ACCOUNT_CHOICE}. Your new password is then sent to your server once, because such an account is still checked there.
            </span>
          </label>
        )}
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated || !link}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
