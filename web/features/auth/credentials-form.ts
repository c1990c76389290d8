/**
 * The username-and-password form of the sign-in page and of "Upgrade an older account" (SPEC.md
 * §5 "Login": both fields required, else the toast 'Missing information'), and what both do once
 * the key flows answer: the recovery kit first when keys were just made (SECURITY.md "Recovery"),
 * the session started, the page's toasts, then the next page after REDIRECT_AFTER_AUTH_MS; or, on
 * failure, the page's failure toast in the refusal's words (web/features/keys/refusal.ts) or the server's.
 */
import type { LoginInput } from '../../../shared/schema/auth';
import { useHydrated } from '../../app/hydrated';
import { lazySchema, useSchemaForm } from '../../forms/schema-form';
import type { User } from '../../../shared/schema';
import { REDIRECT_AFTER_AUTH_MS } from '../../../shared/product';
import { serverMessage } from '../../api/client';
import { completeSignIn } from '../../app/auth-actions';
import type { AppNavigate } from '../../app/navigation';
import { toast } from '../../ui/toast-store';
import { RECOVERY_KIT_PATH, refusalWords, useRecoveryKit } from '../keys';
import { takeAfterSignIn } from '../emergency';
import { t } from '../../i18n/i18n';
import './messages'; // the 'auth' words these toasts say
import { takeSharedLink } from '../sharing';

type Toast = Parameters<typeof toast>[0];

/** Starts `user`'s session and goes on (to the kit when `code` is set), showing `toasts`. */
export function enterApp(navigate: AppNavigate, { user, code }: { user: User; code: string | null }, toasts: Toast[]): void {
  if (code) useRecoveryKit.getState().show(code, '/dashboard'); // keys were just made: the kit first
  completeSignIn(user);
  for (const t of toasts) toast(t);
  // The emergency e-mail's link, or a shared page whose "Sign in" brought them here (to keep its link), each taken once.
  const next = takeAfterSignIn() ?? takeSharedLink() ?? '/dashboard';
  setTimeout(() => navigate(code ? RECOVERY_KIT_PATH : next, { replace: true }), REDIRECT_AFTER_AUTH_MS);
}

/** The failure toast `title` with the words of `err`: a device refusal's own, else the server's message, else a wrong name or password. */
export function signInFailed(title: string, err: unknown): void {
  toast({ title, description: refusalWords(err) ?? serverMessage(err, t('login.failedDescription')), variant: 'destructive' });
}

/** The form's rules (shared/schema/auth.ts), loaded on first use (web/forms/schema-form.ts). */
const rules = lazySchema<LoginInput>(() => import('../../../shared/schema/auth').then((m) => m.loginSchema));
const FIELDS = ['username', 'password'] as const;

/**
 * The form's state: `onValid` runs `submit` with both fields filled (its throw shown as
 * signInFailed(`failTitle`)), else says what is missing; `hydrated` is false until the page is
 * live (no native submit with the password in the URL); `preload` loads the rules on focus.
 * Without react-hook-form (web/forms/schema-form.ts; issue 41: the sign-in page's first scripts).
 */
export function useCredentialsForm(submit: (values: LoginInput) => Promise<void>, failTitle: string) {
  const hydrated = useHydrated();
  const { register, handleSubmit, isSubmitting } = useSchemaForm(rules, FIELDS);
  const onValid = handleSubmit(
    async (values) => {
      try {
        await submit(values);
      } catch (err) {
        signInFailed(failTitle, err);
      }
    },
    () => toast({ title: t('login.missingTitle'), description: t('login.missingDescription'), variant: 'destructive' }),
  );
  return { register, isSubmitting, hydrated, onValid, preload: rules.preload };
}
