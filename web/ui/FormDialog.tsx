/**
 * A dialog holding one form (add, edit, upload): title, optional description, the fields, and a
 * footer with Cancel and the submit button. Enter in a text field submits; Escape and Cancel close.
 * The submit button reads `pendingLabel` and is disabled while `pending`.
 *
 * @example
 * <FormDialog open={open} onOpenChange={setOpen} title="Add Trustee" submitLabel="Add Trustee"
 *   onSubmit={handleSubmit}>…fields…</FormDialog>
 */
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './Button';
import { Dialog, DialogClose } from './Dialog';

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

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel = 'Saving...',
  pending = false,
  onSubmit,
  children,
}: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
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
