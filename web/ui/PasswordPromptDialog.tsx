/**
 * A small dialog that asks for the account's password once and hands it to `onPassword` (the
 * Unlock, "Confirm your password" and "Please sign in again" dialogs). An empty field is refused
 * with "Please enter your password." (or the caller's `emptyText`); while `onPassword` runs the submit button shows `busyLabel`,
 * and once it has run 400 ms, `progress` (the words of what it is doing: the password is stretched
 * on this device, about a second, longer on a phone; issue 41) in a polite live region;
 * when it throws, `errorText(err)` is shown under the field and the typed password stays. Closing
 * (Escape, a click outside, ✕ or the dismiss button) calls `onDismiss`.
 */
import { useState, type FormEvent } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormField } from './FormField';
import { Input } from './Input';
import { useShownAfter } from './use-shown-after';

export interface PasswordPromptProps {
  title: string;
  description: string;
  /** The buttons: dismiss (e.g. "Not now"), submit (e.g. "Unlock") and submit while busy ("Unlocking..."). */
  dismissLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** Runs with the typed password; resolves when it was accepted (the caller closes the dialog), throws otherwise. */
  onPassword: (password: string) => Promise<void>;
  /** The message shown for an error `onPassword` threw. */
  errorText: (err: unknown) => string;
  onDismiss: () => void;
  autoFocus?: boolean;
  /** What `onPassword` is doing, shown once it has run 400 ms (web/ui/use-shown-after.ts); none when absent. */
  progress?: string;
  /** The field's label and the refusal of an empty field, in the caller's language (English, "Password" and "Please enter your password.", when absent). */
  passwordLabel?: string;
  emptyText?: string;
}

/** The dialog; render it only while it should be open. */
export function PasswordPromptDialog(props: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const waited = useShownAfter(busy);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(props.emptyText ?? 'Please enter your password.');
    setBusy(true);
    setError(undefined);
    try {
      await props.onPassword(password);
      setPassword('');
    } catch (err) {
      setError(props.errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && props.onDismiss()} size="sm" title={props.title} description={props.description}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormField label={props.passwordLabel ?? 'Password'} error={error} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus={props.autoFocus} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={props.onDismiss}>
            {props.dismissLabel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? props.busyLabel : props.submitLabel}
          </Button>
        </div>
        {props.progress !== undefined ? (
          <p role="status" aria-live="polite" data-testid="password-progress" className="min-h-5 text-center text-sm text-slate-600">
            {waited ? props.progress : ''}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
