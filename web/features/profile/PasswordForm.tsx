/**
 * Profile Settings → Security → password change (SPEC.md §5 "Password form"; beyond SPEC.md the
 * change is real, DESIGN.md §3): all three fields required, new and confirmation must match, the
 * new password follows the registration rule, then POST /api/auth/password. Needs a connection.
 */
import { type FormEvent, useState } from 'react';
import { passwordSchema } from '../../../shared/schema';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { useSession } from '../../app/session';
import { noteOthersShutOut } from '../keys';
import { changePassword } from './account-api';
import { errorDescription } from './error-description';
import { isNetworkError } from './network-error';
import { t as say, useT } from '../../i18n/i18n';
import { useProfileMessages } from './messages';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The toast of an account change tried offline (in the language shown). */
export const OFFLINE_ACCOUNT_TOAST = () =>
  ({ title: say('profile.toast.offlineTitle'), description: say('profile.toast.offlineDescription'), variant: 'destructive' }) as const;

export function PasswordForm() {
  useProfileMessages();
  const { t } = useT();
  const [form, setForm] = useState(EMPTY);
  const [newError, setNewError] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
      toast({ title: t('profile.toast.missingTitle'), description: t('profile.password.missing'), variant: 'destructive' });
      return;
    }
    if (form.newPassword !== form.confirmPassword) {
      toast({ title: t('profile.password.mismatchTitle'), description: t('profile.password.mismatchDescription'), variant: 'destructive' });
      return;
    }
    const rule = passwordSchema.safeParse(form.newPassword);
    setNewError(rule.success ? undefined : rule.error.issues[0]?.message);
    if (!rule.success) return;
    if (navigator.onLine === false) {
      toast(OFFLINE_ACCOUNT_TOAST());
      return;
    }
    setPending(true);
    try {
      await changePassword(form.currentPassword, form.newPassword);
      // The other devices are signed out: Settings' sharing timeline asks about shares they may still read (review F7).
      const account = useSession.getState().user?.id;
      if (account) noteOthersShutOut(account, 'signed-out');
      setForm(EMPTY);
      toast({ title: t('profile.password.updatedTitle'), description: t('profile.password.updatedDescription') });
    } catch (err) {
      if (isNetworkError(err)) toast(OFFLINE_ACCOUNT_TOAST());
      else toast({ title: t('profile.password.failed'), description: errorDescription(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('profile.password.title')}</CardTitle>
        <CardDescription>{t('profile.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('profile.password.title')}>
          <FormField label={t('profile.password.current')}>
            <Input type="password" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} />
          </FormField>
          <FormField label={t('profile.password.new')} hint={t('profile.password.newHint')} error={newError}>
            <Input type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />
          </FormField>
          <FormField label={t('profile.password.confirm')}>
            <Input type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={pending}>
              {pending ? t('profile.password.submitting') : t('profile.password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
