/**
 * A dialog holding one form (add, edit, upload): title, optional description, the fields, and a
 * footer with Cancel and the submit button. Enter in a text field submits; Escape, a click outside,
 * ✕ and Cancel close, but while the form holds unsaved typing they ask "Leave without saving?"
 * first (web/forms/unsaved-changes.tsx); a save closes through the caller, without asking.
 * The submit button reads `pendingLabel` (default 'Saving...', the shell catalog's dialog.saving) and is disabled while `pending`. A submit the form
 * refuses moves keyboard focus to the first field it marked invalid (WCAG 3.3.1), so the person
 * (and a screen reader) lands on what is missing rather than staying on the button.
 *
 * @example
 * <FormDialog open={open} onOpenChange={setOpen} title="Add Trustee" submitLabel="Add Trustee"
 *   onSubmit={handleSubmit}>…fields…</FormDialog>
 */
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './Button';
import { Dialog, DialogClose } from './Dialog';
import { askToDiscardTyping } from '../forms/unsaved-changes';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from './signed-in-messages';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * After a submit (once React has rendered its errors), focuses the first `[aria-invalid="true"]`
 * field of the form with id `formId` that can take focus, when focus is still on the submit
 * button or nowhere: a form that saved and closed, or focus the person moved, is left alone.
 */
function focusFirstInvalid(formId: string, submitter: Element | null): void {
  setTimeout(() => {
    const form = document.getElementById(formId);
    const active = document.activeElement;
    if (!form || (active !== submitter && active !== document.body)) return;
    for (const el of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
      el.focus();
      if (document.activeElement === el) return;
    }
  }, 0);
}

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  pending = false,
  onSubmit,
  children,
}: FormDialogProps) {
  useSignedInMessages();
  const { t } = useT();
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    onSubmit();
    focusFirstInvalid(formId, (e.nativeEvent as SubmitEvent).submitter ?? document.activeElement);
  };
  const openChange = async (next: boolean) => {
    if (next || (await askToDiscardTyping())) onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => void openChange(next)}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('dialog.cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? (pendingLabel ?? t('dialog.saving')) : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {children}
      </form>
    </Dialog>
  );
}
