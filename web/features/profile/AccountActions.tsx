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

export function AccountActions({ userId }: { userId: string }) {
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
      toast({ title: 'Missing information', description: 'Please enter your password to confirm.', variant: 'destructive' });
      return;
    }
    if (navigator.onLine === false) {
      toast(OFFLINE_ACCOUNT_TOAST);
      return;
    }
    setPending(true);
    try {
      await deleteAccount(userId, password, () => navigate('/', { replace: true }));
      toast({ title: 'Account deleted', description: 'Your account and everything in it have been deleted.' });
    } catch (err) {
      setPending(false);
      if (isNetworkError(err)) toast(OFFLINE_ACCOUNT_TOAST);
      else toast({ title: 'Failed to delete account', description: errorDescription(err), variant: 'destructive' });
    }
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle as="h2">Account Actions</CardTitle>
        <CardDescription>Permanently delete your account and everything you have stored in Afterword.</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={onOpenChange}
          title="Delete your account?"
          description="This cannot be undone."
          trigger={<Button variant="destructive">Delete Account</Button>}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" form="delete-account-form" variant="destructive" disabled={pending}>
                {pending ? 'Deleting...' : 'Delete Account'}
              </Button>
            </>
          }
        >
          <form id="delete-account-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900" role="note">
              <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
              <p>
                Your plan, messages, documents, trustees, survivor tasks and profile will be deleted from our server and from
                this device. Messages will never be delivered. This cannot be undone.
              </p>
            </div>
            <FormField label="Your Password">
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
          </form>
        </Dialog>
      </CardContent>
    </Card>
  );
}
