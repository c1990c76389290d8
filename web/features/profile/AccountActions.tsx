/**
 * Profile Settings → Security → 'Account Actions' (SPEC.md §2; beyond SPEC.md deletion is real,
 * DESIGN.md §3): 'Delete Account' opens a dialog that warns what is lost and asks for the
 * password; on success the account is gone on the server and on this device, and the person
 * lands on the landing page.
 */
import { type FormEvent, useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Dialog, DialogClose } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { deleteAccount } from './account-api';
import { errorDescription } from './error-description';
import { isNetworkError } from './network-error';
import { OFFLINE_ACCOUNT_TOAST } from './PasswordForm';
import { useT } from '../../i18n/i18n';
import { useSignedInMessages } from '../../ui/signed-in-messages';
import { useProfileMessages } from './messages';

export function AccountActions({ userId }: { userId: string }) {
  useProfileMessages();
  useSignedInMessages();
  const { t } = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) setPassword('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!password) {
      toast({ title: t('profile.toast.missingTitle'), description: t('profile.account.missing'), variant: 'destructive' });
      return;
    }
    if (navigator.onLine === false) {
      toast(OFFLINE_ACCOUNT_TOAST());
      return;
    }
    setPending(true);
    try {
      await deleteAccount(userId, password, () => navigate('/', { replace: true }));
      toast({ title: t('profile.account.deletedTitle'), description: t('profile.account.deletedDescription') });
    } catch (err) {
      setPending(false);
      if (isNetworkError(err)) toast(OFFLINE_ACCOUNT_TOAST());
      else toast({ title: t('profile.account.failed'), description: errorDescription(err), variant: 'destructive' });
    }
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle as="h2">{t('profile.account.title')}</CardTitle>
        <CardDescription>{t('profile.account.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={onOpenChange}
          title={t('profile.account.dialogTitle')}
          description={t('profile.account.dialogDescription')}
          trigger={<Button variant="destructive">{t('profile.account.delete')}</Button>}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={pending}>
                  {t('dialog.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" form="delete-account-form" variant="destructive" disabled={pending}>
                {pending ? t('profile.account.deleting') : t('profile.account.delete')}
              </Button>
            </>
          }
        >
          <form id="delete-account-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900" role="note">
              <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
              <p>{t('profile.account.warning')}</p>
            </div>
            <FormField label={t('profile.account.password')}>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
          </form>
        </Dialog>
      </CardContent>
    </Card>
  );
}
